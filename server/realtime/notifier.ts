// Sends the pointers of this process's appends after they committed (docs/sync.md, "Fan-out across processes").
// Pointers made while the previous NOTIFY was under way (or in the same tick) go out together, one per user
// covering all of that user's ranges: under load a few NOTIFY transactions per second carry many appends.
// A pointer that is never sent (a failed NOTIFY, a process killed between commit and notify) reaches other
// processes' sockets anyway through their periodic read of the log heads (fanout.ts).

export interface Notifier {
  /** The user's rows from..to were committed by this process. */
  appended(userId: string, from: number, to: number): void;
  /** Resolves once everything given so far was sent (or failed). */
  drain(): Promise<void>;
}

export function createNotifier(send: (payloads: string[]) => Promise<void>, log: (message: string) => void = console.error): Notifier {
  let pending = new Map<string, { from: number; to: number }>();
  let sending: Promise<void> | undefined;

  const flush = async () => {
    while (pending.size > 0) {
      const batch = pending;
      pending = new Map();
      const payloads = [...batch].map(([userId, { from, to }]) => JSON.stringify({ user_id: userId, from, to }));
      try {
        await send(payloads);
      } catch (err) {
        log(`realtime notify failed (the heads poll delivers these): ${(err as Error).message}`);
      }
    }
    sending = undefined;
  };

  return {
    appended(userId, from, to) {
      const range = pending.get(userId);
      pending.set(userId, range ? { from: Math.min(range.from, from), to: Math.max(range.to, to) } : { from, to });
      // setImmediate: the appends answered in this tick share one NOTIFY.
      sending ??= new Promise<void>((resolve) => setImmediate(resolve)).then(flush);
    },
    drain: async () => {
      while (sending) await sending;
    },
  };
}
