// The tables /rest/v1 exposes, read from the catalog once: their columns (which of them text) and unique keys.
// SQL is built only from identifiers found here and $n parameters.
import type { ServerContext } from '../context.ts';

/** Tables the API exposes; what each role may do with them is up to the grants and policies. */
export const EXPOSED_TABLES = ['user_tasks', 'subscribers', 'task_events'] as const;

export interface Table {
  name: string;
  /** In table order. */
  columns: Set<string>;
  /** Text columns: sent to the client as JSON strings built here, not by PostgreSQL (see GET). */
  textColumns: Set<string>;
  primaryKey: string[];
  uniqueKeys: string[][];
}

export type SchemaCache = Map<string, Table>;

export async function loadSchema(ctx: ServerContext): Promise<SchemaCache> {
  const columns = await ctx.db.query<{ table: string; column: string; text: boolean }>(
    `select c.relname as table, a.attname as column, t.typcategory = 'S' as text
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_type t on t.oid = a.atttypid
     where n.nspname = 'public' and c.relname = any($1) and a.attnum > 0 and not a.attisdropped
     order by c.relname, a.attnum`,
    [EXPOSED_TABLES],
  );
  const keys = await ctx.db.query<{ table: string; columns: string; primary: boolean }>(
    `select c.relname as table, i.indisprimary as primary,
       (select string_agg(a.attname, ',' order by k.ord) from unnest(i.indkey) with ordinality k(attnum, ord)
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum) as columns
     from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relname = any($1) and i.indisunique and i.indpred is null`,
    [EXPOSED_TABLES],
  );
  const cache: SchemaCache = new Map();
  for (const { table, column, text } of columns.rows) {
    if (!cache.has(table)) cache.set(table, { name: table, columns: new Set(), textColumns: new Set(), primaryKey: [], uniqueKeys: [] });
    cache.get(table)!.columns.add(column);
    if (text) cache.get(table)!.textColumns.add(column);
  }
  for (const key of keys.rows) {
    const table = cache.get(key.table);
    if (!table || !key.columns) continue;
    const cols = key.columns.split(',');
    table.uniqueKeys.push(cols);
    if (key.primary) table.primaryKey = cols;
  }
  return cache;
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
