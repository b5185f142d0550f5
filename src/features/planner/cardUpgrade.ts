import { startTransition } from 'react';
import { flushSync } from 'react-dom';

// With thousands of tasks, the cards a column first shows after its first group start as plain cards
// (DayColumnContainer's useTaskGroups): a list item with the title and the check circle drawn by CSS (.task-card.lite
// in index.css), the same size and look as a full card but a fifth of its elements and none of its handlers. Each
// group of them becomes full cards when it comes near the viewport (content-visibility's state change), when the
// pointer enters it, and otherwise in idle time right after the load, so every card soon has its buttons for Tab,
// screen readers and the keyboard drag. So a first load does what plain DOM does for the cards out of sight, and
// the full cards' work follows in slices that never hold up a click for long.

const waiting = new Map<Element, () => void>();
let scheduled = false;

type IdleCallback = () => void;
const requestIdle: (run: IdleCallback) => void =
  typeof requestIdleCallback === 'function' ? (run) => requestIdleCallback(run, { timeout: 500 }) : (run) => setTimeout(run, 1);

// One group per idle period, rendered as a transition: React builds its 50 full cards in 5 ms slices and lets a
// click in between; made at once (flushSync) they were one task, four times as long at a phone's CPU, and a tap that
// landed in it waited for the rest (on a phone the idle upgrades go on for seconds after a load). The next idle
// period comes once React's slices and commit, ordinary tasks, are done.
// A person who presses presses again soon (ticking off one task after another): the upgrades wait until they pause.
const QUIET_MS = 1000;
let lastPress = -Infinity;
let listening = false;
const pressed = () => void (lastPress = performance.now());

function upgradeInIdleTime(): void {
  if (scheduled) return;
  scheduled = true;
  if (!listening && typeof addEventListener === 'function') {
    listening = true;
    addEventListener('pointerdown', pressed, { capture: true, passive: true });
  }
  requestIdle(() => {
    const quiet = lastPress + QUIET_MS - performance.now();
    if (quiet > 0) {
      setTimeout(() => {
        scheduled = false;
        upgradeInIdleTime();
      }, quiet);
      return;
    }
    scheduled = false;
    const next = waiting.values().next();
    if (next.done) return;
    next.value();
    if (waiting.size > 0) upgradeInIdleTime();
  });
}

/**
 * Makes the group at `element` full by calling `upgrade` (once): right away when it comes into view or
 * under the pointer, else in idle time (in a transition). Returns the cancel for an unmount, or for the
 * group once full.
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
  // Still listening: a group that comes into view or under the pointer before the transition commits is made at once.
  function inIdleTime() {
    waiting.delete(element);
    startTransition(upgrade);
  }
  element.addEventListener('contentvisibilityautostatechange', onVisibility);
  element.addEventListener('pointerover', now);
  waiting.set(element, inIdleTime);
  upgradeInIdleTime();
  return cancel;
}

/** Groups still waiting to become full cards (for tests). */
export const groupsWaiting = (): number => waiting.size;
