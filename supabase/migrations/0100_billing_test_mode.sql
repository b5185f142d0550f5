-- Checkout and portal sessions of the local server's billing test mode (used when no Stripe key is set).
-- Kept in their own schema: no API role is granted access, and a hosted project never uses them.
create schema if not exists planner_billing;
revoke all on schema planner_billing from public;

create table if not exists planner_billing.test_sessions (
  -- sha-256 of the session id; the id itself lives only in the URL handed to the user.
  id_hash text primary key,
  kind text not null check (kind in ('checkout', 'portal')),
  user_id uuid not null references auth.users (id) on delete cascade,
  price_type text check (price_type in ('monthly', 'annual')),
  -- Origin of the app that started the session, for the "Return to Weekly Planner" link.
  app_origin text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  check ((kind = 'checkout') = (price_type is not null))
);

create index if not exists test_sessions_expires_at_idx on planner_billing.test_sessions (expires_at);
