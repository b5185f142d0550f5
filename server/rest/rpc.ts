// /rest/v1/rpc/<name>: supabase.rpc(name, args) on an allow-list of functions.
import { Hono, type Context } from 'hono';
import { allowOnly, jsonBody, readText, restError } from '../http.ts';
import { RestError } from './errors.ts';
import type { Rest } from './index.ts';
import { checkProfile, columnValue, parseJson } from './query.ts';
import { ident } from './schema.ts';

/** Functions callable at /rest/v1/rpc/<name>, with their named arguments and types, in call order. */
const EXPOSED_FUNCTIONS: Record<string, { args: [name: string, type: 'text' | 'jsonb'][] }> = {
  append_task_events: { args: [['p_client_id', 'text'], ['p_events', 'jsonb']] },
};

export function rpcRoutes({ ctx, claimsOf, runQuery }: Rest): Hono {
  const app = new Hono();

  // supabase.rpc(name, args): the body's keys are the function's named arguments.
  app.post('/:fn', async (c) => {
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
    return jsonBody(c, result?.body ?? '[]');
  });

  app.all('/:fn', allowOnly(['POST'], (c: Context) => restError(c, 405, { code: 'PGRST117', message: 'Unsupported HTTP method' })));
  return app;
}
