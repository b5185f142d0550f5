import { HANDLE_ATTR } from './backend/attributes';

// The drag backends (mouse, touch, keyboard) and the drag layer are chunks of their own, and a person who
// only looks at the week needs neither. Where a mouse is the primary pointer, a drag is always preceded by
// the pointer entering the page (or, with the keyboard, by focus reaching a handle), and it activates only
// after a 10 px move: so the chunks are fetched on that first sign of intent, not with the first render.
// Where the primary pointer is touch (or unknown), a long-press may be the first thing a person does, so
// they load at once as before.
//
// A press made while they load (the chunk arrives within tens of ms; a test's scripted mouse is quicker)
// is replayed to the backend once it listens: the held mouse button with the pointer's latest position (a whole
// drag released meanwhile, through to its release),
// a held touch, or a keyboard drag begun on a drag handle: Space/Enter and every drag key after it (arrows, Escape,
// the drop), in order, kept meanwhile from clicking the handle or scrolling the page. A key alone would not do: Space,
// Escape, then Space again on a slow load replayed the first Space after the second, which dropped at once.

const INTENT = ['pointerover', 'pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
const PICK_UP = new Set([' ', 'Enter']);
/** The keys a keyboard drag acts on after its pick-up (keyboardBackend.ts). */
const DRAG_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Escape']);
/** Enough for any drag a person makes in the moment the backends take to arrive. */
const MAX_KEYS = 64;

/** Whether a drag here is always preceded by a hover or by focus, so its code can wait for them. */
export function canWaitForIntent(win: Window): boolean {
  return typeof win.matchMedia === 'function' && win.matchMedia('(hover: hover) and (pointer: fine)').matches;
}

const intents = new WeakMap<Window, Promise<void>>();

/** Resolves on the first sign that a person may drag: at once where that cannot be waited for. */
export function dragIntent(win: Window): Promise<void> {
  let intent = intents.get(win);
  if (!intent) {
    intent = canWaitForIntent(win)
      ? new Promise<void>((resolve) => {
          const options = { capture: true, passive: true };
          const seen = () => {
            for (const type of INTENT) win.removeEventListener(type, seen, options);
            resolve();
          };
          for (const type of INTENT) win.addEventListener(type, seen, options);
        })
      : Promise.resolve();
    intents.set(win, intent);
  }
  return intent;
}

/**
 * Loads the backend on the first intent; the press made meanwhile (if still held) is replayed once
 * the loaded backend has been set up, which its owner does in its then-callback on this promise.
 */
export function loadOnIntent<T>(win: Window, load: () => Promise<T>): Promise<T> {
  if (!canWaitForIntent(win)) return load();
  const presses = recordPresses(win);
  return dragIntent(win)
    .then(load)
    .then(
      (backend) => {
        // Recording stops now, so no input reaches both the recorder and the backend. The owner's
        // then-callback (set-up, connections) is queued once this returns, after this microtask; the
        // replay is queued from that microtask, so it runs right after the set-up, before any further input.
        const replay = presses.stop();
        queueMicrotask(() => queueMicrotask(replay));
        return backend;
      },
      (error: unknown) => {
        presses.stop();
        throw error;
      },
    );
}

interface Recorder {
  /** Stops recording; returns what dispatches the press still held (if any) again. */
  stop(): () => void;
}

type Listener = [string, (event: never) => void];

/** Records the press being held while the backend loads. */
export function recordPresses(win: Window): Recorder {
  let mouse: { down: MouseEvent; move: MouseEvent | null; up?: MouseEvent } | null = null;
  let touch: TouchEvent | null = null;
  /** A keyboard drag made while loading: its pick-up key on a handle, then each drag key after it. */
  const keys: KeyboardEvent[] = [];
  /** A pick-up key whose keydown we held back: its keyup must not click the handle either. */
  let keyHeld: string | null = null;

  const listeners: Listener[] = [
    ['mousedown', (e: MouseEvent) => e.button === 0 && (mouse = { down: e, move: null })],
    ['mousemove', (e: MouseEvent) => mouse && !mouse.up && (mouse.move = e)],
    // A press released where it was pressed was a click, and went as one. One that moved first may have been a whole
    // drag made before the backend arrived (a busy page's first moment): it is replayed through to its release, and
    // the backend's own threshold decides whether it was a drag.
    ['mouseup', (e: MouseEvent) => e.button === 0 && (mouse = mouse?.move ? { ...mouse, up: e } : null)],
    ['touchstart', (e: TouchEvent) => (touch = e.touches.length === 1 ? e : null)],
    ['touchend', () => (touch = null)],
    ['touchcancel', () => (touch = null)],
    [
      'keydown',
      (e: KeyboardEvent) => {
        const onHandle = e.target instanceof Element && e.target.closest(`[${HANDLE_ATTR}]`) !== null;
        const pickUp = PICK_UP.has(e.key) && !e.repeat && onHandle;
        if (!(keys.length > 0 ? onHandle && (PICK_UP.has(e.key) || DRAG_KEYS.has(e.key)) : pickUp)) return;
        if (keys.length >= MAX_KEYS) return;
        e.preventDefault();
        keys.push(e);
        if (PICK_UP.has(e.key)) keyHeld = e.key;
      },
    ],
    [
      'keyup',
      (e: KeyboardEvent) => {
        if (e.key !== keyHeld) return;
        keyHeld = null;
        e.preventDefault();
      },
    ],
  ];
  const options = { capture: true };
  for (const [type, listener] of listeners) win.addEventListener(type, listener as EventListener, options);
  const replay = (): void => {
    if (mouse) {
      const { down, move, up } = mouse;
      redispatch(down, () => new MouseEvent('mousedown', down));
      if (move) redispatch(move, () => new MouseEvent('mousemove', move));
      if (up) redispatch(up, () => new MouseEvent('mouseup', up));
    }
    if (touch) {
      const held = touch;
      const touches = () => Array.from(held.touches);
      redispatch(held, () => new TouchEvent('touchstart', { bubbles: true, cancelable: true, touches: touches(), targetTouches: touches(), changedTouches: Array.from(held.changedTouches) }));
    }
    if (keys[0] && keys[0].target === win.document.activeElement) {
      for (const pressed of keys) redispatch(pressed, () => new KeyboardEvent('keydown', pressed));
    }
  };

  return {
    stop() {
      for (const [type, listener] of listeners) win.removeEventListener(type, listener as EventListener, options);
      return replay;
    },
  };
}

function redispatch(original: Event, copy: () => Event): void {
  try {
    original.target?.dispatchEvent(copy());
  } catch (error) {
    // An event this browser cannot construct: that one press is not a drag, as before it loaded.
    console.warn('Could not replay a press for drag and drop', error);
  }
}
