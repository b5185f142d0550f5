import { runInThisContext } from 'node:vm';
import { createBackend } from '../../src/lib/supabase';

// jsdom has no fetch Response (browsers and Node do): lend it Node's for these tests.
beforeAll(() => {
  globalThis.Response ??= runInThisContext('Response') as typeof Response;
});

// Sign-out through the real supabase-js client with the network gone: the session ends here at once, and the
// server's logout is sent once the network is back. A fetch that fails stands in for the missing network.

// One host per test: each test's client has a storage key of its own, as one page has one client.
let host = 0;
const sessionKey = () => `sb-device-${host}-auth-token`;
const now = () => Math.floor(Date.now() / 1000);

function storeSession(expiresAt: number) {
  const user = { id: 'user-1', email: 'alice@example.com', aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' };
  const session = { access_token: 'access-1', refresh_token: 'refresh-1', token_type: 'bearer', expires_in: 3600, expires_at: expiresAt, user };
  localStorage.setItem(sessionKey(), JSON.stringify(session));
}

function network() {
  const calls: Array<{ url: string; method: string; authorization: string | null }> = [];
  const state = { online: false };
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, method: init?.method ?? 'GET', authorization: new Headers(init?.headers).get('Authorization') });
    if (!state.online) throw new TypeError('Failed to fetch');
    return new Response(null, { status: 204 });
  }) as typeof globalThis.fetch;
  const logouts = () => calls.filter((call) => call.url.includes('/auth/v1/logout'));
  return { calls, state, fetch, logouts };
}

async function signedInClient(net: ReturnType<typeof network>) {
  const backend = await createBackend({ supabaseUrl: `http://device-${host}:1`, anonKey: 'anon' }, { fetch: net.fetch });
  const events: Array<[string, string | null]> = [];
  backend.auth.onAuthStateChange((event, session) => void events.push([event, session?.user.id ?? null]));
  await jest.advanceTimersByTimeAsync(0);
  return { backend, events };
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  localStorage.clear();
  host += 1;
});

afterEach(() => {
  jest.useRealTimers();
});

test('offline, sign-out ends the session here at once; the logout goes to the server when the network is back', async () => {
  storeSession(now() + 3600);
  const net = network();
  const { backend, events } = await signedInClient(net);
  expect(events.at(-1)).toEqual(['INITIAL_SESSION', 'user-1']);

  expect(await backend.auth.signOut()).toEqual({ error: null });
  expect(events.at(-1)).toEqual(['SIGNED_OUT', null]);
  expect(localStorage.getItem(sessionKey())).toBeNull();
  expect(net.logouts()).toHaveLength(1); // tried once, failed: queued

  await jest.advanceTimersByTimeAsync(5000); // retried with backoff while offline
  const tries = net.logouts().length;
  expect(tries).toBeGreaterThan(1);

  net.state.online = true;
  window.dispatchEvent(new Event('online'));
  await jest.advanceTimersByTimeAsync(0);
  expect(net.logouts()).toHaveLength(tries + 1);
  expect(net.logouts().at(-1)).toMatchObject({ method: 'POST', authorization: 'Bearer access-1' });
  expect(net.logouts().at(-1)!.url).toMatch(/\/auth\/v1\/logout\?scope=local$/);
  await jest.advanceTimersByTimeAsync(60_000);
  expect(net.logouts()).toHaveLength(tries + 1); // sent: not again
});

test('offline with an expired token (it cannot be renewed), sign-out still ends the session here', async () => {
  storeSession(now() - 60);
  // supabase-js reports its failed refreshes; they are expected here.
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  const net = network();
  const { backend, events } = await signedInClient(net);
  const signingOut = backend.auth.signOut();
  await jest.advanceTimersByTimeAsync(60_000); // supabase-js retries the refresh a few times first
  expect(await signingOut).toEqual({ error: null });
  expect(error).toHaveBeenCalled();
  error.mockRestore();
  expect(events.at(-1)).toEqual(['SIGNED_OUT', null]);
  expect(localStorage.getItem(sessionKey())).toBeNull();
});
