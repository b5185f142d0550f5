// Load generator for bench/server.ts, in its own process so the server's CPU figures are the server's own.
// Reads one job as JSON on stdin, runs it for job.seconds, prints the result as JSON on stdout.
// job: { url, apikey, users: [{id, token, email, password}], kind: 'upsert'|'select'|'signIn'|'append', concurrency, seconds, tasks, batch, once? }
// or kind 'flood' (with attackerAddress) or 'victim': the two sides of the 'under attack' figures, see below.
import { Agent, request } from 'node:http';

/** A task list like the app's, serialized as the app sends it (a JSON string). */
function taskList(seed, count) {
  const start = 1_763_900_000_000 + seed * 10_000;
  return JSON.stringify(
    Array.from({ length: count }, (_, i) => ({
      id: `task-${start + i}-${(seed * 7919 + i).toString(36).padStart(6, '0')}`,
      title: `Task ${i + 1} of user ${seed}`,
      date: '2026-11-23',
      completed: i % 4 === 0,
      createdAt: start + i,
      order: i,
    })),
  );
}

const job = JSON.parse(await new Response(process.stdin).text());
const url = new URL(job.url);
const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency + 1 });

function call(method, path, headers, body, via = agent) {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method, path, agent: via, headers: body ? { ...headers, 'content-length': body.length } : headers },
      (res) => {
        let size = 0;
        res.on('data', (chunk) => (size += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode, size }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

// Bodies are serialized once: the bench measures the server, not this process.
const bodies = job.kind === 'upsert' ? job.users.map((u, i) => Buffer.from(JSON.stringify({ user_id: u.id, tasks: taskList(i, job.tasks) }))) : [];
const appended = [];
const json = { apikey: job.apikey, authorization: `Bearer ${job.apikey}`, 'content-type': 'application/json' };
const ops = {
  upsert: (u, i) =>
    call('POST', '/rest/v1/user_tasks', { apikey: job.apikey, authorization: `Bearer ${u.token}`, 'content-type': 'application/json', prefer: 'resolution=merge-duplicates', 'content-profile': 'public' }, bodies[i]).then((r) => r.status === 201),
  select: (u) =>
    call('GET', `/rest/v1/user_tasks?select=tasks&user_id=eq.${u.id}`, { apikey: job.apikey, authorization: `Bearer ${u.token}`, 'accept-profile': 'public' }).then(
      (r) => r.status === 200 && r.size > job.tasks * 40,
    ),
  // job.batch events per call, each worker counting its own client_seq.
  append: (u, i) => {
    appended[i] = (appended[i] ?? 0) + job.batch;
    const events = Array.from({ length: job.batch }, (_, k) => {
      const seq = appended[i] - job.batch + k + 1;
      return { client_seq: seq, event: { type: 'tasks/taskRenamed', payload: { id: `task-${i}`, title: `Edit ${seq}` } } };
    });
    const body = Buffer.from(JSON.stringify({ p_client_id: `bench-load-${i}`, p_events: events }));
    return call('POST', '/rest/v1/rpc/append_task_events', { apikey: job.apikey, authorization: `Bearer ${u.token}`, 'content-type': 'application/json' }, body).then((r) => r.status === 200);
  },
  signIn: (u) => call('POST', '/auth/v1/token?grant_type=password', json, Buffer.from(JSON.stringify({ email: u.email, password: u.password }))).then((r) => r.status === 200),
};
const at = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;

/**
 * 'flood': job.concurrency connections from job.attackerAddress (another IP to the server) try wrong
 * passwords for made-up addresses (credential stuffing) as fast as the answers come.
 */
async function flood() {
  const attackerAgent = new Agent({ keepAlive: true, maxSockets: job.concurrency, localAddress: job.attackerAddress });
  const started = performance.now();
  const deadline = started + job.seconds * 1000;
  const result = { tried: 0, triedFirst10s: 0, limited: 0, other: 0, firstLimitedAt: null };
  await Promise.all(
    Array.from({ length: job.concurrency }, async (_, worker) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const body = Buffer.from(JSON.stringify({ email: `stuffing-${worker}-${n}@example.com`, password: 'not-the-password' }));
        const r = await call('POST', '/auth/v1/token?grant_type=password', json, body, attackerAgent).catch(() => ({ status: 0 }));
        const elapsed = performance.now() - started;
        if (r.status === 400) {
          result.tried++;
          if (elapsed <= 10_000) result.triedFirst10s++;
        } else if (r.status === 429) {
          result.limited++;
          result.firstLimitedAt ??= elapsed;
        } else result.other++;
      }
    }),
  );
  attackerAgent.destroy();
  return result;
}

/**
 * 'victim': users[0] signs in every 500 ms and reads its task list in between; both timed. Each sign-in
 * comes from another address (127.0.0.10–29), like different people's: from one address, 20 sign-ins in
 * 10 s would be over the sign-in burst limit themselves.
 */
async function victim() {
  const user = job.users[0];
  const signInAgents = Array.from({ length: 20 }, (_, i) => new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.0.${10 + i}` }));
  const started = performance.now();
  const deadline = started + job.seconds * 1000;
  const signIns = [];
  const selects = [];
  let errors = 0;
  let nextSignIn = started;
  while (performance.now() < deadline) {
    if (performance.now() >= nextSignIn) {
      nextSignIn += 500;
      const t = performance.now();
      const via = signInAgents[signIns.length % signInAgents.length];
      const r = await call('POST', '/auth/v1/token?grant_type=password', json, Buffer.from(JSON.stringify({ email: user.email, password: user.password })), via);
      if (r.status === 200) signIns.push(performance.now() - t);
      else errors++;
    }
    const t = performance.now();
    const r = await call('GET', `/rest/v1/user_tasks?select=tasks&user_id=eq.${user.id}`, { apikey: job.apikey, authorization: `Bearer ${user.token}`, 'accept-profile': 'public' });
    if (r.status === 200) selects.push(performance.now() - t);
    else errors++;
  }
  for (const a of signInAgents) a.destroy();
  const stats = (list) => {
    list.sort((a, b) => a - b);
    return { count: list.length, median: at(list, 50), p95: at(list, 95) };
  };
  return { signIn: stats(signIns), select: stats(selects), errors };
}

if (job.kind === 'flood' || job.kind === 'victim') {
  const result = job.kind === 'flood' ? await flood() : await victim();
  agent.destroy();
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}

const op = ops[job.kind];

const latencies = [];
let errors = 0;
const started = performance.now();
const deadline = started + job.seconds * 1000;
await Promise.all(
  Array.from({ length: job.concurrency }, async (_, worker) => {
    const user = job.users[worker % job.users.length];
    // job.once: every worker makes exactly one call (to create each user's row before the measurements).
    for (let n = 0; job.once ? n < 1 : performance.now() < deadline; n++) {
      const t = performance.now();
      const ok = await op(user, worker % job.users.length).catch(() => false);
      if (ok) latencies.push(performance.now() - t);
      else errors++;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
process.stdout.write(
  JSON.stringify({ count: latencies.length, errors, perSecond: latencies.length / elapsed, median: at(latencies, 50), p99: at(latencies, 99), bodyBytes: bodies[0]?.length ?? 0 }),
);
