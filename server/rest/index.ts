// /rest/v1: the slice of PostgREST the app uses, on an allow-list of tables. Each request runs as the
// JWT's role with its claims set, so the row-level security policies decide what it may read or write.
// One file per resource, as Hono's guide has it: tables.ts (/:table) and rpc.ts (/rpc/:fn); the SQL pieces
// in query.ts, the catalog in schema.ts, PostgREST's errors in errors.ts.
import { Hono, type Context } from 'hono';
import type { JwtClaims, ServerContext } from '../context.ts';
import { BodyError } from '../body.ts';
import { restError } from '../http.ts';
import { bearerToken, type Jwt } from '../jwt.ts';
import { fromDbError, isDbError, RestError } from './errors.ts';
import { rpcRoutes } from './rpc.ts';
import { loadSchema, type SchemaCache, type Table } from './schema.ts';
import { tableRoutes } from './tables.ts';

/** What the resources share: the catalog, the caller's claims and running SQL as the caller. */
export interface Rest {
  ctx: ServerContext;
  tableFor(name: string): Promise<Table>;
  claimsOf(c: Context): Promise<JwtClaims>;
  runQuery(claims: JwtClaims, sql: string, params: unknown[]): Promise<Record<string, string | null>[]>;
}

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
      const { rows } = await ctx.db.asUserQuery<Record<string, string | null>>(claims, sql, params);
      return rows;
    } catch (err) {
      if (isDbError(err)) throw fromDbError(err, claims.role);
      throw err;
    }
  };

  const rest: Rest = { ctx, tableFor, claimsOf, runQuery };

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

  app.route('/rpc', rpcRoutes(rest));
  app.route('/', tableRoutes(rest));
  app.all('*', () => {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  });
  return app;
}
