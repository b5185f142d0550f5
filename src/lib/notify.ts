// Toasts without sonner in the first load: the library is fetched on the first notification,
// and <Toaster> mounts only from then on (sonner replays toasts raised before it subscribed).

type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    listeners.forEach((listener) => listener());
  }
  return sonner;
}

/**
 * Runs `task` once the next frame is on screen. A toast's first render lays out the whole page (sonner
 * measures its height): raised with the click that caused it, it kept that click's own change (a deleted
 * card gone) off the screen for another ~7 ms with 5,000 tasks. A frame later nobody can tell.
 */
function afterNextPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible') {
    setTimeout(task);
    return;
  }
  requestAnimationFrame(() => setTimeout(task));
}

function show(kind: 'success' | 'error', message: string): void {
  loadSonner().then(
    ({ toast }) => afterNextPaint(() => toast[kind](message)),
    // A toast that cannot load is not worth an error of its own.
    () => {},
  );
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  /** A message with one button, e.g. a deletion's 'Undo'. */
  withAction(message: string, action: { label: string; onClick: () => void }): void {
    loadSonner().then(
      ({ toast }) => afterNextPaint(() => toast(message, { action })),
      () => {},
    );
  },
};

/** For <Toaster>: whether any notification has been raised yet, and a way to hear of the first. */
export const toasts = {
  requested: (): boolean => sonner !== null,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
