import type { AppListenerApi } from '../../app/listenerMiddleware';
import type { RootState } from '../../app/store';
import type { Backend } from '../../lib/supabase';
import { selectUserId } from '../auth/authSlice';
import { selectIsSubscribed } from '../subscription/subscriptionSlice';
import { LiveLog } from './liveLog';
import { SessionOutbox } from './outbox';
import { SnapshotWriter } from './snapshot';
import { writeBase } from './syncStorage';

const ADOPT_EVERY_MS = 5000;

/** The user whose tasks sync right now, or null (visitor, free user, storage not loaded yet). */
export function selectSyncUserId(state: RootState): string | null {
  return state.tasks._persist?.rehydrated && selectIsSubscribed(state) ? selectUserId(state) : null;
}

/**
 * One signed-in, subscribed stretch: catch-up and realtime (LiveLog), uploads (SessionOutbox) and snapshots
 * (SnapshotWriter) until the user signs out or stops being a subscriber; what it started, it stops.
 */
export class LiveSession {
  private readonly log: LiveLog;
  private readonly outbox: SessionOutbox;
  private readonly snapshot: SnapshotWriter;
  /** Set by the owner: forgets the adopted pages' keys once this page's copy holds their events. */
  onAdopted?: () => void;

  constructor(
    private readonly api: AppListenerApi,
    private readonly client: Backend,
    private readonly userId: string,
  ) {
    this.log = new LiveLog(api, client, userId);
    this.outbox = new SessionOutbox(api, client, userId, () => this.log.catchUp(), () => this.onAdopted?.());
    this.snapshot = new SnapshotWriter(api, client, userId);
  }

  async run(): Promise<void> {
    const { api, log } = this;
    const send = () => this.outbox.send();
    api.extra.uploads.attach(send);
    const unsubscribe = this.client.sync.subscribe(
      this.userId,
      (row) => log.onRow(row),
      (status) => {
        if (status !== 'SUBSCRIBED') return;
        log.catchUp();
        this.outbox.reachable();
      },
    );
    log.onRead = () => this.outbox.reachable(true);
    const onWake = (event: Event) => {
      if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return;
      log.catchUp();
      if (event.type === 'online') this.outbox.reachable();
    };
    const keepBase = () => writeBase(api.extra.storage(), this.userId, this.api.getState().sync);
    const leave = () => {
      api.extra.uploads.leaving();
      keepBase();
    };
    const flushWhenHidden = () => {
      if (document.visibilityState !== 'hidden') return;
      void api.extra.uploads.flush();
      keepBase();
    };
    const inBrowser = typeof window !== 'undefined';
    if (inBrowser) {
      window.addEventListener('online', onWake);
      window.addEventListener('pagehide', leave);
      document.addEventListener('visibilitychange', onWake);
      document.addEventListener('visibilitychange', flushWhenHidden);
    }
    log.catchUp();
    if (api.getState().sync.outbox.length > 0) api.extra.uploads.changed();
    // Pages of this user that close or crash meanwhile leave their unsent events to this one.
    const adopter = setInterval(() => this.outbox.adoptOrphans(), ADOPT_EVERY_MS);
    try {
      await api.condition((_action, state) => selectSyncUserId(state) !== this.userId);
    } finally {
      api.extra.uploads.detach(send);
      clearInterval(adopter);
      unsubscribe();
      this.outbox.stop();
      this.snapshot.stop();
      writeBase(api.extra.storage(), this.userId, this.api.getState().sync);
      if (inBrowser) {
        window.removeEventListener('online', onWake);
        window.removeEventListener('pagehide', leave);
        document.removeEventListener('visibilitychange', onWake);
        document.removeEventListener('visibilitychange', flushWhenHidden);
      }
    }
  }

  /** After the log moves: the snapshot is written back a little later. */
  logMoved() {
    this.snapshot.logMoved();
  }
}
