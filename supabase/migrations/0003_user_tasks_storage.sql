-- A task list is rewritten whole on every change, so compressing it is the main cost of an upsert.
-- lz4 does that at about a third of the CPU of PostgreSQL's default pglz. Where lz4 is not built in
-- (PGlite), the list is stored uncompressed: pglz there would cost more time than the space it saves.
do $$ begin
  alter table public.user_tasks alter column tasks set compression lz4;
exception when feature_not_supported then
  alter table public.user_tasks alter column tasks set storage external;
end $$;
