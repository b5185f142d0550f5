import type { AppListenerApi } from '../../app/listenerMiddleware';
import type { Backend, LogRow } from '../../lib/supabase';
import { parseCloudCatalog, parseCloudSeries, parseCloudTasks } from './snapshot';
import { logEventsReceived, syncBaseLoaded } from './syncSlice';

const PAGE = 1000;
const APPLY_AT_ONCE = 10_000;

/**
 * The user's log as it reaches this device during one session: rows over realtime, and reads from the last
 * position (after a reconnect, a gap, a wake-up), paged, restarting from the snapshot when older events were
 * compacted away.
 */
export class LiveLog {
  private catchingUp: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly api: AppListenerApi,
    private readonly client: Backend,
    private readonly userId: string,
  ) {}

  private get state() {
    return this.api.getState().sync;
  }

  onRow(row: LogRow) {
    const before = this.state.lastSeq ?? 0;
    if (row.seq <= before) return;
    this.api.dispatch(logEventsReceived({ events: [row] }));
    // Not applied: something before it is missing (or it arrived before the base): read the log.
    if ((this.state.lastSeq ?? 0) < row.seq) this.catchUp();
  }

  /** Set by the owner: a read of the log succeeded (the server is reachable). */
  onRead?: () => void;

  /** Reads the log from the last position until current; one reader at a time, re-run if asked meanwhile. */
  catchUp(): void {
    if (this.catchingUp) {
      this.again = true;
      return;
    }
    this.catchingUp = (async () => {
      do {
        this.again = false;
        let after = this.state.lastSeq ?? 0;
        let page = this.client.sync.readEvents(after, PAGE);
        const unapplied: LogRow[] = [];
        for (;;) {
          const { data, error } = await page;
          if (error || !data) {
            if (error) console.warn('Cloud sync: could not read the log', error.message);
            if (unapplied.length > 0) this.api.dispatch(logEventsReceived({ events: unapplied.splice(0) }));
            break;
          }
          this.onRead?.();
          if (data.length > 0 && data[0]!.seq > after + 1) {
            // Older events were compacted away: start again from the snapshot.
            const snapshot = await this.client.sync.readSnapshot(this.userId);
            if (snapshot.data && Number(snapshot.data.seq) >= data[0]!.seq - 1) {
              const { seq, tasks, series, catalog } = snapshot.data;
              const base = { lastSeq: Number(seq), tasks: parseCloudTasks(tasks).tasks, series: parseCloudSeries(series), catalog: parseCloudCatalog(catalog), seed: [] };
              this.api.dispatch(syncBaseLoaded(base));
              after = this.state.lastSeq ?? 0;
              page = this.client.sync.readEvents(after, PAGE);
              continue;
            }
            break;
          }
          const full = data.length === PAGE;
          // The next page is asked for at once, so the server reads it while this one is handled.
          if (full) {
            after = data[data.length - 1]!.seq;
            page = this.client.sync.readEvents(after, PAGE);
          }
          // Pages are applied together, up to APPLY_AT_ONCE events: each dispatch re-renders the cards it
          // changed, which for a device far behind cost more than reading the page.
          unapplied.push(...data);
          if (unapplied.length > 0 && (!full || unapplied.length >= APPLY_AT_ONCE)) {
            this.api.dispatch(logEventsReceived({ events: unapplied.splice(0) }));
          }
          if (!full) break;
        }
      } while (this.again);
    })().finally(() => (this.catchingUp = null));
  }
}
