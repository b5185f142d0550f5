// Sessions and their refresh tokens, rotated as GoTrue rotates them. Only hashes are stored; a rotated token's
// successor is derived from it (HMAC with a stored salt), so it can be handed again to whoever shows the parent.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../context.ts';
import { USER_COLUMNS, type UserRow } from './users.ts';

export interface SessionStart {
  sessionId: string;
  refreshToken: string;
  signedInAt: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A rotated token's successor: recomputable by whoever holds the parent, not from the database alone. */
const deriveChild = (parent: string, salt: string) => createHmac('sha256', parent).update(salt).digest('base64url').slice(0, 32);

/** Stores a fresh refresh token for the session (the child of `parent` when rotating) and returns it; only its hash is kept. */
async function newRefreshToken(q: Queryable, sessionId: string, parent?: string): Promise<string> {
  if (parent === undefined) {
    const token = randomBytes(24).toString('base64url');
    await q.query('insert into planner_auth.refresh_tokens (token_hash, session_id) values ($1, $2)', [hashToken(token), sessionId]);
    return token;
  }
  const salt = randomBytes(16).toString('base64url');
  const token = deriveChild(parent, salt);
  await q.query('insert into planner_auth.refresh_tokens (token_hash, session_id, parent, salt) values ($1, $2, $3, $4)', [
    hashToken(token),
    sessionId,
    hashToken(parent),
    salt,
  ]);
  return token;
}

interface TokenRow {
  token_hash: string;
  parent: string | null;
  salt: string | null;
  revoked: boolean;
}

/** Recomputes the tokens of a rotation chain (parent first) from the token before it; the last one, if it adds up. */
function activeDescendant(presented: string, chain: TokenRow[]): string | null {
  let plain = presented;
  for (const child of chain) {
    if (!child.salt || child.parent !== hashToken(plain)) return null;
    plain = deriveChild(plain, child.salt);
    if (hashToken(plain) !== child.token_hash) return null;
  }
  return plain;
}

export async function startSession(q: Queryable, userId: string): Promise<SessionStart> {
  const { rows } = await q.query<{ id: string; created_at: Date }>(
    'insert into planner_auth.sessions (user_id) values ($1) returning id, created_at',
    [userId],
  );
  const session = rows[0]!;
  return { sessionId: session.id, refreshToken: await newRefreshToken(q, session.id), signedInAt: epoch(session.created_at) };
}

export const epoch = (d: Date) => Math.floor(new Date(d).getTime() / 1000);

export type Rotation<T> = { body: T } | { error: 'not_found' | 'already_used' };

/** The refresh-token grant: the session's next token (answered through `answer`), or why there is none. */
export function rotateRefreshToken<T>(db: Db, refreshToken: string, reuseInterval: number, answer: (user: UserRow, s: SessionStart) => Promise<T>): Promise<Rotation<T>> {
  const tokenHash = hashToken(refreshToken);
  // GoTrue's rules. An active token rotates. A rotated one answers with the session's active token when it
  // is the active token's parent (the client lost the response that carried it) or was rotated less than
  // the reuse interval ago (two tabs refreshing at once); otherwise it leaked, and the whole session goes.
  return db.transaction(async (q): Promise<Rotation<T>> => {
    const resume = async (sessionId: string, next: string) => {
      const { rows } = await q.query<UserRow & { session_created_at: Date }>(
        `update planner_auth.sessions s set refreshed_at = now() from auth.users u
         where s.id = $1 and u.id = s.user_id returning ${USER_COLUMNS}, s.created_at as session_created_at`,
        [sessionId],
      );
      const user = rows[0];
      return user ? { body: await answer(user, { sessionId, refreshToken: next, signedInAt: epoch(user.session_created_at) }) } : null;
    };
    const used = await q.query<{ session_id: string }>(
      'update planner_auth.refresh_tokens set revoked = true, revoked_at = now() where token_hash = $1 and not revoked returning session_id',
      [tokenHash],
    );
    const rotated = used.rows[0]?.session_id;
    if (rotated) return (await resume(rotated, await newRefreshToken(q, rotated, refreshToken))) ?? { error: 'not_found' as const };

    const found = await q.query<{ session_id: string; recent: boolean }>(
      `select session_id, coalesce(revoked_at > now() - make_interval(secs => $2::double precision), false) as recent
       from planner_auth.refresh_tokens where token_hash = $1`,
      [tokenHash, reuseInterval],
    );
    const presented = found.rows[0];
    if (!presented) return { error: 'not_found' as const };
    // Its descendants, down to the first one still active.
    const chain = await q.query<TokenRow>(
      `with recursive chain as (
         select token_hash, parent, salt, revoked, 1 as depth from planner_auth.refresh_tokens where parent = $1
         union all
         select t.token_hash, t.parent, t.salt, t.revoked, c.depth + 1
         from planner_auth.refresh_tokens t join chain c on t.parent = c.token_hash where c.revoked and c.depth < 10000
       ) select token_hash, parent, salt, revoked from chain order by depth`,
      [tokenHash],
    );
    const active = chain.rows.at(-1);
    const parentOfActive = chain.rows.length === 1 && active?.revoked === false;
    if (active?.revoked === false && (parentOfActive || presented.recent)) {
      const current = activeDescendant(refreshToken, chain.rows);
      if (current) return (await resume(presented.session_id, current)) ?? { error: 'not_found' as const };
    }
    await q.query('delete from planner_auth.sessions where id = $1', [presented.session_id]);
    return { error: 'already_used' as const };
  });
}
