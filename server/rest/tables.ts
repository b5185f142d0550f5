// /rest/v1/<table>: read, insert (and upsert), update and delete rows of the exposed tables.
import { Hono, type Context } from 'hono';
import type { JwtClaims } from '../context.ts';
import { allowOnly, jsonBody, readText, restError } from '../http.ts';
import { RestError } from './errors.ts';
import type { Rest } from './index.ts';
import {
  checkProfile,
  columnValue,
  conflictTarget,
  orderClause,
  parseBody,
  payloadColumns,
  preferences,
  rangeClause,
  selectedColumns,
  selectList,
  whereClause,
} from './query.ts';
import { ident, type Table } from './schema.ts';

export function tableRoutes({ ctx, tableFor, claimsOf, runQuery }: Rest): Hono {
  const app = new Hono();

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
      return jsonBody(c, objects[0]!, 200, 'application/vnd.pgrst.object+json; charset=utf-8');
    }
    return jsonBody(c, `[${objects.join(',')}]`);
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
  app.all('/:table', allowOnly(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'], refuse));

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
    return jsonBody(c, json ?? '[]', minimalStatus === 201 ? 201 : 200);
  }


  return app;
}
