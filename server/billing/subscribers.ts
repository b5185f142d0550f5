// public.subscribers through the database owner: billing writes are server-internal, keyed by the
// verified user id (row-level security keeps API callers to reading their own row).
import type { Queryable } from '../context.ts';
import type { SubscriberRecord, SubscriberStore } from '../../supabase/functions/_shared/subscribers.ts';

interface SubscriberRow {
  user_id: string;
  email: string;
  stripe_customer_id: string | null;
  subscribed: boolean;
  subscription_tier: string | null;
  subscription_end: Date | string | null;
}

const COLUMNS = 'user_id, email, stripe_customer_id, subscribed, subscription_tier, subscription_end';

export function toRecord(row: SubscriberRow): SubscriberRecord {
  return { ...row, subscription_end: row.subscription_end == null ? null : new Date(row.subscription_end).toISOString() };
}

export function createSubscriberStore(db: Queryable): SubscriberStore {
  const one = async (where: string, value: string) => {
    const { rows } = await db.query<SubscriberRow>(`select ${COLUMNS} from public.subscribers where ${where} = $1`, [value]);
    return rows[0] ? toRecord(rows[0]) : null;
  };
  return {
    get: (userId) => one('user_id', userId),
    findByCustomerId: (customerId) => one('stripe_customer_id', customerId),
    async save(record) {
      await db.query(
        `insert into public.subscribers (${COLUMNS}, updated_at) values ($1, $2, $3, $4, $5, $6, now())
         on conflict (user_id) do update set email = excluded.email, stripe_customer_id = excluded.stripe_customer_id,
           subscribed = excluded.subscribed, subscription_tier = excluded.subscription_tier,
           subscription_end = excluded.subscription_end, updated_at = now()`,
        [
          record.user_id,
          record.email,
          record.stripe_customer_id,
          record.subscribed,
          record.subscription_tier,
          record.subscription_end,
        ],
      );
    },
    async userEmail(userId) {
      const { rows } = await db.query<{ email: string | null }>('select email from auth.users where id = $1', [userId]);
      return rows[0]?.email ?? null;
    },
  };
}
