// Billing without Stripe: checkout and portal "sessions" are rows in planner_billing.test_sessions
// (shared by every server process on the database), paid or cancelled on pages this server serves.
// The random session id in the URL is the capability; only its hash is stored.
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../context.ts';
import type { BillingProvider, BillingUser } from '../../supabase/functions/_shared/billing.ts';
import { HttpError } from '../../supabase/functions/_shared/http.ts';
import { PLANS, TIER, type PriceType } from '../../supabase/functions/_shared/prices.ts';
import { NOT_SUBSCRIBED, type SubscriptionState } from '../../supabase/functions/_shared/subscribers.ts';

export const NO_SUBSCRIPTION = 'No subscription found for this account';
const SESSION_LIFETIME = '1 hour';

export type SessionKind = 'checkout' | 'portal';
const ID_PREFIX: Record<SessionKind, string> = { checkout: 'cs_test_', portal: 'bps_test_' };
const ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export interface TestSession {
  kind: SessionKind;
  email: string;
  priceType: PriceType | null;
  appOrigin: string;
  state: 'open' | 'used' | 'expired';
  /** The account's subscription as it stands now. */
  subscription: SubscriptionState;
}

/** What happened to a pay or cancel request. */
export type Outcome = 'done' | 'used' | 'expired' | 'missing';

const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

/** The id's hash, or null when the id cannot be one of ours for this kind of session. */
function sessionKey(kind: SessionKind, id: string): string | null {
  const prefix = ID_PREFIX[kind];
  return id.startsWith(prefix) && ID_PATTERN.test(id.slice(prefix.length)) ? hashId(id) : null;
}

interface SubscriptionRow {
  subscribed: boolean | null;
  subscription_tier: string | null;
  subscription_end: Date | string | null;
}

/** Subscribed only while the flag is set and the end date is still ahead. */
function currentState(row: SubscriptionRow | undefined, now = Date.now()): SubscriptionState {
  const end = row?.subscription_end == null ? null : new Date(row.subscription_end);
  if (!row?.subscribed || !end || end.getTime() <= now) return NOT_SUBSCRIBED;
  return { subscribed: true, subscription_tier: row.subscription_tier ?? TIER, subscription_end: end.toISOString() };
}

export function createTestModeProvider(db: Db): BillingProvider {
  async function startSession(kind: SessionKind, user: BillingUser, origin: string, priceType: PriceType | null) {
    const id = ID_PREFIX[kind] + randomBytes(24).toString('base64url');
    await db.transaction(async (q) => {
      await q.query(`delete from planner_billing.test_sessions where expires_at < now() - interval '1 day'`);
      await q.query(
        `insert into planner_billing.test_sessions (id_hash, kind, user_id, price_type, app_origin, expires_at)
         values ($1, $2, $3, $4, $5, now() + interval '${SESSION_LIFETIME}')`,
        [hashId(id), kind, user.id, priceType, origin],
      );
    });
    return `${origin}/billing/${kind}/${id}`;
  }

  return {
    async checkSubscription(user) {
      // One statement, so a concurrent payment is never overwritten by a stale read.
      const { rows } = await db.query<SubscriptionRow>(
        `insert into public.subscribers (user_id, email, subscribed, updated_at) values ($1, $2, false, now())
         on conflict (user_id) do update set email = excluded.email, updated_at = now(),
           subscribed = public.subscribers.subscribed and coalesce(public.subscribers.subscription_end > now(), false)
         returning subscribed, subscription_tier, subscription_end`,
        [user.id, user.email],
      );
      return currentState(rows[0]);
    },

    createCheckout: (user, priceType, origin) => startSession('checkout', user, origin, priceType),

    async createPortal(user, origin) {
      const { rows } = await db.query<{ stripe_customer_id: string | null }>(
        'select stripe_customer_id from public.subscribers where user_id = $1',
        [user.id],
      );
      if (!rows[0]?.stripe_customer_id) throw new HttpError(404, NO_SUBSCRIPTION);
      return startSession('portal', user, origin, null);
    },
  };
}

export function createTestSessions(db: Db) {
  async function find(q: Queryable, kind: SessionKind, key: string): Promise<TestSession | null> {
    const { rows } = await q.query<
      SubscriptionRow & { email: string; price_type: PriceType | null; app_origin: string; used: boolean; expired: boolean }
    >(
      `select u.email, s.price_type, s.app_origin, s.used_at is not null as used, s.expires_at <= now() as expired,
              sub.subscribed, sub.subscription_tier, sub.subscription_end
         from planner_billing.test_sessions s
         join auth.users u on u.id = s.user_id
         left join public.subscribers sub on sub.user_id = s.user_id
        where s.id_hash = $1 and s.kind = $2`,
      [key, kind],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      kind,
      email: row.email,
      priceType: row.price_type,
      appOrigin: row.app_origin,
      state: row.used ? 'used' : row.expired ? 'expired' : 'open',
      subscription: currentState(row),
    };
  }

  /** Marks an open session used and runs `effect` for its user, all in one transaction; a session works once. */
  function consume(kind: SessionKind, id: string, effect: (q: Queryable, userId: string, priceType: PriceType | null) => Promise<void>) {
    const key = sessionKey(kind, id);
    if (!key) return Promise.resolve<Outcome>('missing');
    return db.transaction(async (q): Promise<Outcome> => {
      const { rows } = await q.query<{ user_id: string; price_type: PriceType | null }>(
        `update planner_billing.test_sessions set used_at = now()
          where id_hash = $1 and kind = $2 and used_at is null and expires_at > now()
          returning user_id, price_type`,
        [key, kind],
      );
      const claimed = rows[0];
      if (claimed) {
        await effect(q, claimed.user_id, claimed.price_type);
        return 'done';
      }
      const session = await find(q, kind, key);
      return session ? (session.state === 'used' ? 'used' : 'expired') : 'missing';
    });
  }

  return {
    load(kind: SessionKind, id: string): Promise<TestSession | null> {
      const key = sessionKey(kind, id);
      return key ? find(db, kind, key) : Promise.resolve(null);
    },

    /** Activates Premium for the session's owner: one month or one year from now. */
    pay: (id: string) =>
      consume('checkout', id, async (q, userId, priceType) => {
        const interval = `1 ${PLANS[priceType ?? 'monthly'].interval}`;
        await q.query(
          `insert into public.subscribers
             (user_id, email, stripe_customer_id, subscribed, subscription_tier, subscription_end, updated_at)
           select id, email, $2, true, $3, now() + $4::interval, now() from auth.users where id = $1
           on conflict (user_id) do update set email = excluded.email,
             stripe_customer_id = coalesce(public.subscribers.stripe_customer_id, excluded.stripe_customer_id),
             subscribed = true, subscription_tier = excluded.subscription_tier,
             subscription_end = excluded.subscription_end, updated_at = now()`,
          [userId, `cus_test_${randomBytes(9).toString('base64url')}`, TIER, interval],
        );
      }),

    /** Ends the owner's subscription at once. */
    cancel: (id: string) =>
      consume('portal', id, async (q, userId) => {
        await q.query(
          `update public.subscribers
              set subscribed = false, subscription_end = least(subscription_end, now()), updated_at = now()
            where user_id = $1`,
          [userId],
        );
      }),
  };
}

export type TestSessions = ReturnType<typeof createTestSessions>;
