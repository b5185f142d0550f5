import { flushSync } from 'react-dom';

// With thousands of tasks, the cards a first load adds off screen start as plain cards: a list item with
// the title and the check circle drawn by CSS (.task-card.lite in index.css), the same size and look as a
// full card but a fifth of its elements and none of its handlers. Each group of them becomes full cards
// when it comes near the viewport (content-visibility's state change), when the pointer enters it, and
// otherwise in idle time right after the load, so every card soon has its buttons for Tab, screen
// readers and the keyboard drag. So a first load does what plain DOM does for the cards out of sight, and
// the full cards' work follows in slices that never hold up a click for long.

let deferring = false;

/** True while the cards of a first load's completing render are created (see deferOffscreenCards). */
export const cardsDeferred = (): boolean => deferring;

/** Runs `render` synchronously; groups it mounts start as plain cards. */
export function deferOffscreenCards(render: () => void): void {
  deferring = true;
  try {
    flushSync(render);
  } finally {
    deferring = false;
  }
}

const waiting = new Map<Element, () => void>();
let scheduled = false;

// Budget of one idle slice: a group of full cards costs a few ms to render and commit.
const SLICE_MS = 8;

type IdleCallback = (deadline: { timeRemaining(): number }) => void;
const requestIdle: (run: IdleCallback) => void =
  typeof requestIdleCallback === 'function'
    ? (run) => requestIdleCallback(run, { timeout: 500 })
    : (run) => setTimeout(() => run({ timeRemaining: () => SLICE_MS }), 1);

function upgradeInIdleTime(): void {
  if (scheduled) return;
  scheduled = true;
  requestIdle((deadline) => {
    scheduled = false;
    const start = performance.now();
    // At least one group per slice, so the list completes even when idle time is scarce.
    do {
      const next = waiting.values().next();
      if (next.done) return;
      next.value();
    } while (deadline.timeRemaining() > 2 && performance.now() - start < SLICE_MS);
    if (waiting.size > 0) upgradeInIdleTime();
  });
}

/**
 * Makes the group at `element` full by calling `upgrade` (once): right away when it comes into view or
 * under the pointer, else in idle time. Returns the cancel for an unmount.
 */
export function scheduleUpgrade(element: HTMLElement, upgrade: () => void): () => void {
  const cancel = () => {
    waiting.delete(element);
    element.removeEventListener('contentvisibilityautostatechange', onVisibility);
    element.removeEventListener('pointerover', now);
  };
  function now() {
    cancel();
    flushSync(upgrade);
  }
  function onVisibility(event: Event) {
    if (!(event as Event & { skipped?: boolean }).skipped) now();
  }
  element.addEventListener('contentvisibilityautostatechange', onVisibility);
  element.addEventListener('pointerover', now);
  waiting.set(element, now);
  upgradeInIdleTime();
  return cancel;
}

/** Groups still waiting to become full cards (for tests). */
export const groupsWaiting = (): number => waiting.size;
