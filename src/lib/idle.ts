/**
 * Runs `run` when the main thread is idle, or after `timeoutMs` at the latest (right after the current task
 * where requestIdleCallback is missing: Safari, jsdom). Returns the cancel.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}
