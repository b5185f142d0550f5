// PostgREST's errors: the class the handlers throw, and database errors mapped to its status codes.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Table } from './schema.ts';

export class RestError extends Error {
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

export const missingColumn = (table: Table, column: string) =>
  new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table.name}' in the schema cache`);
export const unknownColumn = (table: Table, column: string) => new RestError(400, '42703', `column ${table.name}.${column} does not exist`);

interface DbError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

/** Database errors → PostgREST's status codes; a denied anon request is 401, a denied user 403. */
export function fromDbError(err: DbError, role: string): RestError {
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

export const isDbError = (err: unknown): err is DbError =>
  !!err && typeof err === 'object' && typeof (err as DbError).code === 'string' && /^[0-9A-Z]{5}$/.test((err as DbError).code!);
