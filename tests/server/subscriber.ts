import type { TestServer } from './harness.ts';

/** Makes a user a Premium subscriber (or not) the way the subscription functions record it. */
export async function makeSubscriber(srv: TestServer, userId: string, active = true) {
  await srv.sql(
    `insert into public.subscribers (user_id, email, subscribed, subscription_tier, subscription_end)
     values ($1, $2, $3, 'Premium', now() + interval '30 days')
     on conflict (user_id) do update set subscribed = excluded.subscribed`,
    [userId, `${userId}@example.com`, active],
  );
}
