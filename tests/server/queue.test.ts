// The gate that keeps bcrypt from taking every core (server/queue.ts).
import { createGate } from '../../server/queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

test('runs at most max tasks at once, in arrival order, and a failing task frees its slot', async () => {
  const gate = createGate(2);
  let running = 0;
  let peak = 0;
  const started: number[] = [];
  const task = (i: number) => async () => {
    started.push(i);
    running++;
    peak = Math.max(peak, running);
    await tick();
    running--;
    if (i === 1) throw new Error('bad hash');
    return i;
  };
  const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => gate(task(i))));
  expect(peak).toBe(2);
  expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([0, 'failed', 2, 3, 4, 5, 6, 7]);
  // Every slot came back: two more run side by side at once.
  let together = 0;
  await Promise.all([0, 1].map(() => gate(async () => { together++; await tick(); expect(together).toBe(2); })));
});
