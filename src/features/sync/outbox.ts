import type { AppListenerApi } from '../../app/listenerMiddleware';
import type { Backend } from '../../lib/supabase';
import { notify } from '../../lib/notify';
import { subscriptionCheckRequested } from '../subscription/subscriptionSlice';
import { RETRY_MAX_MS } from './retrying';
import { keyOf, outboxAdopted, outboxEntriesDropped, outboxEntriesStored, syncLapsed, TAB_GRACE_MS, unsentEntries, type OutboxEntry } from './syncSlice';
import { adoptOutboxes } from './syncStorage';

const BATCH = 500;
/** An acknowledged append not seen over realtime within this long is read back. */
const ACK_READBACK_MS = 400;

/**
 * This device's unconfirmed events during one session: sent in batches (when the upload scheduler says), with
 * failures handled by kind, and the outboxes of this user's pages that closed or crashed taken over.
 */
export class SessionOutbox {
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private singly = false;
  private warnedLapsed = false;

  constructor(
    private readonly api: AppListenerApi,
    private readonly client: Backend,
    private readonly userId: string,
    /** Reads the log from the last position (an acknowledged append that realtime has not brought). */
    private readonly catchUp: () => void,
    /** Forgets the adopted pages' keys once this page's copy holds their events. */
    private readonly onAdopted: () => void,
  ) {}

  private get state() {
    return this.api.getState().sync;
  }

  stop() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }

  /**
   * The server answers again (the live channel joined, the browser is online, a read succeeded): what waits
   * for a retry goes now, and the backoff starts over, so an outage of any length costs no extra wait.
   * `afterFailure`: only if uploads were failing (a read that succeeds is no news otherwise).
   */
  reachable(afterFailure = false) {
    if (afterFailure && this.failures === 0) return;
    this.failures = 0;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (unsentEntries(this.state.outbox).length === 0 || this.state.lapsed) return;
    this.api.extra.uploads.changed();
    void this.api.extra.uploads.flush();
  }

  /** Takes over the unsent events of this user's pages that closed or crashed. */
  adoptOrphans() {
    const storage = this.api.extra.storage();
    const orphans = adoptOutboxes(storage, this.userId, '').filter((entry) => entry.clientId !== this.state.clientId);
    const known = new Set(this.state.outbox.map(keyOf));
    const fresh = orphans.filter((entry) => !known.has(keyOf(entry)));
    if (fresh.length > 0) this.api.dispatch(outboxAdopted({ entries: fresh }));
    this.onAdopted();
  }

  /** Sends the outbox's first batch (one client id, ≤ 500 events). Called by the upload scheduler. */
  async send(): Promise<void> {
    const { lastSeq, lapsed } = this.state;
    // Entries the server already acknowledged wait for the log only: not sent again.
    const outbox = unsentEntries(this.state.outbox);
    if (lastSeq === null || lapsed || outbox.length === 0) return;
    const first = outbox[0]!.clientId;
    // Another open tab's event is sent by that tab; this one's later events wait behind it (the log keeps
    // their cause first), and send it themselves only if it is still unconfirmed after the grace.
    const due = outbox[0]!.foreign === undefined ? 0 : outbox[0]!.foreign + TAB_GRACE_MS - Date.now();
    if (due > 0) {
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => this.api.extra.uploads.changed(), due);
      return;
    }
    const limit = this.singly ? 1 : BATCH;
    const batch: OutboxEntry[] = [];
    for (const entry of outbox) {
      if (entry.clientId !== first || batch.length >= limit) break;
      batch.push(entry);
    }
    const { data, error } = await this.client.sync.appendEvents(
      first,
      batch.map((entry) => ({ client_seq: entry.clientSeq, event: entry.event })),
    );
    if (error) return this.failed(error.status, error.message, batch);
    this.failures = 0;
    this.singly = false;
    const acked = Math.max(...(data ?? []).map((row) => row.seq));
    // Already in the confirmed state (kept on disk before the outbox was): drop them, do not wait for them.
    const confirmedSeq = this.state.lastSeq ?? 0;
    const known = (data ?? []).filter((row) => row.seq <= confirmedSeq).map((row) => ({ clientId: first, clientSeq: row.client_seq }));
    if (known.length > 0) this.api.dispatch(outboxEntriesDropped({ entries: known }));
    const stored = (data ?? []).filter((row) => row.seq > confirmedSeq).map((row) => ({ clientId: first, clientSeq: row.client_seq }));
    if (stored.length > 0) this.api.dispatch(outboxEntriesStored({ entries: stored }));
    // Realtime usually brings them back at once; if not, read them.
    setTimeout(() => {
      if ((this.state.lastSeq ?? 0) < acked) this.catchUp();
    }, ACK_READBACK_MS);
    if (unsentEntries(this.state.outbox).length > 0) this.api.extra.uploads.changed();
  }

  private failed(status: number, message: string, batch: OutboxEntry[]) {
    if (status === 401 || status === 403) {
      // The subscription lapsed (or the session ended): keep the outbox for when it is back.
      this.api.dispatch(syncLapsed(true));
      if (!this.warnedLapsed) {
        this.warnedLapsed = true;
        notify.error('Sync is paused: your Premium subscription is not active. Your changes are kept on this device.');
      }
      this.api.dispatch(subscriptionCheckRequested());
      return;
    }
    if (status === 400 || status === 413) {
      // Refused as malformed: find the offending event by sending one at a time, then drop it.
      if (batch.length > 1) this.singly = true;
      else {
        console.warn('Cloud sync: the server refused an event; it is dropped', message);
        this.api.dispatch(outboxEntriesDropped({ entries: batch.map(({ clientId, clientSeq }) => ({ clientId, clientSeq })) }));
      }
      this.api.extra.uploads.changed();
      return;
    }
    // Offline or the server is away: try again, backing off.
    this.failures += 1;
    const wait = Math.min(RETRY_MAX_MS, 500 * 2 ** this.failures);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.api.extra.uploads.changed(), wait);
    throw new Error(message);
  }
}
