import type { AppListenerApi } from '../../app/listenerMiddleware';

/** The longest wait between two tries of a cloud call (a failed upload, a read that must succeed). */
export const RETRY_MAX_MS = 30_000;

/** Runs `attempt` until it succeeds (backing off), unless the listener is cancelled. */
export async function retrying<T>(api: AppListenerApi, attempt: () => Promise<T>, what: string): Promise<T> {
  for (let n = 0; ; n += 1) {
    try {
      return await api.pause(attempt());
    } catch (error) {
      if (api.signal.aborted) throw error;
      console.warn(`Cloud sync: could not ${what}`, error);
      await api.delay(Math.min(RETRY_MAX_MS, 1000 * 2 ** n));
    }
  }
}
