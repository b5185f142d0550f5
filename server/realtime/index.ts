// /realtime/v1/websocket: the part of Supabase Realtime the app uses — postgres_changes INSERTs of a
// user's own task events (SUPABASE_CONTRACT.md §5), on Phoenix's JSON-array serializer (vsn 2.0.0).
// Every join and every new token is authorized against the database; appends reach every process on the
// database through LISTEN/NOTIFY, and each process sends the rows to the sockets it holds (./fanout.ts).
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { JwtClaims, ServerConfig } from '../context.ts';
import type { Database } from '../db.ts';
import type { Jwt } from '../jwt.ts';
import {
  DEFAULT_REALTIME_LIMITS,
  isBindingRequest,
  isMessage,
  isRecord,
  REALTIME_PATH,
  type Binding,
  type Message,
  type RealtimeLimits,
} from './protocol.ts';
import { createFanout, type Fanout, type PreparedRow, type Subscription } from './fanout.ts';
import { createNotifier } from './notifier.ts';

interface Channel {
  topic: string;
  joinRef: string | null;
  userId: string;
  bindings: Binding[];
  /** The token last verified for this channel: the same one sent again is not verified again. */
  token: string;
  subscription: Subscription;
  expiry?: NodeJS.Timeout;
}

interface Client {
  socket: WebSocket;
  channels: Map<string, Channel>;
  /** Frames waiting for the end of the fan-out batch, written together. */
  outbox: string[];
  idle?: NodeJS.Timeout;
}

export interface Realtime {
  /** Sockets open on this process (tests, bench). */
  readonly socketCount: number;
  readonly fanout: Fanout;
  /** An append of the user's rows from..to committed here: the pointer goes out after this tick's other appends. */
  appended(userId: string, from: number, to: number): void;
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
  let nextBindingId = 1000;
  const dirty = new Set<Client>();

  const refuse = (socket: Duplex, status: number, message: string) => {
    const body = JSON.stringify({ message });
    socket.end(`HTTP/1.1 ${status} ${message}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_PATH) return refuse(socket, 404, 'Not Found');
    const key = url.searchParams.get('apikey') ?? request.headers.apikey;
    if (typeof key !== 'string' || !apiKeys.has(key)) return refuse(socket, 401, 'Unauthorized');
    if (clients.size >= config.limits.maxRealtimeSockets) return refuse(socket, 503, 'Too many connections');
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws));
  };
  server.on('upgrade', onUpgrade);

  const writable = (client: Client) => {
    if (client.socket.readyState !== client.socket.OPEN) return false;
    if (client.socket.bufferedAmount <= limits.maxBufferedBytes) return true;
    client.socket.close(1013, 'too slow');
    return false;
  };
  const send = (client: Client, message: Message) => {
    if (writable(client)) client.socket.send(JSON.stringify(message));
  };
  /**
   * Writes each waiting socket's frames in one system call: corked, ws's frames (header and body each) gather
   * in the stream and leave together on uncork. `_socket` is ws's own field for the connection it owns.
   */
  const flush = () => {
    for (const client of dirty) {
      const frames = client.outbox;
      client.outbox = [];
      if (!writable(client)) continue;
      const raw = (client.socket as unknown as { _socket?: Socket })._socket;
      raw?.cork();
      for (const frame of frames) client.socket.send(frame);
      raw?.uncork();
    }
    dirty.clear();
  };
  const fanout = createFanout(db.reader, flush);
  const reply = (client: Client, [joinRef, ref, topic]: Message, status: 'ok' | 'error', response: Record<string, unknown>) =>
    send(client, [joinRef, ref, topic, 'phx_reply', { status, response }]);

  const touch = (client: Client) => {
    clearTimeout(client.idle);
    client.idle = setTimeout(() => client.socket.close(1000, 'idle'), limits.idleMs);
    client.idle.unref();
  };

  function accept(socket: WebSocket) {
    const client: Client = { socket, channels: new Map(), outbox: [] };
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
    const [row] = (await db.asUserQuery<{ ok: boolean }>(claims, 'select public.is_active_subscriber() as ok')).rows;
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
    const token = isRecord(payload) ? payload.access_token : undefined;
    const access = await authorize(token, requests);
    // A re-join replaces the channel, whatever the outcome.
    const current = client.channels.get(topic);
    if (current) drop(client, current);
    if (!access.ok) return reply(client, message, 'error', { reason: access.reason });
    if (client.socket.readyState !== client.socket.OPEN) return;
    const bindings = requests.map((request) => ({ ...request, id: nextBindingId++ }));
    const userId = access.claims.sub!;
    const channel: Channel = { topic, joinRef, userId, bindings, token: token as string, subscription: { userId, after: 0, deliver: (rows) => queue(client, channel, rows) } };
    client.channels.set(topic, channel);
    // The reply waits for the fan-out to place the channel at its user's log head: the client catches up from
    // the log once subscribed, and every event after that head reaches the channel.
    fanout.join(channel.subscription, () => {
      if (client.channels.get(topic) !== channel || client.socket.readyState !== client.socket.OPEN) return false;
      expireWith(client, channel, access.claims);
      reply(client, message, 'ok', {
        postgres_changes: bindings.map(({ id, event, schema, table, filter }) => ({ id, event, schema, table, ...(filter === undefined ? {} : { filter }) })),
      });
      send(client, [joinRef, null, topic, 'system', { message: 'Subscribed to PostgreSQL', status: 'ok', extension: 'postgres_changes', channel: topic.replace(/^realtime:/, '') }]);
      return true;
    });
  }

  async function updateToken(client: Client, topic: string, payload: unknown) {
    const channel = client.channels.get(topic);
    if (!channel) return;
    const token = isRecord(payload) ? payload.access_token : undefined;
    // supabase-js sends the token again on events that did not change it: nothing new to check.
    if (token === channel.token) return;
    const access = await authorize(token, channel.bindings);
    if (client.channels.get(topic) !== channel) return;
    if (access.ok && access.claims.sub === channel.userId) {
      channel.token = token as string;
      return expireWith(client, channel, access.claims);
    }
    close(client, channel, access.ok ? 'The token belongs to another user' : access.reason);
  }

  /** The channel's postgres_changes messages for rows, each row's data serialized once for all channels. */
  function queue(client: Client, channel: Channel, rows: PreparedRow[]) {
    const ids = channel.bindings.filter((binding) => binding.event === '*' || binding.event === 'INSERT').map((binding) => binding.id);
    if (ids.length === 0) return;
    const head = `[null,null,${JSON.stringify(channel.topic)},"postgres_changes",{"ids":${JSON.stringify(ids)},"data":`;
    for (const row of rows) client.outbox.push(`${head}${row.dataJson}}]`);
    dirty.add(client);
  }

  /** Closes the channel when the token it joined with (or was last given) expires. */
  function expireWith(client: Client, channel: Channel, claims: JwtClaims) {
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
    fanout.remove(channel.subscription);
  }

  const notifier = createNotifier((payloads) => db.notify('task_events', payloads));
  const poll = config.limits.realtimeHeadsPollMs > 0 ? setInterval(() => fanout.pollHeads(), config.limits.realtimeHeadsPollMs) : undefined;
  poll?.unref();

  const stopListening = await db.listen('task_events', fanout.notify, () => {
    console.error('realtime: LISTEN is back; catching sockets up from the log');
    fanout.catchUp();
  });

  return {
    get socketCount() {
      return clients.size;
    },
    fanout,
    appended: notifier.appended,
    async close() {
      clearInterval(poll);
      server.off('upgrade', onUpgrade);
      for (const client of clients) client.socket.terminate();
      wss.close();
      await notifier.drain();
      await stopListening();
    },
  };
}
