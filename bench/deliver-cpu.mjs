// The delivery's socket side alone: CPU of the writing process per delivery of one row (a postgres_changes message
// of ~0.8 KB) to 256 sockets (two devices of each of 128 users), as realtime wrote it before (ws's send of each
// channel's string, corked per socket) and as it does now (the row framed once per user, one write of that buffer
// per socket). Blocks of each alternate, so both meet the same load. The receiving sockets live in a child
// process. docs/server.md. Usage: npx tsx bench/deliver-cpu.mjs [ROUNDS=400] [BLOCKS=10]
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { WebSocketServer } from 'ws';

const [roundsS = '400', blocksS = '10'] = process.argv.slice(2);
const ROUNDS = Number(roundsS), BLOCKS = Number(blocksS), USERS = 128;
if (process.argv[2] === 'child') {
  const { default: WebSocket } = await import('ws');
  const port = Number(process.argv[3]);
  let received = 0;
  for (let i = 0; i < USERS * 2; i++) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { perMessageDeflate: false });
    ws.on('message', () => received++);
    await new Promise((r) => ws.once('open', r));
  }
  process.send('ready');
  process.on('message', () => process.send(received));
} else {
  // Run with tsx (npx tsx bench/deliver-cpu.mjs): the server's framing is TypeScript.
  const { textFrame } = await import('../server/realtime/index.ts');
  const server = createServer();
  const wss = new WebSocketServer({ server, perMessageDeflate: false, clientTracking: true });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const child = fork(new URL(import.meta.url).pathname, ['child', String(server.address().port)], { execArgv: [] });
  await new Promise((r) => child.once('message', r));
  const sockets = [...wss.clients];
  const record = { user_id: '00000000-0000-4000-8000-000000000000', seq: 1, client_id: 'c'.repeat(36), client_seq: 1, event: { type: 'tasks/taskRenamed', payload: { id: 't'.repeat(36), title: 'x'.repeat(40) } }, created_at: new Date().toISOString() };
  const data = JSON.stringify({ schema: 'public', table: 'task_events', commit_timestamp: record.created_at, type: 'INSERT', errors: null, columns: [{ name: 'user_id', type: 'uuid' }, { name: 'seq', type: 'int8' }, { name: 'client_id', type: 'text' }, { name: 'client_seq', type: 'int8' }, { name: 'event', type: 'jsonb' }, { name: 'created_at', type: 'timestamptz' }], record, old_record: {} });
  const topic = (u) => `realtime:task-events-${String(u).padStart(36, '0')}`;
  const before = () => {
    for (let u = 0; u < USERS; u++) for (const d of [0, 1]) {
      const ws = sockets[u * 2 + d];
      const head = `[null,null,${JSON.stringify(topic(u))},"postgres_changes",{"ids":${JSON.stringify([1000 + u * 2 + d])},"data":`;
      const frame = `${head}${data}}]`;
      ws._socket.cork(); ws.send(frame); ws._socket.uncork();
    }
  };
  const after = () => {
    for (let u = 0; u < USERS; u++) {
      const head = `[null,null,${JSON.stringify(topic(u))},"postgres_changes",{"ids":[12345678],"data":`;
      const frame = textFrame(`${head}${data}}]`);
      for (const d of [0, 1]) sockets[u * 2 + d]._socket.write(frame);
    }
  };
  const drain = () => new Promise((r) => setImmediate(r));
  const cpu = { before: 0, after: 0 };
  for (let b = 0; b < BLOCKS * 2; b++) {
    const [name, fn] = b % 2 === 0 ? ['before', before] : ['after', after];
    const t = process.cpuUsage();
    for (let i = 0; i < ROUNDS; i++) { fn(); await drain(); }
    const used = process.cpuUsage(t);
    cpu[name] += used.user + used.system;
  }
  const deliveries = ROUNDS * BLOCKS * USERS * 2;
  const received = await new Promise((r) => { child.once('message', r); child.send('count'); });
  console.log(`per delivery, writer's CPU: before ${(cpu.before / deliveries).toFixed(2)} µs, after ${(cpu.after / deliveries).toFixed(2)} µs (${deliveries} each, ${received} received of ${deliveries * 2}); load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  child.kill(); server.close(); for (const ws of sockets) ws.terminate();
}
