// Catch-up (part of bench/syncLive.ts's run): device B closed, 10,000 events appended meanwhile by another device;
// B opened again until it shows the last of them (from navigation, and from its first catch-up read).
import type { BrowserContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import type { RunningServer } from '../server/app.ts';
import { append, type Session } from './syncAccounts.ts';

const BEHIND = 10_000;
const ADDS = 2000;
const ms = (value: number) => `${value.toFixed(0)} ms`;

function eventsBehind() {
  const day = new Date();
  const today = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  return Array.from({ length: BEHIND }, (_, i) => {
    const id = `task-${1_790_000_000_000 + (i % ADDS)}-bench${(i % ADDS).toString(36)}`;
    if (i < ADDS) return { type: 'tasks/taskAdded', payload: { id, title: `Caught up ${i}`, date: i % 2 ? today : 'someday', createdAt: 1_790_000_000_000 + i } };
    if (i === BEHIND - 1) return { type: 'tasks/taskRenamed', payload: { id, title: 'The last of ten thousand' } };
    return i % 2
      ? { type: 'tasks/taskRenamed', payload: { id, title: `Caught up ${i}` } }
      : { type: 'tasks/taskCompletionSet', payload: { id, completed: i % 4 === 0 } };
  });
}

/** `context` is device B's, its pages closed; `user` the subscriber it is signed in as. */
export async function benchCatchUp(server: RunningServer, user: Session, context: BrowserContext) {
  const clientId = `bench-${randomBytes(4).toString('hex')}`;
  const events = eventsBehind();
  for (let start = 0; start < BEHIND; start += 500) {
    await append(server, user, clientId, events.slice(start, start + 500).map((event, k) => ({ client_seq: start + k + 1, event })));
  }
  const page = await context.newPage();
  let firstRead = 0;
  page.on('request', (request) => {
    if (!firstRead && request.url().includes('/rest/v1/task_events')) firstRead = Date.now();
  });
  const opened = Date.now();
  await page.goto('/');
  // Checked each frame with textContent: a role query over thousands of cards would itself cost seconds here.
  // A function, not a string: the app's CSP forbids the eval a string predicate needs.
  await page.waitForFunction(() => document.body.textContent?.includes('The last of ten thousand'), undefined, { polling: 'raf', timeout: 60_000 });
  const shown = Date.now();
  console.log(
    `  catch-up: a device ${BEHIND.toLocaleString('en')} events behind is current ${ms(shown - opened)} after navigation, ${firstRead ? ms(shown - firstRead) : 'n/a'} after its first log read (target ≤ 1 s)`,
  );
}
