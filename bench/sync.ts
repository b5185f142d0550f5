// The cloud-sync half of `npm run bench`: the real store and sync listeners on "device A" (Node),
// the real supabase-js client, the real server on PGlite over loopback. Prints figures:
// - time from a task event to its upsert being stored (the server's 201), median and p99,
//   which is the upload debounce plus one request;
// - bytes sent per upsert at 100 and 5,000 tasks;
// - upserts sent for a burst of 50 edits, back to back and spread over 5 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startServer } from '../server/app.ts';
import { makeStore } from '../src/app/store.ts';
import { authConnectRequested } from '../src/features/auth/authSlice.ts';
import { selectSyncUserId } from '../src/features/sync/syncListeners.ts';
import { UploadScheduler } from '../src/features/sync/uploadScheduler.ts';
import { taskAdded, taskRenamed, tasksReplaced } from '../src/features/tasks/tasksSlice.ts';
import type { Task } from '../src/features/tasks/types.ts';
import { createBackend, type Backend } from '../src/lib/supabase.ts';

const SAMPLES = Number(process.env.BENCH_SYNC_SAMPLES ?? 40);

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key = (i: number) => [...this.items.keys()][i] ?? null;
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, String(v));
  removeItem = (k: string) => void this.items.delete(k);
  clear = () => this.items.clear();
}

interface Upsert {
  at: number;
  bytes: number;
}

/** A fetch that notes when each user_tasks upsert was answered 2xx, and its body size. */
function watchingFetch(upserts: Upsert[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (init?.method === 'POST' && url.includes('/rest/v1/user_tasks') && response.ok) {
      upserts.push({ at: performance.now(), bytes: Buffer.byteLength(typeof init.body === 'string' ? init.body : '') });
    }
    return response;
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

function tasks(count: number): Task[] {
  const start = 1_763_900_000_000;
  const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', 'someday'];
  return Array.from({ length: count }, (_, i) => ({
    id: `task-${start + i}-${i.toString(36).padStart(6, '0')}`,
    title: `Task number ${i + 1}`,
    date: days[i % days.length]!,
    completed: i % 5 === 0,
    createdAt: start + i,
    order: Math.floor(i / days.length),
  }));
}

async function subscribe(url: string, client: Backend, email: string, password: string) {
  const { error } = await client.auth.signUp({ email, password });
  if (error) throw new Error(`sign-up failed: ${error.message}`);
  const { data, error: checkoutError } = await client.functions.invoke('create-checkout', { body: { priceType: 'monthly' } });
  if (checkoutError) throw new Error('create-checkout failed');
  const checkoutUrl = (data as { url: string }).url;
  // The test-mode checkout page's "Pay (test mode)" form posts back to its own URL.
  const paid = await fetch(checkoutUrl, { method: 'POST', redirect: 'manual', headers: { origin: url } });
  if (paid.status >= 400) throw new Error(`test-mode payment failed (${paid.status})`);
}

export async function benchSync(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sync-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: join(dataDir, 'none') });
  const upserts: Upsert[] = [];
  const config = { supabaseUrl: server.url, anonKey: server.ctx.config.anonKey };
  type Transport = NonNullable<NonNullable<Parameters<typeof createBackend>[1]>['realtime']>['transport'];
  const transport = WebSocket as unknown as Transport;
  try {
    const client = await createBackend(config, { fetch: watchingFetch(upserts), realtime: { transport } });
    await subscribe(server.url, client, `bench-${Date.now()}@example.com`, 'bench-password-1');

    const uploads = new UploadScheduler();
    const app = makeStore({ storage: () => new MemoryStorage(), backend: async () => client, uploads });
    const s = app.store;
    await until(() => s.getState().tasks._persist.rehydrated, 'local load');
    s.dispatch(authConnectRequested());
    await until(() => selectSyncUserId(s.getState()) !== null, 'sync to start (signed in and subscribed)');

    // Event → stored.
    s.dispatch(tasksReplaced({ tasks: tasks(100) }));
    s.dispatch(taskAdded('Measured task', '2026-11-23'));
    await until(() => upserts.length > 0, 'first upload');
    await sleep(uploads.delayMs + 200);
    const id = s.getState().tasks.ids.at(-1)!;
    const latencies: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const before = upserts.length;
      const t0 = performance.now();
      s.dispatch(taskRenamed({ id, title: `Measured task ${i}` }));
      await until(() => upserts.length > before, 'upsert');
      latencies.push(upserts.at(-1)!.at - t0);
      await sleep(50);
    }
    latencies.sort((a, b) => a - b);

    // Bytes per upsert.
    const bytesAt = async (count: number) => {
      s.dispatch(tasksReplaced({ tasks: tasks(count) }));
      const before = upserts.length;
      s.dispatch(taskRenamed({ id: tasks(count)[0]!.id, title: 'Changed' }));
      await until(() => upserts.length > before, 'upsert');
      return upserts.at(-1)!.bytes;
    };
    const bytes100 = await bytesAt(100);
    const bytes5000 = await bytesAt(5000);

    // Bursts of 50 edits.
    const burst = async (gapMs: number) => {
      await sleep(uploads.maxWaitMs);
      const before = upserts.length;
      const first = tasks(100)[0]!.id;
      s.dispatch(tasksReplaced({ tasks: tasks(100) }));
      for (let i = 0; i < 50; i++) {
        s.dispatch(taskRenamed({ id: first, title: `Burst edit ${i}` }));
        if (gapMs) await sleep(gapMs);
      }
      await uploads.flush();
      await sleep(uploads.delayMs + 300);
      return upserts.length - before;
    };
    const backToBack = await burst(0);
    const spread = await burst(100);

    console.log('Cloud sync (device A: real store and supabase-js in Node; server on PGlite, loopback)');
    console.log(`  upload debounce: ${uploads.delayMs} ms after the last change, at most ${uploads.maxWaitMs} ms after the first`);
    console.log(
      `  task event → upsert stored: median ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (n=${latencies.length}, 100 tasks)`,
    );
    console.log(`  request minus debounce: median ${(percentile(latencies, 50) - uploads.delayMs).toFixed(1)} ms`);
    console.log(`  bytes per upsert: ${bytes100.toLocaleString('en-US')} at 100 tasks, ${bytes5000.toLocaleString('en-US')} at 5,000 tasks`);
    console.log(`  upserts for 50 edits: ${backToBack} back to back, ${spread} spread over 5 s (100 ms apart)`);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
