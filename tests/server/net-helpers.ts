// Raw HTTP for what fetch will not do: choose the Host header, or hold a connection open byte by byte.
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

export function rawGet(base: string, path: string, headers: Record<string, string> = {}, localAddress?: string) {
  const url = new URL(base);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers, setHost: !('Host' in headers), localAddress, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

export interface OpenSocket {
  socket: Socket;
  /** Resolves with the time (ms since opening) at which the server closed it. */
  closed: Promise<number>;
  stop(): void;
}

/** Opens a connection; with `trickle`, sends a request's headers one byte every `everyMs`, never finishing them. */
export function openSocket(base: string, { trickle = false, everyMs = 200, localAddress = undefined as string | undefined } = {}): Promise<OpenSocket> {
  const url = new URL(base);
  const opened = Date.now();
  const socket = connect({ host: url.hostname, port: Number(url.port), localAddress });
  let timer: NodeJS.Timeout | undefined;
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  socket.on('error', () => {});
  // Flowing, so the server's FIN is read and 'close' follows.
  socket.resume();
  const stop = () => {
    clearInterval(timer);
    socket.destroy();
  };
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () => {
      if (trickle) {
        const text = `GET / HTTP/1.1\r\nHost: ${url.host}\r\n` + 'X-Slow: '.padEnd(100_000, 'a');
        let i = 0;
        timer = setInterval(() => {
          if (!socket.destroyed) socket.write(text[i++ % text.length]!);
        }, everyMs);
      }
      resolve({ socket, closed, stop });
    });
  });
}
