// A raw realtime subscriber (the Phoenix frames supabase-js sends, SUPABASE_CONTRACT.md §5) whose TCP connection a
// test can trace to the server process holding it, and that lookup itself (Linux /proc).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import WebSocket from 'ws';

export interface Subscriber {
  socket: WebSocket;
  /** client_seq of every postgres_changes row received, in arrival order. */
  seqs: number[];
  closed: Promise<void>;
  close(): void;
}

/** Opens a socket to base, joins the user's task_events and resolves once the join is answered ok. */
export async function subscribe(base: string, anonKey: string, userId: string, token: string): Promise<Subscriber> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`);
  const seqs: number[] = [];
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const joined = new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      const [, ref, , event, payload] = JSON.parse(data.toString()) as [unknown, unknown, string, string, Record<string, never>];
      if (event === 'phx_reply' && ref === '1') {
        if (payload.status === 'ok') resolve();
        else reject(new Error(`join refused: ${JSON.stringify(payload)}`));
      }
      if (event === 'postgres_changes') seqs.push((payload.data as unknown as { record: { seq: number } }).record.seq);
    });
    socket.once('error', reject);
    void closed.then(() => reject(new Error('closed before the join was answered')));
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const filter = `user_id=eq.${userId}`;
  socket.send(JSON.stringify(['1', '1', 'realtime:tasks', 'phx_join', { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'task_events', filter }] }, access_token: token }]));
  await joined;
  return { socket, seqs, closed, close: () => socket.terminate() };
}

/** The pid (among pids) holding the server end of a client's TCP connection to serverPort. */
export function serverPidOf(socket: WebSocket, serverPort: number, pids: number[]): number | undefined {
  const raw = (socket as unknown as { _socket: { localPort: number } })._socket;
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  // The server's end: local port serverPort, remote port the client's local port.
  const inode = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[1]?.endsWith(`:${hex(serverPort)}`) && fields[2]?.endsWith(`:${hex(raw.localPort)}`))?.[9];
  if (!inode) return undefined;
  return pids.find((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  });
}

/** The cluster's worker pids: the children of its primary (read from /proc, as the load bench does). */
export { childrenOf } from '../../bench/loadSystem.ts';

export const until = async (check: () => boolean, timeout = 15_000, what = 'condition') => {
  const end = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
