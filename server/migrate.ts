// Applies supabase/migrations/*.sql in file-name order, each once, recorded in planner_meta.schema_migrations.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Database } from './db.ts';
import { RATE_LIMIT_TABLE } from './ratelimit.ts';

export const DEFAULT_MIGRATIONS_DIR = resolve('supabase/migrations');

// Any constant works; it keeps several server processes from migrating one database at once.
const MIGRATION_LOCK = 7_104_226_001;

export async function migrate(db: Database, dir: string = DEFAULT_MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return db.transaction(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.exec(`create schema if not exists planner_meta;
      create table if not exists planner_meta.schema_migrations (
        name text primary key, checksum text not null, applied_at timestamptz not null default now());`);
    // The server's own: rate limits shared by every process (server/ratelimit.ts). Unlogged, as losing them
    // in a crash costs nothing; PGlite is one process and counts in memory.
    if (db.kind === 'postgres') {
      await q.exec(`create unlogged table if not exists ${RATE_LIMIT_TABLE.schemaName}.${RATE_LIMIT_TABLE.tableName} (
        key text primary key, points integer not null default 0, expire bigint);`);
    }
    const { rows } = await q.query<{ name: string; checksum: string }>('select name, checksum from planner_meta.schema_migrations');
    const applied = new Map(rows.map((r) => [r.name, r.checksum]));
    const ran: string[] = [];
    for (const name of files) {
      const sql = readFileSync(join(dir, name), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      const seen = applied.get(name);
      if (seen !== undefined) {
        if (seen !== checksum) console.warn(`Migration ${name} changed after it was applied; add a new migration instead.`);
        continue;
      }
      try {
        await q.exec(sql);
      } catch (err) {
        throw new Error(`Migration ${name} failed: ${(err as Error).message}`, { cause: err });
      }
      await q.query('insert into planner_meta.schema_migrations (name, checksum) values ($1, $2)', [name, checksum]);
      ran.push(name);
    }
    return ran;
  });
}
