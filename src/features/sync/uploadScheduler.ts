/**
 * Batches uploads: the first change after a quiet moment (nothing sent or in flight for `delayMs`) goes
 * out at once, so a single edit reaches other devices without waiting; changes that follow within the
 * window become one request, sent once they pause for `delayMs`, and at the latest `maxWaitMs` after
 * the first unsent one (so a long drag still gets saved). One request is in flight at a time; changes
 * made meanwhile go out in the next one. `flush()` sends at once (a hidden page, sign-out, back online), and
 * `leaving()` without waiting for the request in flight (pagehide).
 */
export class UploadScheduler {
  private send: (() => Promise<void>) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the oldest change not yet handed to `send` happened; null when there is none. */
  private dirtySince: number | null = null;
  private inFlight: Promise<void> | null = null;
  /** When the last request started (Date.now()). */
  private lastSentAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly delayMs = 500,
    readonly maxWaitMs = 3000,
  ) {}

  /** `send` uploads the current list; it reports its own errors and never rejects. */
  attach(send: () => Promise<void>): void {
    this.send = send;
  }

  /** Stops uploading for this `send` (sign-out, subscription ended); unsent changes stay unsent. */
  detach(send: () => Promise<void>): void {
    if (this.send !== send) return;
    this.send = null;
    this.dirtySince = null;
    this.clearTimer();
  }

  changed(): void {
    if (!this.send) return;
    const now = Date.now();
    const quiet = this.dirtySince === null && !this.inFlight && now - this.lastSentAt >= this.delayMs;
    this.dirtySince ??= now;
    this.clearTimer();
    // A timer of 0 rather than now: the edit's dispatch (and its click) finishes first.
    const wait = quiet ? 0 : Math.max(0, Math.min(this.delayMs, this.dirtySince + this.maxWaitMs - now));
    this.timer = setTimeout(() => void this.sendOnce(), wait);
  }

  /** Sends what is unsent now; resolves once nothing is unsent or in flight. */
  async flush(): Promise<void> {
    this.clearTimer();
    while (this.send && (this.dirtySince !== null || this.inFlight)) await this.sendOnce();
  }

  /**
   * The page is going (pagehide): what is unsent goes out now, beside a request still in flight, whose answer this
   * page would not live to see. A send repeats the unacknowledged events before the new ones, and the server
   * keeps each (client id, counter) once, so the overlap costs nothing; waiting for the answer first lost the
   * last edit of a closing tab to the next load.
   */
  leaving(): void {
    const send = this.send;
    if (this.dirtySince !== null && send) void this.start(send);
  }

  private async sendOnce(): Promise<void> {
    while (this.inFlight) await this.inFlight;
    const send = this.send;
    if (this.dirtySince !== null && send) await this.start(send);
  }

  /** Hands what is unsent to `send`; the request is the one in flight from now on. */
  private start(send: () => Promise<void>): Promise<void> {
    this.dirtySince = null;
    this.clearTimer();
    this.lastSentAt = Date.now();
    const request = send()
      .catch((error: unknown) => console.warn('Cloud sync: upload failed', error))
      .finally(() => {
        if (this.inFlight === request) this.inFlight = null;
      });
    this.inFlight = request;
    return request;
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
