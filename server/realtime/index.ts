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

/**
 * A joined channel, and its place in the fan-out (it is the Subscription): plain fields, so a socket holds no
 * closures or timers of ours (the once-a-second sweep below ends idle sockets and expired tokens).
 */
class Channel implements Subscription {
  after = 0;
  /** What every postgres_changes message of this channel starts with (a row's data and `}]` follow). */
  readonly head: string;
  constructor(
    readonly client: Client,
    readonly topic: string,
    readonly joinRef: string | null,
    readonly userId: string,
    /** The ids of the channel's bindings, each an INSERT of public.task_events with the user's filter. */
    ids: number[],
    /** The MAC of the token last verified, to tell a token sent again from a new one (tokenMac). */
    public mac: string,
    /** When that token expires (ms since the epoch; Infinity without exp). */
    public expires: number,
  ) {
    this.head = `[null,null,${JSON.stringify(topic)},"postgres_changes",{"ids":${JSON.stringify(ids)},"data":`;
  }
}

class Client {
  readonly channels = new Map<string, Channel>();
  /** WebSocket frames waiting for the end of the fan-out batch, written together. */
  outbox: Buffer[] | null = null;
  /** When the socket last sent anything (ms since the epoch). */
  seen = Date.now();
  constructor(readonly socket: WebSocket) {}
}

/**
 * A token's last segment (its MAC), as a string of its own (a slice would keep the whole token alive). Two tokens
 * with one MAC are one token, or one of them is forged and fails verification: either way "nothing new", and the
 * channel keeps what it verified. ~60 bytes a channel instead of the token's ~600.
 */
const tokenMac = (token: string) => Buffer.from(token.slice(token.lastIndexOf('.') + 1), 'latin1').toString('latin1');
/**
 * A binding's id, from what it asks for (Supabase Realtime's is a hash of the binding too), never 0 (supabase-js
 * skips a falsy id). Two devices of a user joining the same topic get the same ids, so a row's message is the same
 * bytes for both and is framed once.
 */
export function bindingId({ event, schema, table, filter }: Omit<Binding, 'id'>): number {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify([event, schema, table, filter ?? null])) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return ((hash >>> 0) % 0x7fffffe) + 1;
}

/** A complete unmasked WebSocket text frame (RFC 6455 §5.2) holding text: what ws's send would write for it. */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const header = length < 126 ? 2 : length < 0x10000 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81;
  if (header === 2) frame[1] = length;
  else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, header);
  return frame;
}

const expiryOf = (claims: JwtClaims) => (typeof claims.exp === 'number' ? claims.exp * 1000 : Infinity);
const SWEEP_MS = 1000;

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
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes, perMessageDeflate: false, clientTracking: false });
  const clients = new Set<Client>();
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
   * Writes each waiting socket's frames in one system call, on the connection ws owns (`_socket`, its own field):
   * one write of one frame, or corked for several. ws's own send would frame and encode each message again per
   * socket, in two writes; it queues nothing here (it queues only while compressing, which is off, or reading a
   * Blob, never sent here) and writes to this same connection at once, so frames and replies keep their order.
   */
  const flush = () => {
    for (const client of dirty) {
      const frames = client.outbox;
      client.outbox = null;
      if (!frames || !writable(client)) continue;
      const raw = (client.socket as unknown as { _socket: Socket })._socket;
      if (frames.length === 1) {
        raw.write(frames[0]!);
        continue;
      }
      raw.cork();
      for (const frame of frames) raw.write(frame);
      raw.uncork();
    }
    dirty.clear();
  };
  /**
   * The channel's postgres_changes frames for rows. A row keeps the last frame made for it: the next channel with
   * the same head (another device of the user, on the same topic) gets the same buffer, framed once.
   */
  const deliver = (subscription: Subscription, rows: PreparedRow[]) => {
    const channel = subscription as Channel;
    const { client, head } = channel;
    const outbox = (client.outbox ??= []);
    for (const row of rows) {
      if (row.frameHead !== head || !row.frame) {
        row.frameHead = head;
        row.frame = textFrame(`${head}${row.dataJson}}]`);
      }
      outbox.push(row.frame);
    }
    dirty.add(client);
  };
  const fanout = createFanout(db.reader, deliver, flush);
  const reply = (client: Client, [joinRef, ref, topic]: Message, status: 'ok' | 'error', response: Record<string, unknown>) =>
    send(client, [joinRef, ref, topic, 'phx_reply', { status, response }]);

  function accept(socket: WebSocket) {
    const client = new Client(socket);
    clients.add(client);
    socket.on('message', (data, isBinary) => {
      client.seen = Date.now();
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
      for (const channel of client.channels.values()) drop(channel);
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
        if (channel) drop(channel);
        return reply(client, message, 'ok', {});
      }
      default:
        // Broadcast and presence are not offered; say so rather than leave the client waiting.
        if (message[1] !== null) reply(client, message, 'error', { reason: `Unsupported event ${event}` });
    }
  }

  /**
   * The user the token stands for, if it may receive the bindings' events; else why not. Its Premium is checked
   * apart: with the join's head in the fan-out (one read for a batch of joins), or by subscribed() for a new token.
   */
  async function check(token: unknown, bindings: Omit<Binding, 'id'>[]): Promise<{ ok: true; claims: JwtClaims & { sub: string } } | { ok: false; reason: string }> {
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
    return { ok: true, claims: claims as JwtClaims & { sub: string } };
  }
  const subscribed = async (claims: JwtClaims) =>
    (await db.asUserQuery<{ ok: boolean }>(claims, 'select public.is_active_subscriber() as ok')).rows[0]?.ok === true;

  async function join(client: Client, message: Message, payload: unknown) {
    const [joinRef, , topic] = message;
    const config = isRecord(payload) && isRecord(payload.config) ? payload.config : {};
    const wanted = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    const existing = client.channels.get(topic);
    if (!existing && client.channels.size >= limits.maxChannelsPerSocket) return reply(client, message, 'error', { reason: 'Too many channels on one connection' });
    if (wanted.length > 10 || !wanted.every(isBindingRequest)) return reply(client, message, 'error', { reason: 'Invalid postgres_changes bindings' });
    const requests = wanted as Omit<Binding, 'id'>[];
    const token = isRecord(payload) ? payload.access_token : undefined;
    const access = await check(token, requests);
    // A re-join replaces the channel, whatever the outcome.
    const current = client.channels.get(topic);
    if (current) drop(current);
    if (!access.ok) return reply(client, message, 'error', { reason: access.reason });
    if (client.socket.readyState !== client.socket.OPEN) return;
    const bindings = requests.map(({ event, schema, table, filter }) => ({ id: bindingId({ event, schema, table, filter }), event, schema, table, ...(filter === undefined ? {} : { filter }) }));
    const channel = new Channel(client, topic, joinRef, access.claims.sub, bindings.map((b) => b.id), tokenMac(token as string), expiryOf(access.claims));
    client.channels.set(topic, channel);
    // The reply waits for the fan-out to place the channel at its user's log head (and to read the user's Premium
    // with it): the client catches up from the log once subscribed, and every event after that head reaches it.
    fanout.join(channel, (active) => {
      if (client.channels.get(topic) !== channel || client.socket.readyState !== client.socket.OPEN) return false;
      if (!active) {
        client.channels.delete(topic);
        reply(client, message, 'error', { reason: 'An active Premium subscription is required for real-time sync' });
        return false;
      }
      reply(client, message, 'ok', { postgres_changes: bindings });
      send(client, [joinRef, null, topic, 'system', { message: 'Subscribed to PostgreSQL', status: 'ok', extension: 'postgres_changes', channel: topic.replace(/^realtime:/, '') }]);
      return true;
    });
  }

  async function updateToken(client: Client, topic: string, payload: unknown) {
    const channel = client.channels.get(topic);
    if (!channel) return;
    const token = isRecord(payload) ? payload.access_token : undefined;
    // supabase-js sends the token again on events that did not change it: nothing new to check.
    if (typeof token === 'string' && tokenMac(token) === channel.mac) return;
    const access = await check(token, []);
    const active = access.ok && access.claims.sub === channel.userId && (await subscribed(access.claims));
    if (client.channels.get(topic) !== channel) return;
    if (access.ok && active) {
      channel.mac = tokenMac(token as string);
      channel.expires = expiryOf(access.claims);
      return;
    }
    close(channel, !access.ok ? access.reason : access.claims.sub !== channel.userId ? 'The token belongs to another user' : 'An active Premium subscription is required for real-time sync');
  }

  /** Ends a channel from the server side, as Realtime does when access is lost. */
  function close(channel: Channel, reason: string) {
    const { client } = channel;
    drop(channel);
    send(client, [channel.joinRef, null, channel.topic, 'system', { message: reason, status: 'error', extension: 'system', channel: channel.topic.replace(/^realtime:/, '') }]);
    send(client, [channel.joinRef, channel.joinRef, channel.topic, 'phx_close', {}]);
  }

  function drop(channel: Channel) {
    if (channel.client.channels.get(channel.topic) === channel) channel.client.channels.delete(channel.topic);
    fanout.remove(channel);
  }

  // One timer for every socket: idle sockets closed, channels whose token expired ended (within a second).
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const client of clients) {
      if (now - client.seen > limits.idleMs) {
        client.socket.close(1000, 'idle');
        continue;
      }
      for (const channel of client.channels.values()) if (channel.expires <= now) close(channel, 'Token has expired');
    }
  }, Math.min(SWEEP_MS, limits.idleMs));
  sweep.unref();

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
    appended(userId, from, to) {
      notifier.appended(userId, from, to);
      fanout.committed(userId, from, to);
    },
    async close() {
      clearInterval(poll);
      clearInterval(sweep);
      server.off('upgrade', onUpgrade);
      for (const client of clients) client.socket.terminate();
      wss.close();
      await notifier.drain();
      await stopListening();
    },
  };
}
