// /realtime/v1/websocket: the part of Supabase Realtime the app uses — postgres_changes INSERTs of a
// user's own task events (SUPABASE_CONTRACT.md §5), on Phoenix's JSON-array serializer (vsn 2.0.0).
// Every join and token update is authorized against the database; appends reach every process on the
// database through LISTEN/NOTIFY, and each process sends the rows to the sockets it holds.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { JwtClaims, ServerConfig } from '../context.ts';
import type { Database } from '../db.ts';
import type { Jwt } from '../jwt.ts';
import {
  COLUMNS,
  DEFAULT_REALTIME_LIMITS,
  isBindingRequest,
  isMessage,
  isRecord,
  REALTIME_PATH,
  type Binding,
  type EventRow,
  type Message,
  type RealtimeLimits,
} from './protocol.ts';

interface Channel {
  topic: string;
  joinRef: string | null;
  userId: string;
  bindings: Binding[];
  expiry?: NodeJS.Timeout;
}

interface Client {
  socket: WebSocket;
  channels: Map<string, Channel>;
  idle?: NodeJS.Timeout;
}

export interface Realtime {
  /** Sockets open on this process (tests, bench). */
  readonly socketCount: number;
  close(): Promise<void>;
}

export async function attachRealtime(
  server: Server,
  ctx: { db: Database; config: ServerConfig },
  jwt: Jwt,
  limits: RealtimeLimits = DEFAULT_REALTIME_LIMITS,
): Promise<Realtime> {
  const { db, config } = ctx;
  const apiKeys = new Set([config.anonKey, config.serviceRoleKey]);
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes, perMessageDeflate: false });
  const clients = new Set<Client>();
  /** userId → channels joined for that user's events, on this process. */
  const byUser = new Map<string, Set<{ client: Client; channel: Channel }>>();
  let nextBindingId = 1000;

  const refuse = (socket: Duplex, status: number, message: string) => {
    const body = JSON.stringify({ message });
    socket.end(`HTTP/1.1 ${status} ${message}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_PATH) return refuse(socket, 404, 'Not Found');
    const key = url.searchParams.get('apikey') ?? request.headers.apikey;
    if (typeof key !== 'string' || !apiKeys.has(key)) return refuse(socket, 401, 'Unauthorized');
    if (clients.size >= limits.maxSockets) return refuse(socket, 503, 'Too many connections');
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws));
  };
  server.on('upgrade', onUpgrade);

  const send = (client: Client, message: Message) => {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > limits.maxBufferedBytes) {
      client.socket.close(1013, 'too slow');
      return;
    }
    client.socket.send(JSON.stringify(message));
  };
  const reply = (client: Client, [joinRef, ref, topic]: Message, status: 'ok' | 'error', response: Record<string, unknown>) =>
    send(client, [joinRef, ref, topic, 'phx_reply', { status, response }]);

  const touch = (client: Client) => {
    clearTimeout(client.idle);
    client.idle = setTimeout(() => client.socket.close(1000, 'idle'), limits.idleMs);
    client.idle.unref();
  };

  function accept(socket: WebSocket) {
    const client: Client = { socket, channels: new Map() };
    clients.add(client);
    touch(client);
    socket.on('message', (data, isBinary) => {
      touch(client);
      if (isBinary) return;
      let message: unknown;
      try {
        message = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (!isMessage(message)) return;
      void handle(client, message).catch((err: Error) => {
        console.error('realtime message failed:', err.message);
        reply(client, message as Message, 'error', { reason: 'Internal error' });
      });
    });
    socket.on('close', () => {
      clearTimeout(client.idle);
      for (const channel of client.channels.values()) drop(client, channel);
      clients.delete(client);
    });
    socket.on('error', () => socket.terminate());
  }

  async function handle(client: Client, message: Message) {
    const [, , topic, event, payload] = message;
    if (topic === 'phoenix' && event === 'heartbeat') return reply(client, message, 'ok', {});
    switch (event) {
      case 'phx_join':
        return join(client, message, payload);
      case 'access_token':
        return updateToken(client, topic, payload);
      case 'phx_leave': {
        const channel = client.channels.get(topic);
        if (channel) drop(client, channel);
        return reply(client, message, 'ok', {});
      }
      default:
        // Broadcast and presence are not offered; say so rather than leave the client waiting.
        if (message[1] !== null) reply(client, message, 'error', { reason: `Unsupported event ${event}` });
    }
  }

  /** The user the token stands for, if it may receive the bindings' events now; else why not. */
  async function authorize(token: unknown, bindings: Omit<Binding, 'id'>[]): Promise<{ ok: true; claims: JwtClaims } | { ok: false; reason: string }> {
    if (typeof token !== 'string' || token.length > 16_384) return { ok: false, reason: 'Sign in to receive changes' };
    const verified = await jwt.verify(token);
    if (!verified.ok) return { ok: false, reason: verified.reason === 'expired' ? 'Token has expired' : 'Invalid token' };
    const { claims } = verified;
    if (claims.role !== 'authenticated' || typeof claims.sub !== 'string') return { ok: false, reason: 'Sign in to receive changes' };
    for (const binding of bindings) {
      if (binding.schema !== 'public' || binding.table !== 'task_events' || !['INSERT', '*'].includes(binding.event)) {
        return { ok: false, reason: 'Only INSERTs of public.task_events are available' };
      }
      if (binding.filter !== `user_id=eq.${claims.sub}`) return { ok: false, reason: 'You may only receive your own task events (filter user_id=eq.<your id>)' };
    }
    const [row] = (await db.asUser(claims, (q) => q.query<{ ok: boolean }>('select public.is_active_subscriber() as ok'))).rows;
    if (!row?.ok) return { ok: false, reason: 'An active Premium subscription is required for real-time sync' };
    return { ok: true, claims };
  }

  async function join(client: Client, message: Message, payload: unknown) {
    const [joinRef, , topic] = message;
    const config = isRecord(payload) && isRecord(payload.config) ? payload.config : {};
    const wanted = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    const existing = client.channels.get(topic);
    if (!existing && client.channels.size >= limits.maxChannelsPerSocket) return reply(client, message, 'error', { reason: 'Too many channels on one connection' });
    if (wanted.length > 10 || !wanted.every(isBindingRequest)) return reply(client, message, 'error', { reason: 'Invalid postgres_changes bindings' });
    const requests = wanted as Omit<Binding, 'id'>[];
    const access = await authorize(isRecord(payload) ? payload.access_token : undefined, requests);
    // A re-join replaces the channel, whatever the outcome.
    if (existing) drop(client, existing);
    if (!access.ok) return reply(client, message, 'error', { reason: access.reason });
    if (client.socket.readyState !== client.socket.OPEN) return;
    const bindings = requests.map((request) => ({ ...request, id: nextBindingId++ }));
    const channel: Channel = { topic, joinRef, userId: access.claims.sub!, bindings };
    client.channels.set(topic, channel);
    watch(client, channel, access.claims);
    reply(client, message, 'ok', {
      postgres_changes: bindings.map(({ id, event, schema, table, filter }) => ({ id, event, schema, table, ...(filter === undefined ? {} : { filter }) })),
    });
    send(client, [joinRef, null, topic, 'system', { message: 'Subscribed to PostgreSQL', status: 'ok', extension: 'postgres_changes', channel: topic.replace(/^realtime:/, '') }]);
  }

  async function updateToken(client: Client, topic: string, payload: unknown) {
    const channel = client.channels.get(topic);
    if (!channel) return;
    const access = await authorize(isRecord(payload) ? payload.access_token : undefined, channel.bindings);
    if (client.channels.get(topic) !== channel) return;
    if (access.ok && access.claims.sub === channel.userId) return watch(client, channel, access.claims);
    close(client, channel, access.ok ? 'The token belongs to another user' : access.reason);
  }

  /** Registers the channel for its user's events until the token expires. */
  function watch(client: Client, channel: Channel, claims: JwtClaims) {
    let set = byUser.get(channel.userId);
    if (!set) byUser.set(channel.userId, (set = new Set()));
    set.add({ client, channel });
    clearTimeout(channel.expiry);
    if (typeof claims.exp === 'number') {
      channel.expiry = setTimeout(() => close(client, channel, 'Token has expired'), Math.max(0, claims.exp * 1000 - Date.now()));
      channel.expiry.unref();
    }
  }

  /** Ends a channel from the server side, as Realtime does when access is lost. */
  function close(client: Client, channel: Channel, reason: string) {
    drop(client, channel);
    send(client, [channel.joinRef, null, channel.topic, 'system', { message: reason, status: 'error', extension: 'system', channel: channel.topic.replace(/^realtime:/, '') }]);
    send(client, [channel.joinRef, channel.joinRef, channel.topic, 'phx_close', {}]);
  }

  function drop(client: Client, channel: Channel) {
    clearTimeout(channel.expiry);
    if (client.channels.get(channel.topic) === channel) client.channels.delete(channel.topic);
    const set = byUser.get(channel.userId);
    if (!set) return;
    for (const entry of set) if (entry.channel === channel) set.delete(entry);
    if (set.size === 0) byUser.delete(channel.userId);
  }

  // Appends notify with the user and the range of new seqs; the rows are read here, once per process.
  const deliver = async (payload: string) => {
    let note: { user_id?: unknown; from?: unknown; to?: unknown };
    try {
      note = JSON.parse(payload);
    } catch {
      return;
    }
    const { user_id: userId, from, to } = note;
    if (typeof userId !== 'string' || !Number.isSafeInteger(from) || !Number.isSafeInteger(to) || !byUser.has(userId)) return;
    const { rows } = await db.query<EventRow>(
      `select user_id, seq::text, client_id, client_seq::text, event, created_at::text from public.task_events
       where user_id = $1 and seq between $2 and $3 order by seq`,
      [userId, from, to],
    );
    const listeners = byUser.get(userId);
    if (!listeners) return;
    for (const row of rows) {
      const record = { ...row, seq: Number(row.seq), client_seq: Number(row.client_seq), created_at: new Date(row.created_at).toISOString() };
      const data = { schema: 'public', table: 'task_events', commit_timestamp: record.created_at, type: 'INSERT', errors: null, columns: COLUMNS, record, old_record: {} };
      for (const { client, channel } of listeners) {
        const ids = channel.bindings.filter((binding) => binding.event === '*' || binding.event === 'INSERT').map((binding) => binding.id);
        if (ids.length > 0) send(client, [null, null, channel.topic, 'postgres_changes', { ids, data }]);
      }
    }
  };
  const stopListening = await db.listen('task_events', (payload) => void deliver(payload).catch((err: Error) => console.error('realtime delivery failed:', err.message)));

  return {
    get socketCount() {
      return clients.size;
    },
    async close() {
      server.off('upgrade', onUpgrade);
      for (const client of clients) client.socket.terminate();
      wss.close();
      await stopListening();
    },
  };
}
