// Accounts for the sync bench (bench/sync.ts, bench/syncLive.ts): subscribers made over the real HTTP API, and
// log appends from a device that is not a browser.
import type { RunningServer } from '../server/app.ts';

export const PASSWORD = 'bench-password-1';

export interface Session {
  id: string;
  token: string;
}

export async function signUp(server: RunningServer, email: string): Promise<Session> {
  const res = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: server.ctx.config.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  if (!res.ok) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
  return { id: body.user.id, token: body.access_token };
}

/** Bench set-up only: a year of Premium written as the billing webhook would (the append path itself is measured as is). */
export async function makeSubscriber(server: RunningServer, user: Session, email: string) {
  await server.ctx.db.query(
    `insert into public.subscribers (user_id, email, subscribed, subscription_tier, subscription_end)
     values ($1, $2, true, 'monthly', now() + interval '1 year')
     on conflict (user_id) do update set subscribed = true, subscription_end = excluded.subscription_end`,
    [user.id, email],
  );
}

export async function append(server: RunningServer, user: Session, clientId: string, events: Array<{ client_seq: number; event: unknown }>) {
  const res = await fetch(`${server.url}/rest/v1/rpc/append_task_events`, {
    method: 'POST',
    headers: { apikey: server.ctx.config.anonKey, authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_client_id: clientId, p_events: events }),
  });
  if (!res.ok) throw new Error(`append failed: ${res.status} ${await res.text()}`);
}
