-- A signed-in caller's direct insert into task_events for another user is refused before the row's seq is drawn.
-- The seq trigger runs before row-level security's WITH CHECK (PostgreSQL fires BEFORE ROW triggers first), and it
-- is security definer: a forged row for someone else took that user's counter-row lock until the statement failed
-- (a way to stall another person's appends), and for an id with no account it failed on the heads table's foreign
-- key (409, "not present in table users") where an existing id gave 403: an oracle for which user ids exist. Now
-- both answer as the policy does (42501, 403) and touch nothing. Only `authenticated` is checked: it is the one
-- role with INSERT that row-level security applies to (anon has no grant; service_role and the owner bypass RLS
-- and may write any user's log, as before).
create or replace function public.task_events_assign_seq() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if current_setting('role', true) = 'authenticated' and new.user_id is distinct from auth.uid() then
    raise exception using errcode = '42501', message = 'new row violates row-level security policy for table "task_events"';
  end if;
  insert into public.task_event_heads as h (user_id, last_seq) values (new.user_id, 1)
    on conflict (user_id) do update set last_seq = h.last_seq + 1
    returning h.last_seq into new.seq;
  return new;
end $$;
revoke all on function public.task_events_assign_seq() from public;
