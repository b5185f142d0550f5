// /rest/v1/rpc/<name>: supabase.rpc(name, args) on an allow-list of functions.
import { Hono, type Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { allowOnly, jsonBody, readText, restError } from '../http.ts';
import { RestError } from './errors.ts';
import type { Rest } from './index.ts';
import { checkProfile, columnValue, parseJson } from './query.ts';
import { ident } from './schema.ts';
import { diagRecord } from '../diag.ts';

/** Functions callable at /rest/v1/rpc/<name>, with their named arguments and types, in call order. */
const EXPOSED_FUNCTIONS: Record<string, { args: [name: string, type: 'text' | 'jsonb'][] }> = {
  append_task_events: { args: [['p_client_id', 'text'], ['p_events', 'jsonb']] },
};

/**
 * The append committed (runQuery's transaction has ended): its pointer goes to every process's realtime, which
 * reads the rows itself. The function no longer NOTIFYs inside the append (migration 0008, docs/sync.md). The range
 * spans the rows returned, stored now or by an earlier try of the same batch: a row a socket already has is not
 * sent to it again.
 */
function pointTo(ctx: ServerContext, userId: string, body: string) {
  if (!ctx.appended) return;
  let from = Infinity;
  let to = -Infinity;
  for (const row of JSON.parse(body) as { seq: number }[]) {
    from = Math.min(from, row.seq);
    to = Math.max(to, row.seq);
  }
  if (Number.isSafeInteger(from) && Number.isSafeInteger(to)) ctx.appended(userId, from, to);
}

export function rpcRoutes({ ctx, claimsOf, runQuery }: Rest): Hono {
  const app = new Hono();

  // supabase.rpc(name, args): the body's keys are the function's named arguments.
  app.post('/:fn', async (c) => {
    const started = performance.now();
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
    const body = result?.body ?? '[]';
    if (name === 'append_task_events' && claims.sub) pointTo(ctx, claims.sub, body);
    diagRecord('handler', performance.now() - started);
    return jsonBody(c, body);
  });

  app.all('/:fn', allowOnly(['POST'], (c: Context) => restError(c, 405, { code: 'PGRST117', message: 'Unsupported HTTP method' })));
  return app;
}
