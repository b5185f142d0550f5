// Sign-out ends the session on this device at once; the server's side (GoTrue's /logout, which revokes the
// refresh token) follows when the network allows. supabase-js removes the stored session only after /logout
// answers, so offline it would keep the person signed in: the client's fetch answers /logout here at once and
// this queue sends the real request, now and again when the browser is back online.
//
// Kept in memory only: the request carries the session's access token, and storing that after sign-out would
// hand it to the next person at a shared computer. A page closed before the network returns leaves the refresh
// token unrevoked on the server, but gone from this device, and the access token expires by itself.

const LOGOUT_PATH = /\/auth\/v1\/logout(?:\?|$)/;
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

interface PendingLogout {
  url: string;
  init: RequestInit;
}

const urlOf = (input: RequestInfo | URL): string => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

export class LogoutQueue {
  private pending: PendingLogout[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private delay = RETRY_MIN_MS;
  private sending = false;

  constructor(private readonly send: typeof fetch) {}

  /** The client's fetch: /logout is queued and answered 204 at once; every other request goes through. */
  wrap(base: typeof fetch): typeof fetch {
    return (input, init) => {
      if (init?.method === 'POST' && LOGOUT_PATH.test(urlOf(input))) {
        this.add({ url: urlOf(input), init: { method: 'POST', headers: init.headers } });
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      return base(input, init);
    };
  }

  /** How many logouts wait for the network. */
  get size(): number {
    return this.pending.length;
  }

  private add(logout: PendingLogout): void {
    this.pending.push(logout);
    if (this.pending.length === 1 && typeof window !== 'undefined') window.addEventListener('online', this.retryNow);
    void this.flush();
  }

  private readonly retryNow = () => {
    this.delay = RETRY_MIN_MS;
    void this.flush();
  };

  private async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      while (this.pending.length > 0) {
        const { url, init } = this.pending[0]!;
        // A 4xx (token expired or already revoked) is final; only the network or a busy server is worth retrying.
        const answered = await this.send(url, init).then(
          (response) => response.status < 500 && response.status !== 429,
          () => false,
        );
        if (!answered) break;
        this.pending.shift();
      }
    } finally {
      this.sending = false;
    }
    if (this.pending.length === 0) {
      this.delay = RETRY_MIN_MS;
      if (typeof window !== 'undefined') window.removeEventListener('online', this.retryNow);
      return;
    }
    this.timer = setTimeout(() => void this.flush(), this.delay);
    this.delay = Math.min(this.delay * 2, RETRY_MAX_MS);
  }
}
