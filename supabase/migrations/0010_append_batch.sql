-- Group commit for appends (docs/server.md, "Group commit"): a server process sends the appends that arrived while
-- its previous batch was in flight as one call, so they share one round trip, one transaction and one commit (one
-- WAL flush) instead of one each. Each entry is still its own request: it runs as its own role with its own
-- claims (row-level security as before), in a subtransaction of its own (its failure rolls back its rows only and
-- is returned as the error it raises today), through the same append_task_events. Entries run in the order of their
-- user id, then of arrival: every batch takes the per-user head locks in one order, so two processes' batches
-- cannot deadlock, and one user's requests keep their order. Nothing calls this on a hosted project (PostgREST
-- calls append_task_events there); it exists so the same migrations run everywhere.
--
-- Called by the server's own login role only. It switches roles, so from an API role it would be a way to become
-- another user: execute is revoked from every API role (Supabase grants it on new functions by default), and a
-- caller that is not its session user (PostgREST's authenticator after SET ROLE) is refused.
create or replace function public.append_task_events_batch(p_claims text[], p_roles text[], p_client_ids text[], p_events text[])
returns table (ord int, body text, first_seq bigint, last_seq bigint, code text, message text, details text, hint text)
language plpgsql volatile security invoker set search_path = '' as $$
declare
  n int := coalesce(array_length(p_claims, 1), 0);
  i int;
begin
  if current_user <> session_user or current_user::text in ('anon', 'authenticated', 'service_role') then
    raise exception 'append_task_events_batch is for the server''s own connection' using errcode = '42501';
  end if;
  if n > 64 or n <> coalesce(array_length(p_roles, 1), 0) or n <> coalesce(array_length(p_client_ids, 1), 0)
     or n <> coalesce(array_length(p_events, 1), 0) then
    raise exception 'a batch is up to 64 entries, each with claims, role, client id and events' using errcode = '22023';
  end if;
  for i in
    select c.o from unnest(p_claims) with ordinality as c(claims, o)
    order by (c.claims::jsonb ->> 'sub') collate "C", c.o
  loop
    ord := i;
    body := null; first_seq := null; last_seq := null; code := null; message := null; details := null; hint := null;
    begin
      perform set_config('request.jwt.claims', p_claims[i], true), set_config('role', p_roles[i], true);
      -- The statement the REST route runs for one request, with the range of seqs for the realtime pointer.
      select coalesce(json_agg(r), '[]')::text, min(r.seq), max(r.seq) into body, first_seq, last_seq
        from public.append_task_events(p_client_id => p_client_ids[i], p_events => p_events[i]::jsonb) r;
      perform set_config('role', 'none', true);
    exception when others then
      -- The subtransaction is rolled back: its rows, its row locks and its role and claims settings.
      get stacked diagnostics code = returned_sqlstate, message = message_text, details = pg_exception_detail, hint = pg_exception_hint;
      body := null; first_seq := null; last_seq := null;
    end;
    return next;
  end loop;
end $$;
revoke all on function public.append_task_events_batch(text[], text[], text[], text[]) from public;
do $$ begin
  execute 'revoke all on function public.append_task_events_batch(text[], text[], text[], text[]) from anon, authenticated, service_role';
exception when undefined_object then null;
end $$;
