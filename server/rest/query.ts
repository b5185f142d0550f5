// The request's query string, Prefer header and body turned into SQL pieces of catalog identifiers and
// $n parameters, refusing (with PostgREST's codes) anything else.
import type { Context } from 'hono';
import { BodyError, parseJsonText } from '../body.ts';
import { missingColumn, RestError, unknownColumn } from './errors.ts';
import { ident, type Table } from './schema.ts';

/** `select=` → column names; `*` or plain column names (whitespace ignored, as supabase-js strips it). */
export function selectedColumns(table: Table, select: string | undefined): string[] {
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

export const selectList = (table: Table, select: string | undefined) => selectedColumns(table, select).map(ident).join(', ');

const RESERVED_PARAMS = new Set(['select', 'columns', 'on_conflict', 'apikey', 'order', 'limit', 'offset']);

const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** Horizontal filters: `col=eq.value`, `neq.`, `gt.`, `gte.`, `lt.`, `lte.` and `is.null|true|false`. */
export function whereClause(c: Context, table: Table, params: unknown[]): string {
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
export function orderClause(c: Context, table: Table): string {
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
export function rangeClause(c: Context): string {
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
export function preferences(c: Context): Map<string, string> {
  const prefs = new Map<string, string>();
  for (const token of (c.req.header('prefer') ?? '').split(',')) {
    const [key, value] = token.trim().split('=');
    if (key && value) prefs.set(key.trim(), value.trim());
  }
  return prefs;
}

/** JSON values as column input: strings as they are, objects and arrays as JSON text (json_populate_record does the same). */
export function columnValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** JSON text → value, refusing (before anything is written) what body.ts refuses. */
export function parseJson(text: string, empty?: unknown): unknown {
  try {
    const value = parseJsonText(text, empty);
    if (value === undefined) throw new BodyError(400, 'Request body is empty');
    return value;
  } catch (err) {
    if (err instanceof BodyError) throw new RestError(400, 'PGRST102', 'Empty or invalid json', err.message);
    throw err;
  }
}

export function parseBody(text: string): Record<string, unknown>[] {
  const value = parseJson(text);
  const rows = Array.isArray(value) ? value : [value];
  if (!rows.every((r) => r && typeof r === 'object' && !Array.isArray(r))) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object or an array of objects');
  }
  return rows as Record<string, unknown>[];
}

/** Payload columns: the `columns` parameter, else the keys of the objects (which must all match). */
export function payloadColumns(c: Context, table: Table, rows: Record<string, unknown>[]): string[] {
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

export function conflictTarget(c: Context, table: Table): string[] {
  const param = c.req.query('on_conflict');
  if (param === undefined) return table.primaryKey;
  const wanted = param.split(',').map((col) => col.trim());
  for (const col of wanted) if (!table.columns.has(col)) throw unknownColumn(table, col);
  const key = table.uniqueKeys.find((k) => k.length === wanted.length && k.every((col) => wanted.includes(col)));
  if (!key) throw new RestError(400, '42P10', 'there is no unique or exclusion constraint matching the ON CONFLICT specification');
  return wanted;
}

export function checkProfile(c: Context, header: 'accept-profile' | 'content-profile') {
  const profile = c.req.header(header);
  if (profile && profile !== 'public') {
    throw new RestError(406, 'PGRST106', 'Invalid schema: ' + profile, null, 'Only the following schemas are exposed: public');
  }
}
