// Whether a session is stored, without loading the Supabase client (src/lib/supabase.ts) to ask:
// the answer decides whether the client is worth loading at start.

// supabase-js keeps the session under `sb-<project ref or host>-auth-token`.
const SESSION_KEY = /^sb-.+-auth-token$/;

export function isSessionKey(key: string | null): boolean {
  return key !== null && SESSION_KEY.test(key);
}

/** True when supabase-js has a session stored, i.e. the client is worth loading at start. */
export function hasStoredSession(storage: Storage | undefined): boolean {
  if (!storage) return false;
  try {
    for (let i = 0; i < storage.length; i++) if (isSessionKey(storage.key(i))) return true;
  } catch {
    // Storage unavailable (privacy mode): no stored session.
  }
  return false;
}
