-- Labels and named lists (docs/organize.md): their events ride the log as tasks/… events (the check of 0006
-- takes them as they are); the snapshot keeps the labels and lists beside the task list, so a device that starts
-- from it (or whose log was compacted) has them too. user_tasks.tasks stays the plain task list.

alter table public.user_tasks add column if not exists catalog text;
