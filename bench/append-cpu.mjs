// The append path's CPU alone: one server process on a fresh PostgreSQL database (no cluster, no realtime sockets),
// N appends of one event, CONCURRENCY at a time over keep-alive, and the server process's CPU (from /proc) per
// append after 500 to warm up. A cost that holds still on a busy machine, where the load bench's CPU per append
// moves with the rate served (its fixed per-second work is spread over fewer appends). docs/server.md.
// Usage: node bench/append-cpu.mjs [N=4000] [CONCURRENCY=16] [TREE=.]   (BENCH_PORT, default 4510; TEST_DATABASE_URL)
// BENCH_SOCKETS=n (default 0): n realtime sockets joined first, n/64 per user (two per user with 128, as two devices
// of each of the 64 users): the server's CPU per append then holds the deliveries to them (all on this one process).
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
const [nS = '4000', cS = '16', treeArg = '.'] = process.argv.slice(2); const N = Number(nS), C = Number(cS), tree = resolve(treeArg);
const PORT = Number(process.env.BENCH_PORT ?? 4510);
const require = createRequire(resolve('package.json'));
const pg = require('pg'); const { SignJWT } = await import(require.resolve('jose'));
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://planner:planner@127.0.0.1:5432/planner_test';
const admin = new pg.Client({ connectionString: adminUrl }); await admin.connect();
const name = `planner_bench_cpu_${randomBytes(4).toString('hex')}`; await admin.query(`create database ${name}`);
const dbUrl = new URL(adminUrl); dbUrl.pathname = `/${name}`; const url = dbUrl.toString(); const secret = randomBytes(32).toString('hex');
const dataDir = mkdtempSync('/tmp/planner-append-cpu-');
const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: tree, env: { ...process.env, DATABASE_URL: url, WORKERS: '1', PORT: String(PORT), HOST: '127.0.0.1', JWT_SECRET: secret, DATA_DIR: dataDir, BILLING_MODE: 'test', PUBLIC_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
let out = ''; const ready = new Promise((res) => { const f = (d) => { out += d; const k = /Anon key: (\S+)/.exec(out)?.[1]; if (k && /running at/.test(out)) res(k); }; child.stdout.on('data', f); child.stderr.on('data', f); });
const anon = await ready;
try {
  const db = new pg.Client({ connectionString: url }); db.on('error', () => {}); await db.connect();
  const { rows } = await db.query(`insert into auth.users (email, email_confirmed_at) select 'cpu-' || g || '@example.com', now() from generate_series(1, 64) g returning id, email`);
  await db.query(`insert into public.subscribers (user_id, email, subscribed, subscription_tier, subscription_end) select id, email, true, 'Premium', now() + interval '30 days' from auth.users`);
  const iat = Math.floor(Date.now() / 1000); const key = new TextEncoder().encode(secret);
  const tokens = await Promise.all(rows.map((r) => new SignJWT({ email: r.email, role: 'authenticated', session_id: randomUUID() }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer(`http://127.0.0.1:${PORT}/auth/v1`).setSubject(r.id).setAudience('authenticated').setIssuedAt(iat).setExpirationTime(iat + 3600).sign(key)));
  const agent = new Agent({ keepAlive: true, maxSockets: C });
  const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 0);
  const { default: WebSocket } = await import(require.resolve('ws'));
  const sockets = [];
  let delivered = 0;
  for (let i = 0; i < SOCKETS; i++) {
    const u = i % tokens.length;
    // 32 a source address: the server allows 64 connections from one.
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/realtime/v1/websocket?apikey=${anon}&vsn=2.0.0`, { perMessageDeflate: false, localAddress: `127.9.${Math.floor(i / 32)}.1` });
    await new Promise((res, rej) => { ws.once('open', res); ws.once('error', rej); });
    const joined = new Promise((res, rej) => ws.on('message', (data) => { const [, ref, , event, payload] = JSON.parse(data.toString()); if (event === 'postgres_changes') delivered++; else if (ref === '1') (payload.status === 'ok' ? res() : rej(new Error(JSON.stringify(payload)))); }));
    ws.send(JSON.stringify(['1', '1', `realtime:task-events-${rows[u].id}`, 'phx_join', { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'task_events', filter: `user_id=eq.${rows[u].id}` }] }, access_token: tokens[u] }]));
    await joined;
    sockets.push(ws);
  }
  const seq = new Map();
  const one = (i) => new Promise((res, rej) => { const u = i % tokens.length; const s = (seq.get(u) ?? 0) + 1; seq.set(u, s);
    const body = JSON.stringify({ p_client_id: 'cpu', p_events: [{ client_seq: s, event: { type: 'tasks/taskAdded', payload: { id: `t${s}`, title: 'x', date: 'someday' } } }] });
    const req = request({ host: '127.0.0.1', port: PORT, method: 'POST', path: '/rest/v1/rpc/append_task_events', agent, headers: { apikey: anon, authorization: `Bearer ${tokens[u]}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (r) => { r.resume(); r.on('end', () => (r.statusCode === 200 ? res() : rej(new Error(String(r.statusCode))))); });
    req.on('error', rej); req.end(body); });
  const run = async (n) => { let next = 0; await Promise.all(Array.from({ length: C }, async () => { while (next < n) await one(next++); })); };
  await run(500); // warm-up
  const ticks = () => { const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' '); return Number(f[11]) + Number(f[12]); };
  // Every delivery of the warm-up in before the count starts, and every one of the run in before it ends.
  const settle = async (expected) => { for (let i = 0; i < 200 && delivered < expected; i++) await new Promise((r) => setTimeout(r, 50)); };
  await settle((500 * SOCKETS) / tokens.length);
  const d0 = delivered;
  const t0 = ticks(), w0 = performance.now(); await run(N); await settle(d0 + (N * SOCKETS) / tokens.length); const t1 = ticks(), w1 = performance.now();
  const deliveries = SOCKETS ? `, ${((delivered - d0) / N).toFixed(2)} deliveries each` : '';
  console.log(`${tree}: ${N} appends in ${((w1 - w0) / 1000).toFixed(1)} s, server CPU ${((t1 - t0) * 10 / N).toFixed(3)} ms per append${deliveries}, load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  for (const ws of sockets) ws.terminate();
  await db.end(); agent.destroy();
} catch (err) { console.error('append-cpu failed:', err); process.exitCode = 1; } finally { child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r)); await admin.query(`drop database if exists ${name} with (force)`); await admin.end(); rmSync(dataDir, { recursive: true, force: true }); }
