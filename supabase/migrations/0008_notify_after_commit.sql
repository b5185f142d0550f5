-- append_task_events without its pg_notify (docs/sync.md, "Fan-out across processes"). A NOTIFY inside the
-- append made PostgreSQL hold its notify-queue lock through the append's commit and WAL flush, so every appending
-- transaction committed one at a time. The server process that made the append now sends the pointer itself once
-- the append has committed, from a transaction of its own with synchronous_commit off, and every process also
-- reads the log heads of the users it watches periodically, for a pointer a dying process never sent. A hosted
-- project never listened to the NOTIFY: Supabase Realtime reads the publication's WAL there.
-- Otherwise as in 0006.
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
       or coalesce(item -> 'event' ->> 'type', '') !~ '^(tasks|series)/[A-Za-z]{1,58}$'
       or coalesce(jsonb_typeof(item -> 'event' -> 'payload'), '') <> 'object' then
      raise exception 'Item % is not a task or series event ({"type": "tasks/…" or "series/…", "payload": {…}})', position using errcode = '22023';
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
    end if;
    seq := stored;
    client_seq := counter;
    return next;
  end loop;
end $$;
revoke all on function public.append_task_events(text, jsonb) from public;
grant execute on function public.append_task_events(text, jsonb) to authenticated;
