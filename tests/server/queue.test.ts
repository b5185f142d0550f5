// The gate that keeps bcrypt from taking every core (server/queue.ts).
import { createGate } from '../../server/queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

test('runs at most max tasks at once, first in first out, and a failing task frees its slot', async () => {
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
  const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => gate('one client', task(i))));
  expect(peak).toBe(2);
  expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([0, 'failed', 2, 3, 4, 5, 6, 7]);
  // Every slot came back: two more run side by side at once.
  let together = 0;
  await Promise.all(
    [0, 1].map(() =>
      gate('one client', async () => {
        together++;
        await tick();
        expect(together).toBe(2);
      }),
    ),
  );
});

test('waiting clients take turns: a flood from one address delays another by one task, not by its backlog', async () => {
  const gate = createGate(1);
  const order: string[] = [];
  const task = (name: string) => () => tick().then(() => void order.push(name));
  const all = [];
  for (let i = 0; i < 5; i++) all.push(gate('attacker', task(`a${i}`)));
  all.push(gate('victim', task('v0')));
  all.push(gate('victim', task('v1')));
  all.push(gate('other', task('o0')));
  await Promise.all(all);
  expect(order).toEqual(['a0', 'a1', 'v0', 'o0', 'a2', 'v1', 'a3', 'a4']);
});
