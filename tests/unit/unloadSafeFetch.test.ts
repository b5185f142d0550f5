import { unloadSafeFetch } from '../../src/lib/supabase';

// An upload the browser has started must outlive a tab closed a moment later: small writes go keepalive.

function recording() {
  const calls: Array<RequestInit | undefined> = [];
  const base = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(init);
    return {} as Response;
  }) as typeof fetch;
  return { calls, fetch: unloadSafeFetch(base) };
}

test('small writes are sent with keepalive whether or not the page is hidden', async () => {
  const { calls, fetch } = recording();
  const body = JSON.stringify({ p_client_id: 'c1', p_events: [{ client_seq: 1, event: { type: 'tasks/taskRenamed', payload: { id: 'a', title: 'x' } } }] });
  expect(document.visibilityState).toBe('visible');
  await fetch('/rest/v1/rpc/append_task_events', { method: 'POST', body });
  expect(calls[0]?.keepalive).toBe(true);
});

test('reads, and bodies over the browser’s 64 KB keepalive budget, go as they are', async () => {
  const { calls, fetch } = recording();
  await fetch('/rest/v1/task_events?seq=gt.0', { method: 'GET' });
  await fetch('/rest/v1/user_tasks', { method: 'POST', body: 'x'.repeat(70 * 1024) });
  expect(calls.map((init) => init?.keepalive)).toEqual([undefined, undefined]);
});
