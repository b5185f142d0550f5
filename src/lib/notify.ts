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
 * Raises a toast once the current task is over. A toast reports what just happened, often from within a click's
 * dispatch (a deletion's 'Undo'): created there, it rendered with the click's own update and held up the card it
 * reports on, and the first one also fetched sonner (the preload helper queries the document's links) in the click.
 */
function raise(make: (sonner: Sonner) => void): void {
  setTimeout(() =>
    loadSonner().then(
      make,
      // A toast that cannot load is not worth an error of its own.
      () => {},
    ),
  );
}

export const notify = {
  /** `detail`: a second line, e.g. what a sign-out kept on the device. */
  success: (message: string, detail?: string) => raise(({ toast }) => toast.success(message, detail ? { description: detail } : undefined)),
  error: (message: string) => raise(({ toast }) => toast.error(message)),
  /** A message with one button, e.g. a deletion's 'Undo'. */
  withAction(message: string, action: { label: string; onClick: () => void }): void {
    raise(({ toast }) => toast(message, { action }));
  },
  /** A message with two buttons: what most undo it ('Undo') first, then a second choice. Up for longer, to read both. */
  withActions(message: string, action: { label: string; onClick: () => void }, second: { label: string; onClick: () => void }): void {
    raise(({ toast }) => toast(message, { action, cancel: second, duration: 8000 }));
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
