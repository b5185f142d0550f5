// A gate for CPU-bound work that runs off the event loop (bcrypt on libuv's pool): with every core
// hashing, the event loop itself would wait for CPU and every other request with it. Waiting work is
// served round-robin per client key, so one address flooding sign-in delays another's by one hash at
// most per flooding address, not by its whole backlog.
import { availableParallelism } from 'node:os';

/** Runs at most `max` tasks at once; the rest wait, first in first out per key, keys taking turns. */
export function createGate(max: number) {
  let active = 0;
  // Insertion order is the rotation: a key that was just served goes to the back.
  const waiting = new Map<string, (() => void)[]>();
  const handOver = () => {
    const [key, queue] = waiting.entries().next().value as [string, (() => void)[]];
    const resolve = queue.shift()!;
    waiting.delete(key);
    if (queue.length) waiting.set(key, queue);
    resolve();
  };
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if (active < max) active++;
    else
      await new Promise<void>((resolve) => {
        const queue = waiting.get(key);
        if (queue) queue.push(resolve);
        else waiting.set(key, [resolve]);
      });
    try {
      return await task();
    } finally {
      // The slot goes straight to the next waiter, so a newcomer cannot overtake those already waiting.
      if (waiting.size) handOver();
      else active--;
    }
  };
}

/** Hashing may use every core but one, which stays with the event loop. */
export const hashGate = createGate(Math.max(1, availableParallelism() - 1));
