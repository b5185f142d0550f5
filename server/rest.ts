// /rest/v1: the slice of PostgREST the app uses, on an allow-list of tables. Each request runs as the
// JWT's role with its claims set, so the row-level security policies decide what it may read or write.
// SQL is built only from identifiers found in the catalog and $n parameters.
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JwtClaims, ServerContext } from './context.ts';
import { BodyError, parseJsonText } from './body.ts';
import { allowOnly, readText, restError } from './http.ts';
import { bearerToken, type Jwt } from './jwt.ts';

/** Tables the API exposes; what each role may do with them is up to the grants and policies. */
export const EXPOSED_TABLES = ['user_tasks', 'subscribers', 'task_events'] as const;

/** Functions callable at /rest/v1/rpc/<name>, with their named arguments and types, in call order. */
const EXPOSED_FUNCTIONS: Record<string, { args: [name: string, type: 'text' | 'jsonb'][] }> = {
  append_task_events: { args: [['p_client_id', 'text'], ['p_events', 'jsonb']] },
};

interface Table {
  name: string;
  /** In table order. */
  columns: Set<string>;
  /** Text columns: sent to the client as JSON strings built here, not by PostgreSQL (see GET). */
  textColumns: Set<string>;
  primaryKey: string[];
  uniqueKeys: string[][];
}

type SchemaCache = Map<string, Table>;

async function loadSchema(ctx: ServerContext): Promise<SchemaCache> {
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

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

class RestError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }
}

const missingColumn = (table: Table, column: string) =>
  new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table.name}' in the schema cache`);
const unknownColumn = (table: Table, column: string) => new RestError(400, '42703', `column ${table.name}.${column} does not exist`);

/** `select=` → column names; `*` or plain column names (whitespace ignored, as supabase-js strips it). */
function selectedColumns(table: Table, select: string | undefined): string[] {
  if (!select || select.trim() === '*') return [...table.columns];
  return select.split(',').flatMap((raw) => {
    const col = raw.trim();
    if (col === '*') return [...table.columns];
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(col)) {
      throw new RestError(400, 'PGRST100', `"failed to parse select parameter (${select})"`, null, 'Only *, and plain column names are supported');
    }
    if (!table.columns.has(col)) throw unknownColumn(table, col);
    return [col];
  });
}

const selectList = (table: Table, select: string | undefined) => selectedColumns(table, select).map(ident).join(', ');

const RESERVED_PARAMS = new Set(['select', 'columns', 'on_conflict', 'apikey', 'order', 'limit', 'offset']);

const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** Horizontal filters: `col=eq.value`, `neq.`, `gt.`, `gte.`, `lt.`, `lte.` and `is.null|true|false`. */
function whereClause(c: Context, table: Table, params: unknown[]): string {
  const conditions: string[] = [];
  for (const [col, values] of Object.entries(c.req.queries())) {
    if (RESERVED_PARAMS.has(col)) continue;
    if (!table.columns.has(col)) throw unknownColumn(table, col);
    for (const value of values) {
      const match = /^(eq|neq|gt|gte|lt|lte|is)\.(.*)$/s.exec(value);
      if (!match) throw new RestError(400, 'PGRST100', `"failed to parse filter (${value})"`, null, 'Supported operators: eq, neq, gt, gte, lt, lte, is');
      const [, op, operand] = match as unknown as [string, string, string];
      if (op === 'is') {
        const literal = { null: 'null', true: 'true', false: 'false' }[operand.toLowerCase()];
        if (!literal) throw new RestError(400, 'PGRST100', `"failed to parse filter (${value})"`, null, 'is. takes null, true or false');
        conditions.push(`${ident(col)} is ${literal}`);
      } else {
        params.push(operand);
        conditions.push(`${ident(col)} ${COMPARISONS[op]} $${params.length}`);
      }
    }
  }
  return conditions.length ? ` where ${conditions.join(' and ')}` : '';
}

/** `order=col.asc,col2.desc` (nullsfirst/nullslast too) → an ORDER BY clause of catalog columns. */
function orderClause(c: Context, table: Table): string {
  const param = c.req.query('order');
  if (param === undefined) return '';
  const terms = param.split(',').map((term) => {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:\.(asc|desc))?(?:\.(nullsfirst|nullslast))?$/.exec(term.trim());
    if (!match) throw new RestError(400, 'PGRST100', `"failed to parse order (${param})"`, null, 'Use order=column.asc or column.desc');
    const [, col, direction, nulls] = match as unknown as [string, string, string | undefined, string | undefined];
    if (!table.columns.has(col)) throw unknownColumn(table, col);
    return `${ident(col)} ${direction ?? 'asc'}${nulls ? (nulls === 'nullsfirst' ? ' nulls first' : ' nulls last') : ''}`;
  });
  return ` order by ${terms.join(', ')}`;
}

/** `limit` and `offset`: non-negative integers; a limit above 10,000 rows is capped there. */
function rangeClause(c: Context): string {
  const read = (name: 'limit' | 'offset') => {
    const raw = c.req.query(name);
    if (raw === undefined) return undefined;
    if (!/^\d{1,9}$/.test(raw)) throw new RestError(400, 'PGRST100', `"failed to parse ${name} (${raw})"`, null, `${name} takes a non-negative integer`);
    return Number(raw);
  };
  const limit = read('limit');
  const offset = read('offset');
  return `${limit !== undefined ? ` limit ${Math.min(limit, MAX_ROWS)}` : ` limit ${MAX_ROWS}`}${offset ? ` offset ${offset}` : ''}`;
}

const MAX_ROWS = 10_000;

/** Prefer: resolution=…, return=…, missing=…, count=… → a map. */
function preferences(c: Context): Map<string, string> {
  const prefs = new Map<string, string>();
  for (const token of (c.req.header('prefer') ?? '').split(',')) {
    const [key, value] = token.trim().split('=');
    if (key && value) prefs.set(key.trim(), value.trim());
  }
  return prefs;
}

/** JSON values as column input: strings as they are, objects and arrays as JSON text (json_populate_record does the same). */
function columnValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** JSON text → value, refusing (before anything is written) what body.ts refuses. */
function parseJson(text: string, empty?: unknown): unknown {
  try {
    const value = parseJsonText(text, empty);
    if (value === undefined) throw new BodyError(400, 'Request body is empty');
    return value;
  } catch (err) {
    if (err instanceof BodyError) throw new RestError(400, 'PGRST102', 'Empty or invalid json', err.message);
    throw err;
  }
}

function parseBody(text: string): Record<string, unknown>[] {
  const value = parseJson(text);
  const rows = Array.isArray(value) ? value : [value];
  if (!rows.every((r) => r && typeof r === 'object' && !Array.isArray(r))) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object or an array of objects');
  }
  return rows as Record<string, unknown>[];
}

/** Payload columns: the `columns` parameter, else the keys of the objects (which must all match). */
function payloadColumns(c: Context, table: Table, rows: Record<string, unknown>[]): string[] {
  const param = c.req.query('columns');
  let columns: string[];
  if (param !== undefined) {
    columns = param.split(',').map((col) => col.trim().replace(/^"(.*)"$/, '$1'));
  } else {
    columns = Object.keys(rows[0] ?? {});
    const signature = [...columns].sort().join(',');
    if (rows.some((r) => Object.keys(r).sort().join(',') !== signature)) {
      throw new RestError(400, 'PGRST102', 'All object keys must match');
    }
  }
  for (const col of columns) if (!table.columns.has(col)) throw missingColumn(table, col);
  return [...new Set(columns)];
}

function conflictTarget(c: Context, table: Table): string[] {
  const param = c.req.query('on_conflict');
  if (param === undefined) return table.primaryKey;
  const wanted = param.split(',').map((col) => col.trim());
  for (const col of wanted) if (!table.columns.has(col)) throw unknownColumn(table, col);
  const key = table.uniqueKeys.find((k) => k.length === wanted.length && k.every((col) => wanted.includes(col)));
  if (!key) throw new RestError(400, '42P10', 'there is no unique or exclusion constraint matching the ON CONFLICT specification');
  return wanted;
}

function checkProfile(c: Context, header: 'accept-profile' | 'content-profile') {
  const profile = c.req.header(header);
  if (profile && profile !== 'public') {
    throw new RestError(406, 'PGRST106', 'Invalid schema: ' + profile, null, 'Only the following schemas are exposed: public');
  }
}

interface DbError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

/** Database errors → PostgREST's status codes; a denied anon request is 401, a denied user 403. */
function fromDbError(err: DbError, role: string): RestError {
  const code = err.code ?? '';
  const status: ContentfulStatusCode =
    code === '42501' ? (role === 'anon' ? 401 : 403)
    : code === '23505' || code === '23503' ? 409
    : /^(22|23|42)/.test(code) ? 400
    : code === 'P0001' ? 400
    : 500;
  if (status === 500) {
    console.error('REST request failed:', err);
    return new RestError(500, code || 'PGRST000', 'Internal server error');
  }
  return new RestError(status, code, err.message ?? 'Database error', err.detail ?? null, err.hint ?? null);
}

const isDbError = (err: unknown): err is DbError =>
  !!err && typeof err === 'object' && typeof (err as DbError).code === 'string' && /^[0-9A-Z]{5}$/.test((err as DbError).code!);

export function restRoutes(ctx: ServerContext, jwt: Jwt): Hono {
  let schema: Promise<SchemaCache> | undefined;
  const tableFor = async (name: string): Promise<Table> => {
    schema ??= loadSchema(ctx).catch((err) => {
      schema = undefined;
      throw err;
    });
    const table = (await schema).get(name);
    if (!table) {
      throw new RestError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);
    }
    return table;
  };

  /** Claims of the bearer token; no Authorization header means the anon role, as with PostgREST. */
  const claimsOf = async (c: Context): Promise<JwtClaims> => {
    const header = c.req.header('authorization');
    if (header === undefined) return { role: 'anon' };
    const token = bearerToken(header);
    const result = token ? await jwt.verify(token) : ({ ok: false, reason: 'invalid' } as const);
    if (result.ok) return result.claims;
    c.header('WWW-Authenticate', `Bearer error="invalid_token", error_description="${result.reason === 'expired' ? 'JWT expired' : 'JWT invalid'}"`);
    if (result.reason === 'expired') throw new RestError(401, 'PGRST303', 'JWT expired');
    throw new RestError(401, 'PGRST301', 'JWT could not be verified: malformed token or wrong signature');
  };

  /** Runs one statement as the caller, mapping database errors to PostgREST's. */
  const runQuery = async (claims: JwtClaims, sql: string, params: unknown[]) => {
    try {
      const { rows } = await ctx.db.asUser(claims, (q) => q.query<Record<string, string | null>>(sql, params));
      return rows;
    } catch (err) {
      if (isDbError(err)) throw fromDbError(err, claims.role);
      throw err;
    }
  };

  const app = new Hono();

  app.onError((err, c) => {
    if (err instanceof RestError) return restError(c, err.status, { code: err.code, message: err.message, details: err.details, hint: err.hint });
    if (err instanceof BodyError) {
      return err.status === 413
        ? restError(c, 413, { code: 'PGRST413', message: 'Payload Too Large', details: err.message })
        : restError(c, 400, { code: 'PGRST102', message: 'Empty or invalid json', details: err.message });
    }
    console.error('REST request failed:', err);
    return restError(c, 500, { code: 'PGRST000', message: 'Internal server error' });
  });

  // Rows are assembled into JSON here rather than with json_agg: escaping a large text value (a whole
  // task list) costs PostgreSQL several times what JSON.stringify costs, and on PGlite it is the same thread.
  app.get('/:table', async (c) => {
    checkProfile(c, 'accept-profile');
    const claims = await claimsOf(c);
    const table = await tableFor(c.req.param('table'));
    const columns = selectedColumns(table, c.req.query('select'));
    const params: unknown[] = [];
    const exprs = columns.map((col, i) => (table.textColumns.has(col) ? `${ident(col)} as c${i}` : `to_json(${ident(col)})::text as c${i}`));
    const sql = `select ${exprs.join(', ')} from public.${ident(table.name)}${whereClause(c, table, params)}${orderClause(c, table)}${rangeClause(c)}`;
    const rows = await runQuery(claims, sql, params);
    const keys = columns.map((col) => JSON.stringify(col) + ':');
    const objects = rows.map(
      (row) =>
        '{' +
        columns
          .map((col, i) => {
            const value = row[`c${i}`];
            return keys[i] + (value === null || value === undefined ? 'null' : table.textColumns.has(col) ? JSON.stringify(value) : value);
          })
          .join(',') +
        '}',
    );
    const n = objects.length;
    const exact = preferences(c).get('count') === 'exact';
    c.header('Content-Range', `${n ? `0-${n - 1}` : '*'}/${exact ? n : '*'}`);
    if (c.req.header('accept')?.includes('application/vnd.pgrst.object+json')) {
      if (n !== 1) {
        throw new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${n} rows`);
      }
      c.header('Content-Type', 'application/vnd.pgrst.object+json; charset=utf-8');
      return c.body(objects[0]!);
    }
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(`[${objects.join(',')}]`);
  });

  // supabase.rpc(name, args): the body's keys are the function's named arguments.
  app.post('/rpc/:fn', async (c) => {
    checkProfile(c, 'content-profile');
    const claims = await claimsOf(c);
    const name = c.req.param('fn');
    const fn = Object.hasOwn(EXPOSED_FUNCTIONS, name) ? EXPOSED_FUNCTIONS[name] : undefined;
    const text = await readText(c, ctx.config);
    const args = parseJson(text, {});
    if (!args || typeof args !== 'object' || Array.isArray(args)) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object of named arguments');
    const given = Object.keys(args).sort();
    if (!fn || given.join(',') !== fn.args.map(([arg]) => arg).sort().join(',')) {
      throw new RestError(
        404,
        'PGRST202',
        `Could not find the function public.${name}(${given.join(', ')}) in the schema cache`,
        `Searched for the function public.${name} with parameters ${given.join(', ') || 'none'}`,
      );
    }
    const values = args as Record<string, unknown>;
    const params = fn.args.map(([arg, type]) => (type === 'jsonb' ? JSON.stringify(values[arg] ?? null) : columnValue(values[arg])));
    const call = fn.args.map(([arg, type], i) => `${ident(arg)} => $${i + 1}::${type}`).join(', ');
    const [result] = await runQuery(claims, `select coalesce(json_agg(r), '[]')::text as body from public.${ident(name)}(${call}) r`, params);
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(result?.body ?? '[]');
  });

  app.post('/:table', async (c) => {
    checkProfile(c, 'content-profile');
    const claims = await claimsOf(c);
    const table = await tableFor(c.req.param('table'));
    const rows = parseBody(await readText(c, ctx.config));
    const columns = payloadColumns(c, table, rows);
    const prefs = preferences(c);
    const resolution = prefs.get('resolution');
    if (rows.length === 0 || columns.length === 0) {
      c.header('Content-Range', '*/*');
      return c.body(null, 201);
    }
    if (rows.length * columns.length > 65_000) throw new RestError(400, 'PGRST102', 'Too many values in one request');

    const params: unknown[] = [];
    const useDefault = prefs.get('missing') === 'default';
    const values = rows.map((row) => {
      const cells = columns.map((col) => {
        if (!(col in row) && useDefault) return 'default';
        params.push(columnValue(row[col]));
        return `$${params.length}`;
      });
      return `(${cells.join(', ')})`;
    });
    let sql = `insert into public.${ident(table.name)} as t (${columns.map(ident).join(', ')}) values ${values.join(', ')}`;
    if (resolution === 'merge-duplicates' || resolution === 'ignore-duplicates') {
      const target = conflictTarget(c, table).map(ident).join(', ');
      sql +=
        resolution === 'ignore-duplicates'
          ? ` on conflict (${target}) do nothing`
          : ` on conflict (${target}) do update set ${columns.map((col) => `${ident(col)} = excluded.${ident(col)}`).join(', ')}`;
      c.header('Preference-Applied', `resolution=${resolution}`);
    }
    return respondToWrite(c, claims, table, sql, params, 201);
  });

  app.patch('/:table', async (c) => {
    checkProfile(c, 'content-profile');
    const claims = await claimsOf(c);
    const table = await tableFor(c.req.param('table'));
    const rows = parseBody(await readText(c, ctx.config));
    if (rows.length !== 1) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'PATCH takes one JSON object');
    const row = rows[0]!;
    const columns = payloadColumns(c, table, rows);
    if (columns.length === 0) return c.body(null, 204);
    const params: unknown[] = columns.map((col) => columnValue(row[col]));
    const set = columns.map((col, i) => `${ident(col)} = $${i + 1}`).join(', ');
    const sql = `update public.${ident(table.name)} set ${set}${whereClause(c, table, params)}`;
    return respondToWrite(c, claims, table, sql, params, 204);
  });

  app.delete('/:table', async (c) => {
    checkProfile(c, 'content-profile');
    const claims = await claimsOf(c);
    const table = await tableFor(c.req.param('table'));
    const params: unknown[] = [];
    const sql = `delete from public.${ident(table.name)}${whereClause(c, table, params)}`;
    return respondToWrite(c, claims, table, sql, params, 204);
  });

  const refuse = (c: Context) => restError(c, 405, { code: 'PGRST117', message: 'Unsupported HTTP method' });
  app.all('/rpc/:fn', allowOnly(['POST'], refuse));
  app.all('/:table', allowOnly(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'], refuse));
  app.all('*', () => {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  });

  /** return=minimal (default) answers with no body; return=representation with the written rows. */
  async function respondToWrite(c: Context, claims: JwtClaims, table: Table, statement: string, params: unknown[], minimalStatus: 201 | 204) {
    const representation = preferences(c).get('return') === 'representation';
    // A returning list is needed for the row count even when nothing is sent back.
    const returning = representation ? selectList(table, c.req.query('select')) : '1';
    const body = representation ? "coalesce(json_agg(w), '[]')::text" : 'null::text';
    const sql = `with w as (${statement} returning ${returning}) select count(*)::int as n, ${body} as body from w`;
    const [result] = await runQuery(claims, sql, params);
    const n = Number(result?.n ?? 0);
    const json = result?.body;
    // PostgREST reports no range for inserts.
    c.header('Content-Range', minimalStatus === 201 || !n ? '*/*' : `0-${n - 1}/*`);
    if (!representation) return c.body(null, minimalStatus);
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(json ?? '[]', minimalStatus === 201 ? 201 : 200);
  }

  return app;
}
