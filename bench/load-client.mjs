// Load generator for bench/load.ts, one role per process (forked with an IPC channel; plain JS so it starts in
// ~50 ms and spends no CPU on a TypeScript loader). Roles:
// - 'subscribers': holds realtime sockets speaking the Phoenix frames supabase-js sends (SUPABASE_CONTRACT.md §5),
//   one join per socket, heartbeats every 25 s; applies each user's rows in seq order as the app does (a row at or
//   below the last applied is a duplicate and dropped; a gap or a reconnect reads the log over REST), and
//   reconnects 1 s after a drop as supabase-js does. Records commit → subscriber latency from the send time the
//   writer put in each event.
// - 'http': appends at a steady rate, small REST reads, password sign-ins or a wrong-password flood.
// Every figure is measured here and sent back to the parent; nothing is asserted.
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';

const now = () => performance.timeOrigin + performance.now();
let job;
const send = (message) => process.send(message);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function call(agent, method, path, headers, body) {
  const url = new URL(job.url);
  return new Promise((resolve) => {
    const req = request({ host: url.hostname, port: url.port, method, path, agent, headers: body ? { ...headers, 'content-length': body.length } : headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
      res.on('error', () => resolve({ status: 0, body: '' }));
    });
    req.on('error', () => resolve({ status: 0, body: '' }));
    // An answer that never comes (a worker killed mid-request behind a kept-alive connection) counts as an error.
    req.setTimeout(30_000, () => req.destroy());
    req.end(body);
  });
}

// ---- subscribers ----
const sockets = [];
let recording = false;
let latencies = [];
// From the row's created_at (now() in the append's transaction): the delivery's own time, without the append's
// wait for a worker and a pool connection, which the send time above holds.
let fromCommit = [];
let catchUps = 0;

const RECONNECT_MS = [1000, 2000, 5000, 10000];
function open(s) {
  s.attemptAt = now();
  s.ws = new WebSocket(`${job.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${job.apikey}&vsn=2.0.0`, { localAddress: s.address, perMessageDeflate: false });
  // The TCP connection's own time (the kernel's handshake and accept queue), apart from the WebSocket upgrade's.
  s.ws._req?.once('socket', (socket) => socket.once('connect', () => (s.tcpAt = now())));
  s.ws.on('open', () => {
    s.openedAt = now();
    s.tries = 0;
    s.ref = String(++s.joins);
    const filter = `user_id=eq.${s.userId}`;
    s.ws.send(JSON.stringify([s.ref, s.ref, 'realtime:tasks', 'phx_join', { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'task_events', filter }] }, access_token: s.token }]));
  });
  s.ws.on('message', (data) => {
    const [, ref, , event, payload] = JSON.parse(data.toString());
    if (event === 'postgres_changes') return receive(s, payload.data.record, true);
    if (event === 'phx_reply' && ref === s.ref) {
      if (payload.status !== 'ok') {
        s.refused = payload.response?.reason ?? 'refused';
        return;
      }
      s.joinedAt = now();
      s.joined = true;
      // After a drop, the app reads what it missed from the log.
      if (s.dropped) void catchUp(s);
    }
  });
  s.ws.on('error', () => {});
  s.ws.on('close', () => {
    s.joined = false;
    if (job.stopping) return;
    s.dropped = true;
    s.droppedAt ??= now();
    s.attempts = (s.attempts ?? 0) + 1;
    // supabase-js's schedule (realtime-js RealtimeClient: reconnectAfterMs), counted from the last open.
    s.tries = (s.tries ?? 0) + 1;
    setTimeout(() => open(s), RECONNECT_MS[s.tries - 1] ?? 10_000);
  });
}

function receive(s, row, live) {
  if (row.seq <= s.last || s.pending.has(row.seq)) {
    s.duplicates++;
    return;
  }
  if (live && recording) {
    const sentAt = Number(row.event?.payload?.title);
    if (sentAt > 0) latencies.push(now() - sentAt);
    const committed = Date.parse(row.created_at);
    if (committed > 0) fromCommit.push(now() - committed);
  }
  s.pending.set(row.seq, row);
  while (s.pending.has(s.last + 1)) {
    s.pending.delete(s.last + 1);
    s.last++;
    s.applied++;
  }
  if (live && s.pending.size > 0 && !s.reading) void catchUp(s);
}

const readAgent = new Agent({ keepAlive: true, maxSockets: 32 });
async function catchUp(s) {
  s.reading = true;
  catchUps++;
  try {
    for (;;) {
      const r = await call(readAgent, 'GET', `/rest/v1/task_events?select=seq,client_id,client_seq&seq=gt.${s.last}&order=seq.asc&limit=1000`, {
        apikey: job.apikey,
        authorization: `Bearer ${s.token}`,
        'accept-profile': 'public',
      });
      if (r.status !== 200) {
        await sleep(500);
        continue;
      }
      const rows = JSON.parse(r.body);
      for (const row of rows) receive(s, row, false);
      if (rows.length < 1000) break;
    }
  } finally {
    s.reading = false;
  }
  // Rows that arrived live above a gap while this read ran: read again (every row below a delivered one is committed).
  if (s.pending.size > 0) setTimeout(() => void catchUp(s), 100);
}

async function connectAll() {
  for (const [i, spec] of job.sockets.entries()) sockets.push({ ...spec, address: job.addresses[i % job.addresses.length], joins: 0, last: 0, applied: 0, duplicates: 0, pending: new Map() });
  // Heartbeats from the start, as supabase-js sends them: the server closes a socket silent for 60 s.
  const beat = setInterval(() => {
    for (const s of sockets) if (s.joined) s.ws.send(JSON.stringify([null, String(++s.joins), 'phoenix', 'heartbeat', {}]));
  }, 25_000);
  beat.unref();
  // A bounded number of handshakes in flight, as browsers arriving over a few seconds would be.
  let next = 0;
  await Promise.all(
    Array.from({ length: job.connectConcurrency }, async () => {
      while (next < sockets.length) {
        const s = sockets[next++];
        open(s);
        while (!s.joined && !s.refused) await sleep(5);
      }
    }),
  );
}

function subscriberReport(message) {
  const heads = message.heads ?? {};
  const dropped = sockets.filter((s) => s.droppedAt !== undefined);
  const back = dropped.filter((s) => s.joined && s.joinedAt > s.droppedAt);
  return {
    held: sockets.filter((s) => s.joined).length,
    refused: sockets.filter((s) => s.refused).map((s) => s.refused).slice(0, 3),
    latencies,
    fromCommit,
    dropped: dropped.length,
    back: back.length,
    lastBackAt: back.reduce((max, s) => Math.max(max, s.joinedAt), 0),
    // Per socket back: when it joined, how long its last attempt's handshake and its join took, and its attempts.
    backTimes: back.map((s) => [s.joinedAt, s.openedAt - s.attemptAt, s.joinedAt - s.openedAt, s.attempts, (s.tcpAt ?? NaN) - s.attemptAt]),
    lost: message.heads ? sockets.reduce((sum, s) => sum + Math.max(0, (heads[s.userId] ?? 0) - s.last), 0) : null,
    // Of those: on sockets whose catch-up read is still under way (late, not lost), and on sockets never dropped.
    lostReading: message.heads ? sockets.reduce((sum, s) => sum + (s.reading ? Math.max(0, (heads[s.userId] ?? 0) - s.last) : 0), 0) : null,
    lostNeverDropped: message.heads ? sockets.reduce((sum, s) => sum + (s.droppedAt === undefined ? Math.max(0, (heads[s.userId] ?? 0) - s.last) : 0), 0) : null,
    duplicatesReceived: sockets.reduce((sum, s) => sum + s.duplicates, 0),
    applied: sockets.reduce((sum, s) => sum + s.applied, 0),
    catchUps,
    cpu: process.cpuUsage(),
  };
}

// ---- http ----
const at = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
function summary(list, errors, seconds) {
  list.sort((a, b) => a - b);
  return { count: list.length, errors, perSecond: list.length / seconds, p50: at(list, 50), p99: at(list, 99), cpu: process.cpuUsage() };
}

/** Appends one event per call at job.rate per second across job.users, open loop (the schedule does not wait). */
async function appends() {
  // Spread over addresses: the per-address connection cap (64 per worker) is for one client, and this is many.
  const agents = job.addresses.map((localAddress) => new Agent({ keepAlive: true, maxSockets: Math.ceil(job.maxInFlight / job.addresses.length), localAddress }));
  const counters = new Map();
  const list = [];
  let errors = 0;
  let inFlight = 0;
  let skipped = 0;
  const started = now();
  const pending = [];
  // The generator's own event-loop delay: if it is late, the latencies it measures include its lateness.
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  for (let n = 0; ; n++) {
    const due = started + (n * 1000) / job.rate;
    if (due > started + job.seconds * 1000) break;
    const wait = due - now();
    if (wait > 1) await sleep(wait);
    if (inFlight >= job.maxInFlight) {
      skipped++;
      continue;
    }
    const user = job.users[n % job.users.length];
    const seq = (counters.get(user.userId) ?? 0) + 1;
    counters.set(user.userId, seq);
    const t = now();
    const body = Buffer.from(JSON.stringify({ p_client_id: job.clientId, p_events: [{ client_seq: seq, event: { type: 'tasks/taskRenamed', payload: { id: 'bench-task', title: String(t) } } }] }));
    inFlight++;
    pending.push(
      call(agents[n % agents.length], 'POST', '/rest/v1/rpc/append_task_events', { apikey: job.apikey, authorization: `Bearer ${user.token}`, 'content-type': 'application/json' }, body).then((r) => {
        inFlight--;
        if (r.status === 200) list.push(now() - t);
        else errors++;
      }),
    );
  }
  await Promise.all(pending);
  delay.disable();
  const loopDelay = { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
  return { ...summary(list, errors, (now() - started) / 1000), skipped, loopDelay };
}

/** job.concurrency loops of one request each for job.seconds: small reads, sign-ins, or a wrong-password flood. */
async function closedLoop(kind) {
  const agents = job.addresses.map((localAddress) => new Agent({ keepAlive: true, maxSockets: job.concurrency, localAddress }));
  const json = { apikey: job.apikey, authorization: `Bearer ${job.apikey}`, 'content-type': 'application/json' };
  const list = [];
  let errors = 0;
  let limited = 0;
  const started = now();
  const deadline = started + job.seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (now() < deadline) {
        const i = n++;
        const agent = agents[i % agents.length];
        const t = now();
        let r;
        if (kind === 'reads') {
          const u = job.users[i % job.users.length];
          r = await call(agent, 'GET', `/rest/v1/user_tasks?select=tasks&user_id=eq.${u.userId}`, { apikey: job.apikey, authorization: `Bearer ${u.token}`, 'accept-profile': 'public' });
          if (r.status === 200 && r.body.length > 20) list.push(now() - t);
          else errors++;
        } else {
          const a = job.accounts[i % job.accounts.length];
          const password = kind === 'flood' ? 'not-the-password' : a.password;
          const email = kind === 'flood' ? `stuffing-${i}@example.com` : a.email;
          r = await call(agent, 'POST', '/auth/v1/token?grant_type=password', json, Buffer.from(JSON.stringify({ email, password })));
          if (r.status === 429) limited++;
          else if (r.status === (kind === 'flood' ? 400 : 200)) list.push(now() - t);
          else errors++;
        }
      }
    }),
  );
  return { ...summary(list, errors, (now() - started) / 1000), limited };
}

process.on('message', async (message) => {
  if (message.cmd === 'job') {
    job = message.job;
    if (job.role === 'subscribers') {
      await connectAll();
      send({ type: 'ready', held: sockets.filter((s) => s.joined).length, cpu: process.cpuUsage() });
    } else {
      const result = job.kind === 'appends' ? await appends() : await closedLoop(job.kind);
      send({ type: 'result', result });
    }
  } else if (message.cmd === 'record') {
    recording = message.on;
    if (message.on) {
      latencies = [];
      fromCommit = [];
    }
    send({ type: 'ack' });
  } else if (message.cmd === 'report') {
    send({ type: 'report', report: subscriberReport(message) });
  } else if (message.cmd === 'stop') {
    job.stopping = true;
    for (const s of sockets) s.ws?.terminate();
    process.exit(0);
  }
});
