// A FIFO gate for CPU-bound work that runs off the event loop (bcrypt on libuv's pool): with every core
// hashing, the event loop itself would wait for CPU and every other request with it.
import { availableParallelism } from 'node:os';

/** Runs at most `max` tasks at once; the rest wait their turn in arrival order. */
export function createGate(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so a newcomer cannot overtake the queue.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/** Hashing may use every core but one, which stays with the event loop. */
export const hashGate = createGate(Math.max(1, availableParallelism() - 1));
