-- Subscription status per user, written by the subscription functions (service role) only.
create table if not exists public.subscribers (
  user_id uuid primary key references auth.users (id) on delete cascade,
  email text unique not null,
  stripe_customer_id text,
  subscribed boolean not null default false,
  subscription_tier text,
  subscription_end timestamptz,
  updated_at timestamptz not null default now()
);

drop trigger if exists subscribers_touch_updated_at on public.subscribers;
create trigger subscribers_touch_updated_at before update on public.subscribers
  for each row execute function public.touch_updated_at();

alter table public.subscribers enable row level security;
revoke all on public.subscribers from anon, authenticated;
grant select on public.subscribers to authenticated;
grant all on public.subscribers to service_role;

drop policy if exists "Users read their own subscription" on public.subscribers;
create policy "Users read their own subscription" on public.subscribers
  for select to authenticated using ((select auth.uid()) = user_id);
