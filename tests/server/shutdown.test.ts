// A server asked to stop (SIGTERM, a rolling restart) lets the requests under way finish, then closes: a client
// whose request was half sent gets its answer, not a reset, and the database is closed only after.
import { request } from 'node:http';
import { startTestServer, STARTUP_TIMEOUT, type TestServer } from './harness.ts';

/** Sends a sign-in's headers and the first half of its body; `finish` sends the rest and resolves with the answer. */
function halfSentSignIn(t: TestServer) {
  const url = new URL(t.url);
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
  const req = request({
    host: url.hostname,
    port: url.port,
    method: 'POST',
    path: '/auth/v1/token?grant_type=password',
    // The server's '100 Continue' says it has the headers and the request is under way: a connection whose headers
    // are not read yet is idle to Node, and a stop may close it (a load-dependent wait here failed under load).
    headers: { apikey: t.anonKey, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), expect: '100-continue' },
    agent: false,
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  const underWay = new Promise<void>((resolve) => req.once('continue', () => req.write(body.slice(0, half), () => resolve())));
  req.flushHeaders();
  return {
    underWay,
    finish: () => {
      req.end(body.slice(half));
      return answered;
    },
  };
}

describe('shutdown', () => {
  it(
    'answers a request under way before closing, then closes',
    async () => {
      const t = await startTestServer('pglite');
      try {
        const signIn = halfSentSignIn(t);
        await signIn.underWay;
        let closed = false;
        const closing = t.server.close().then(() => (closed = true));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(closed).toBe(false);
        const answer = await signIn.finish();
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.body)).toMatchObject({ error_code: 'invalid_credentials' });
        await closing;
        // Nothing new is taken once it is closing.
        await expect(fetch(`${t.url}/health`)).rejects.toThrow();
      } finally {
        await t.stop();
      }
    },
    STARTUP_TIMEOUT,
  );
});
