-- What a Supabase project already provides, created only where it is missing.
-- On a hosted project every block below finds its object and does nothing; on PGlite or a
-- plain PostgreSQL it sets up the roles, the auth schema and the local server's own auth tables.

-- Roles are cluster-wide: another database on the same server may create them at the same moment.
do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
exception when duplicate_object or unique_violation then null;
end $$;
do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
exception when duplicate_object or unique_violation then null;
end $$;
do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
exception when duplicate_object or unique_violation then null;
end $$;

-- The server connects as the database owner and switches role per request, which needs membership
-- unless it is a superuser (PGlite, the usual local setup).
do $$ begin
  if not (select rolsuper from pg_roles where rolname = current_user)
     and not pg_has_role(current_user, 'authenticated', 'member') then
    execute format('grant anon, authenticated, service_role to %I', current_user);
  end if;
end $$;

do $$ begin
  if not exists (select 1 from pg_namespace where nspname = 'auth') then
    create schema auth;
    grant usage on schema auth to anon, authenticated, service_role;
  end if;

  -- auth.users with GoTrue's column names, so queries written against a hosted project work here.
  if to_regclass('auth.users') is null then
    create table auth.users (
      id uuid primary key default gen_random_uuid(),
      aud varchar(255) not null default 'authenticated',
      role varchar(255) not null default 'authenticated',
      email varchar(255) unique,
      encrypted_password varchar(255),
      email_confirmed_at timestamptz,
      last_sign_in_at timestamptz,
      raw_app_meta_data jsonb not null default '{"provider":"email","providers":["email"]}',
      raw_user_meta_data jsonb not null default '{}',
      is_anonymous boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    -- Sessions and refresh tokens of the local server. A hosted project's GoTrue keeps its own,
    -- so this schema only exists where this migration also had to create auth.users.
    create schema planner_auth;
    create table planner_auth.sessions (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references auth.users (id) on delete cascade,
      created_at timestamptz not null default now(),
      refreshed_at timestamptz
    );
    create index sessions_user_id_idx on planner_auth.sessions (user_id);
    -- Only a hash of each token is stored; a rotated token stays as revoked to detect reuse.
    create table planner_auth.refresh_tokens (
      token_hash text primary key,
      session_id uuid not null references planner_auth.sessions (id) on delete cascade,
      revoked boolean not null default false,
      created_at timestamptz not null default now()
    );
    create index refresh_tokens_session_id_idx on planner_auth.refresh_tokens (session_id);
  end if;

  -- Supabase's helpers read the claims the server sets per request.
  if to_regprocedure('auth.uid()') is null then
    create function auth.uid() returns uuid language sql stable as $f$
      select nullif(nullif(current_setting('request.jwt.claims', true), '')::json ->> 'sub', '')::uuid
    $f$;
  end if;
  if to_regprocedure('auth.role()') is null then
    create function auth.role() returns text language sql stable as $f$
      select nullif(current_setting('request.jwt.claims', true), '')::json ->> 'role'
    $f$;
  end if;
  if to_regprocedure('auth.email()') is null then
    create function auth.email() returns text language sql stable as $f$
      select nullif(current_setting('request.jwt.claims', true), '')::json ->> 'email'
    $f$;
  end if;
  if to_regprocedure('auth.jwt()') is null then
    create function auth.jwt() returns jsonb language sql stable as $f$
      select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
    $f$;
  end if;
end $$;
