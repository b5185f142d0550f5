// A new version of the app that the service worker has ready: announced with a prompt and applied
// only when the person chooses to reload, never under their hands (lib/serviceWorker.ts feeds this).

let apply: (() => void) | null = null;
const listeners = new Set<() => void>();

export const appUpdate = {
  /** Whether a new version waits for a reload. */
  available: (): boolean => apply !== null,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Switches to the new version; the page reloads once it is in charge. */
  reload(): void {
    apply?.();
  },
};

/** Called by the service worker's registration when a new version is ready (again on a change of how to apply it). */
export function announceUpdate(applyUpdate: () => void): void {
  apply = applyUpdate;
  listeners.forEach((listener) => listener());
}
