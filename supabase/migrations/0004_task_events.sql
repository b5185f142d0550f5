-- The task event log: one ordered, append-only log per user. Devices send their own events; the
-- database numbers them 1, 2, 3… per user in commit order; every device replays the log. The
-- user_tasks row stays the snapshot of the whole list and records the log position it reflects.

-- The per-user counter row. An append updates it, which row-locks it until commit: appends of one user
-- serialize, so sequence numbers are gapless and in commit order (a bigserial would be neither).
create table if not exists public.task_event_heads (
  user_id uuid primary key references auth.users (id) on delete cascade,
  last_seq bigint not null default 0
);
alter table public.task_event_heads enable row level security;
revoke all on public.task_event_heads from anon, authenticated;
grant all on public.task_event_heads to service_role;

create table if not exists public.task_events (
  user_id uuid not null references auth.users (id) on delete cascade,
  seq bigint not null default 0,
  client_id text not null check (client_id ~ '^[A-Za-z0-9_-]{1,64}$'),
  client_seq bigint not null check (client_seq > 0),
  -- Any tasks/… event a client understands; older clients skip types they do not know.
  event jsonb not null check (
    jsonb_typeof(event) = 'object'
    and coalesce(event ->> 'type', '') ~ '^tasks/[A-Za-z]{1,58}$'
    and coalesce(jsonb_typeof(event -> 'payload'), '') = 'object'
    and octet_length(event::text) <= 8192
  ),
  created_at timestamptz not null default now(),
  primary key (user_id, seq),
  unique (user_id, client_id, client_seq)
);

-- Whether the caller has a subscription that is active now: the paywall, held in the database.
create or replace function public.is_active_subscriber() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.subscribers s
    where s.user_id = auth.uid() and s.subscribed and (s.subscription_end is null or s.subscription_end > now())
  )
$$;
revoke all on function public.is_active_subscriber() from public;
grant execute on function public.is_active_subscriber() to authenticated, service_role;

-- Numbers every inserted event from the user's counter row, whatever seq the writer sent.
create or replace function public.task_events_assign_seq() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.task_event_heads as h (user_id, last_seq) values (new.user_id, 1)
    on conflict (user_id) do update set last_seq = h.last_seq + 1
    returning h.last_seq into new.seq;
  return new;
end $$;
revoke all on function public.task_events_assign_seq() from public;

drop trigger if exists task_events_assign_seq on public.task_events;
create trigger task_events_assign_seq before insert on public.task_events
  for each row execute function public.task_events_assign_seq();

-- The owner reads their events; only the owner with an active subscription appends; nobody updates or deletes.
alter table public.task_events enable row level security;
revoke all on public.task_events from anon, authenticated;
grant select, insert on public.task_events to authenticated;
grant all on public.task_events to service_role;

drop policy if exists "Users read their own task events" on public.task_events;
create policy "Users read their own task events" on public.task_events
  for select to authenticated using ((select auth.uid()) = user_id);
drop policy if exists "Subscribers append their own task events" on public.task_events;
create policy "Subscribers append their own task events" on public.task_events
  for insert to authenticated with check ((select auth.uid()) = user_id and (select public.is_active_subscriber()));

-- Takes the caller's counter row lock for the rest of the transaction (creating the row if needed), so a
-- retried batch checks for its events only after any concurrent copy of it has committed.
create or replace function public.lock_task_event_head() returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.task_event_heads (user_id) values (auth.uid()) on conflict (user_id) do nothing;
  select 1 from public.task_event_heads where user_id = auth.uid() for update;
$$;
revoke all on function public.lock_task_event_head() from public;
grant execute on function public.lock_task_event_head() to authenticated;

-- Appends a batch of the caller's events in order. The whole batch is checked before anything is
-- written (22023: bad input, 42501: not signed in or not subscribed). Items already stored under the
-- same client id and counter are answered with their stored seq: a retried batch is stored once.
-- Runs as the caller, so the insert policy above applies here too.
create or replace function public.append_task_events(p_client_id text, p_events jsonb)
returns table (seq bigint, client_seq bigint)
language plpgsql volatile security invoker set search_path = '' as $$
#variable_conflict use_column
declare
  uid uuid := auth.uid();
  item jsonb;
  position int := 0;
  previous bigint := 0;
  counter bigint;
  stored bigint;
  first_new bigint;
  last_new bigint;
begin
  if uid is null then
    raise exception 'Sign in to sync tasks' using errcode = '42501';
  end if;
  if not public.is_active_subscriber() then
    raise exception 'An active Premium subscription is required to sync tasks' using errcode = '42501';
  end if;
  if p_client_id is null or p_client_id !~ '^[A-Za-z0-9_-]{1,64}$' then
    raise exception 'p_client_id must be 1 to 64 letters, digits, _ or -' using errcode = '22023';
  end if;
  if p_events is null or jsonb_typeof(p_events) <> 'array' then
    raise exception 'p_events must be a JSON array' using errcode = '22023';
  end if;
  if jsonb_array_length(p_events) not between 1 and 500 then
    raise exception 'p_events must hold 1 to 500 events, not %', jsonb_array_length(p_events) using errcode = '22023';
  end if;

  for item in select value from jsonb_array_elements(p_events) loop
    position := position + 1;
    -- coalesce: a missing key is NULL, and NULL would pass every test below.
    if jsonb_typeof(item) <> 'object' or coalesce(jsonb_typeof(item -> 'client_seq'), '') <> 'number'
       or coalesce(item ->> 'client_seq', '') !~ '^[0-9]{1,15}$' then
      raise exception 'Item % needs a positive integer client_seq', position using errcode = '22023';
    end if;
    counter := (item ->> 'client_seq')::bigint;
    if counter <= previous then
      raise exception 'Item %: client_seq must increase within a batch', position using errcode = '22023';
    end if;
    previous := counter;
    if coalesce(jsonb_typeof(item -> 'event'), '') <> 'object'
       or coalesce(item -> 'event' ->> 'type', '') !~ '^tasks/[A-Za-z]{1,58}$'
       or coalesce(jsonb_typeof(item -> 'event' -> 'payload'), '') <> 'object' then
      raise exception 'Item % is not a task event ({"type": "tasks/…", "payload": {…}})', position using errcode = '22023';
    end if;
    if octet_length((item -> 'event')::text) > 8192 then
      raise exception 'Item % is larger than 8 KB', position using errcode = '22023';
    end if;
  end loop;

  perform public.lock_task_event_head();

  for item in select value from jsonb_array_elements(p_events) loop
    counter := (item ->> 'client_seq')::bigint;
    select e.seq into stored from public.task_events e
      where e.user_id = uid and e.client_id = p_client_id and e.client_seq = counter;
    if not found then
      insert into public.task_events as e (user_id, client_id, client_seq, event)
        values (uid, p_client_id, counter, item -> 'event')
        returning e.seq into stored;
      first_new := coalesce(first_new, stored);
      last_new := stored;
    end if;
    seq := stored;
    client_seq := counter;
    return next;
  end loop;

  if first_new is not null then
    perform pg_notify('task_events', json_build_object('user_id', uid, 'from', first_new, 'to', last_new)::text);
  end if;
end $$;
revoke all on function public.append_task_events(text, jsonb) from public;
grant execute on function public.append_task_events(text, jsonb) to authenticated;

-- The snapshot records the log position it reflects and never moves backwards: an update from a
-- device that has replayed less of the log than the stored snapshot is skipped.
alter table public.user_tasks add column if not exists seq bigint not null default 0;

create or replace function public.user_tasks_keep_newest() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  head bigint;
begin
  -- Nobody can claim a position the log has not reached.
  select h.last_seq into head from public.task_event_heads h where h.user_id = new.user_id;
  if new.seq > coalesce(head, 0) then new.seq := coalesce(head, 0); end if;
  if tg_op = 'UPDATE' and new.seq < old.seq then return null; end if;
  return new;
end $$;
revoke all on function public.user_tasks_keep_newest() from public;

-- Named to run before user_tasks_touch_updated_at (triggers fire in name order).
drop trigger if exists user_tasks_keep_newest on public.user_tasks;
create trigger user_tasks_keep_newest before insert or update on public.user_tasks
  for each row execute function public.user_tasks_keep_newest();

-- Bounding the log: events the snapshot already holds and older than the retention are removed by the
-- server (service role). A device further behind than what is kept loads the snapshot again.
create or replace function public.compact_task_events(p_keep interval default interval '30 days')
returns bigint language sql volatile security definer set search_path = '' as $$
  with gone as (
    delete from public.task_events e using public.user_tasks t
    where e.user_id = t.user_id and e.seq <= t.seq and e.created_at < now() - p_keep
    returning 1
  )
  select count(*) from gone
$$;
revoke all on function public.compact_task_events(interval) from public;
grant execute on function public.compact_task_events(interval) to service_role;

-- A hosted project streams the log to its devices through Supabase Realtime.
do $$ begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    alter publication supabase_realtime add table public.task_events;
  end if;
exception when duplicate_object then null;
end $$;
