// Users as auth.users stores them, and as GoTrue's answers and the access token show them.
import type { UserForToken } from '../jwt.ts';

export interface UserRow {
  id: string;
  email: string;
  encrypted_password: string;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
}

export const USER_COLUMNS = `u.id, u.email, u.encrypted_password, u.email_confirmed_at, u.last_sign_in_at,
  u.raw_app_meta_data, u.raw_user_meta_data, u.is_anonymous, u.created_at, u.updated_at`;

/** The user object of GoTrue's responses. */
export function userJson(u: UserRow) {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: '',
    confirmed_at: iso(u.email_confirmed_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data,
    user_metadata: u.raw_user_meta_data,
    identities: [],
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous,
  };
}

export function forToken(u: UserRow): UserForToken {
  return { id: u.id, email: u.email, app_metadata: u.raw_app_meta_data, user_metadata: u.raw_user_meta_data, is_anonymous: u.is_anonymous };
}
