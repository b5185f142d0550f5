-- GoTrue's refresh-token reuse rules (server/auth.ts): a rotated token may be presented again within a
-- short interval, or while it is the parent of the active token, and then answers with the active token.
-- Only hashes are stored, so each child token is derived from its parent and a per-token salt: whoever
-- holds the parent can recompute the child, the database alone cannot.
alter table planner_auth.refresh_tokens
  add column if not exists parent text,
  add column if not exists salt text,
  add column if not exists revoked_at timestamptz;
create index if not exists refresh_tokens_parent_idx on planner_auth.refresh_tokens (parent);
