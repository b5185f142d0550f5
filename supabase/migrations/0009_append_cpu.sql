-- The append's helpers as PL/pgSQL, for their cached plans (docs/server.md, "Many subscribers at once").
-- A SQL-language function that cannot be inlined (these are security definer with their own search_path) has its
-- body parsed and planned again by every statement that calls it; PL/pgSQL keeps its statements' plans for the
-- session's life. is_active_subscriber runs twice per append (the function's own check and the insert policy) and
-- lock_task_event_head once: measured on PostgreSQL 15, 165 → 50 µs and 240 → ~100 µs a call. Same results,
-- same privileges; nothing else changes.

create or replace function public.is_active_subscriber() returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (
    select 1 from public.subscribers s
    where s.user_id = auth.uid() and s.subscribed and (s.subscription_end is null or s.subscription_end > now())
  );
end $$;
revoke all on function public.is_active_subscriber() from public;
grant execute on function public.is_active_subscriber() to authenticated, service_role;

-- The head row exists after a user's first append: lock it, and insert it only when it is not there yet.
create or replace function public.lock_task_event_head() returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := auth.uid();
begin
  perform 1 from public.task_event_heads where user_id = uid for update;
  if not found then
    insert into public.task_event_heads (user_id) values (uid) on conflict (user_id) do nothing;
    perform 1 from public.task_event_heads where user_id = uid for update;
  end if;
end $$;
revoke all on function public.lock_task_event_head() from public;
grant execute on function public.lock_task_event_head() to authenticated;
