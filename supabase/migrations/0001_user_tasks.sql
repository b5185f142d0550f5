-- The cloud copy of a user's task list: one row per user, the whole list as a JSON string.
create table if not exists public.user_tasks (
  user_id uuid primary key references auth.users (id) on delete cascade,
  tasks text,
  updated_at timestamptz not null default now()
);

create or replace function public.touch_updated_at() returns trigger language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end $$;

drop trigger if exists user_tasks_touch_updated_at on public.user_tasks;
create trigger user_tasks_touch_updated_at before update on public.user_tasks
  for each row execute function public.touch_updated_at();

-- A signed-in user reads, inserts and updates only their own row; anon gets nothing.
-- (select auth.uid()) is evaluated once per statement, not once per row.
alter table public.user_tasks enable row level security;
revoke all on public.user_tasks from anon, authenticated;
grant select, insert, update on public.user_tasks to authenticated;
grant all on public.user_tasks to service_role;

drop policy if exists "Users read their own tasks" on public.user_tasks;
create policy "Users read their own tasks" on public.user_tasks
  for select to authenticated using ((select auth.uid()) = user_id);
drop policy if exists "Users insert their own tasks" on public.user_tasks;
create policy "Users insert their own tasks" on public.user_tasks
  for insert to authenticated with check ((select auth.uid()) = user_id);
drop policy if exists "Users update their own tasks" on public.user_tasks;
create policy "Users update their own tasks" on public.user_tasks
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
