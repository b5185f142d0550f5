// /rest/v1/rpc/<name>: supabase.rpc(name, args) on an allow-list of functions.
import { Hono, type Context } from 'hono';
import type { AppendResult } from '../appendBatch.ts';
import type { JwtClaims, ServerContext } from '../context.ts';
import { allowOnly, jsonBody, readText, restError } from '../http.ts';
import { fromDbError, isDbError, RestError } from './errors.ts';
import type { Rest } from './index.ts';
import { checkProfile, columnValue, parseJson } from './query.ts';
import { ident } from './schema.ts';
import { diagRecord } from '../diag.ts';

/** Functions callable at /rest/v1/rpc/<name>, with their named arguments and types, in call order. */
const EXPOSED_FUNCTIONS: Record<string, { args: [name: string, type: 'text' | 'jsonb'][] }> = {
  append_task_events: { args: [['p_client_id', 'text'], ['p_events', 'jsonb']] },
};

/**
 * The append committed (its transaction has ended): its pointer goes to every process's realtime, which reads the
 * rows itself. The function no longer NOTIFYs inside the append (migration 0008, docs/sync.md). The range spans the
 * rows returned, stored now or by an earlier try of the same batch: a row a socket already has is not sent to it
 * again. The database returns the range beside the body, so the answer is not parsed again here.
 */
export function pointTo(ctx: ServerContext, userId: string, { from, to }: AppendResult) {
  if (ctx.appended && from !== null && to !== null && Number.isSafeInteger(from) && Number.isSafeInteger(to)) ctx.appended(userId, from, to);
}

/** append_task_events as the caller, batched with this process's other appends (server/appendBatch.ts). */
async function append(ctx: ServerContext, claims: JwtClaims, clientId: string | null, events: string): Promise<AppendResult> {
  try {
    return await ctx.db.appendTaskEvents(claims, clientId, events);
  } catch (err) {
    if (isDbError(err)) throw fromDbError(err, claims.role);
    throw err;
  }
}

/** The fast lane's outcome of an append it handed to the route (./appendFast.ts): the append ran once, there. */
export type AppendOutcome = { ok: true; result: AppendResult } | { ok: false; error: unknown };
export const APPEND_OUTCOME = Symbol('planner.appendOutcome');

/** The named arguments of a call, checked against the function's, as its parameters in call order. */
function callParams(name: string, fn: (typeof EXPOSED_FUNCTIONS)[string] | undefined, args: unknown): (string | null)[] {
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
  return fn.args.map(([arg, type]) => (type === 'jsonb' ? JSON.stringify(values[arg] ?? null) : columnValue(values[arg])));
}

/** append_task_events's parameters (client id, events as JSON text) from its parsed body; throws as the route answers. */
export const appendParams = (args: unknown) => callParams('append_task_events', EXPOSED_FUNCTIONS.append_task_events, args) as [string | null, string];

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
    const params = callParams(name, fn, parseJson(text, {}));
    if (name === 'append_task_events') {
      const outcome = (c.env as { incoming?: { [APPEND_OUTCOME]?: AppendOutcome } } | undefined)?.incoming?.[APPEND_OUTCOME];
      let result: AppendResult;
      if (outcome?.ok) result = outcome.result;
      else if (outcome) throw isDbError(outcome.error) ? fromDbError(outcome.error, claims.role) : outcome.error;
      else {
        result = await append(ctx, claims, params[0] as string | null, params[1] as string);
        if (claims.sub) pointTo(ctx, claims.sub, result);
      }
      diagRecord('handler', performance.now() - started);
      return jsonBody(c, result.body);
    }
    // callParams refused an unknown function.
    const call = fn!.args.map(([arg, type], i) => `${ident(arg)} => $${i + 1}::${type}`).join(', ');
    const [result] = await runQuery(claims, `select coalesce(json_agg(r), '[]')::text as body from public.${ident(name)}(${call}) r`, params);
    return jsonBody(c, result?.body ?? '[]');
  });

  app.all('/:fn', allowOnly(['POST'], (c: Context) => restError(c, 405, { code: 'PGRST117', message: 'Unsupported HTTP method' })));
  return app;
}
