import type { XYCoord } from 'dnd-core';

// The spec's activation rules (SPEC §4, §9).
export const MOUSE_DISTANCE = 10;
export const TOUCH_DELAY_MS = 200;
export const TOUCH_TOLERANCE = 5;

/** Set on the card while a touch press has been held long enough and the drag begins with the next move. */
export const ARMED_ATTR = 'data-dnd-armed';

export interface GateHost {
  /** Whether any drag (this gate's or another input's) is in progress. */
  isDragging(): boolean;
  /** The drag source node an event target belongs to, if any. */
  sourceNodeOf(target: EventTarget | null): Element | null;
  /**
   * A move of the press whose drag has begun: true if the host handles it, and the listeners behind the
   * gate (the touch backend) never see it.
   */
  dragMove?(point: XYCoord): boolean;
  /**
   * The press is over, however it ended: its drag, if it began, drops where the pointer is or is cancelled, and
   * nothing behind the gate may begin one from it. Called before the gate forgets the press (its point still
   * counts), whether or not anything behind the gate hears the event.
   */
  pressEnded?(how: DragEnd, began: boolean, event: Event | null): void;
}

/** How a press's drag ends: a release drops it; a touch the browser took back, a hidden page or a lost focus cancel it. */
export type DragEnd = 'drop' | 'cancel';

type PressState =
  | 'pending' // pressed on a card, activation not reached yet
  | 'armed' // touch held for the delay: the next move starts the drag
  | 'active' // moves reach the backend, which begins (or runs) the drag
  | 'ignored'; // a press in a text field, or a touch that moved too early: never a drag

export interface ActivationGate {
  /** Whether the current press has qualified as a drag (its moves reach the backend). */
  pressActive(): boolean;
  /** Where the active press is now (the event being handled, which dnd-core records only after hover handlers ran). */
  point(): XYCoord | null;
  dispose(): void;
}

interface Press {
  kind: 'mouse' | 'touch';
  origin: XYCoord;
  node: Element;
  state: PressState;
  /** When the press began, on the events' clock: a busy page may run the delay's timer before moves queued earlier. */
  startedAt: number;
  timer?: ReturnType<typeof setTimeout>;
  /** Stops listening on the element a touch began on (see `followTouch`). */
  unfollow?: () => void;
}

const EDITABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';

/**
 * Sits in front of the touch backend (capture listeners on window run before its
 * listeners on document) and only lets pointer moves through once a press qualifies
 * as a drag: a mouse after 10 px, a touch after 200 ms held within 5 px. The touch
 * backend alone cannot do that: its `touchSlop` is shared by mouse and touch, and any
 * touchmove during `delayTouchStart` cancels the press.
 *
 */
export function installActivationGate(win: Window, host: GateHost): ActivationGate {
  let press: Press | null = null;
  let swallowClick = false;
  let latest: XYCoord | null = null;
  /** The event the window listeners handled last: a touch's own target must not handle it again. */
  let seen: Event | null = null;

  /** Every way a press ends comes here, so a drag it began never outlives it. */
  const end = (how: DragEnd = 'cancel', event: Event | null = null) => {
    const ending = press;
    if (!ending) return;
    try {
      host.pressEnded?.(how, ending.state === 'active', event);
    } finally {
      clearTimeout(ending.timer);
      ending.node.removeAttribute(ARMED_ATTR);
      ending.unfollow?.();
      if (press === ending) press = null;
      latest = null;
    }
  };

  /** A drag this press did not start (a keyboard drag) owns the pointer events until it ends. */
  const foreignDrag = () => host.isDragging() && press?.state !== 'active';

  const start = (event: MouseEvent | TouchEvent, kind: Press['kind'], origin: XYCoord | null) => {
    if (foreignDrag()) return event.stopImmediatePropagation();
    end();
    const node = host.sourceNodeOf(event.target);
    if (!node || !origin) return;
    const state = event.target instanceof Element && event.target.closest(EDITABLE) ? 'ignored' : 'pending';
    press = { kind, origin, node, state, startedAt: event.timeStamp };
    if (kind === 'touch' && event.target) press.unfollow = followTouch(event.target);
    if (kind === 'touch' && state === 'pending') {
      const held = press;
      held.timer = setTimeout(() => {
        held.state = 'armed';
        held.node.setAttribute(ARMED_ATTR, '');
      }, TOUCH_DELAY_MS);
    }
  };

  const move = (event: MouseEvent | TouchEvent, kind: Press['kind'], point: XYCoord | null) => {
    if (foreignDrag()) return event.stopImmediatePropagation();
    if (!press || press.kind !== kind || !point) return;
    if (press.state === 'pending') {
      const moved = Math.hypot(point.x - press.origin.x, point.y - press.origin.y);
      if (kind === 'mouse' && moved >= MOUSE_DISTANCE) {
        press.state = 'active';
        win.getSelection()?.removeAllRanges();
      } else {
        // A touch that wanders before the delay is a scroll: let the browser have it.
        if (kind === 'touch' && moved >= TOUCH_TOLERANCE) {
          clearTimeout(press.timer);
          press.state = 'ignored';
        }
        return event.stopImmediatePropagation();
      }
    }
    if (press.state === 'armed' && kind === 'touch' && event.timeStamp - press.startedAt < TOUCH_DELAY_MS) {
      // The timer ran first, but the finger moved before the delay was up: still a scroll, as when it came in time.
      const moved = Math.hypot(point.x - press.origin.x, point.y - press.origin.y);
      if (moved >= TOUCH_TOLERANCE) {
        press.state = 'ignored';
        press.node.removeAttribute(ARMED_ATTR);
      }
      return event.stopImmediatePropagation();
    }
    if (press.state === 'ignored') return event.stopImmediatePropagation();
    if (press.state === 'armed') {
      press.state = 'active';
      press.node.removeAttribute(ARMED_ATTR);
    }
    // Active: the backend sees the move; the page must not scroll under a touch drag.
    latest = point;
    if (kind === 'touch' && event.cancelable) event.preventDefault();
    if (host.isDragging() && host.dragMove?.(point)) event.stopImmediatePropagation();
  };

  // A second finger before the drag began makes the gesture a pinch, never a drag.
  const secondFinger = () => {
    if (!press || press.state === 'active') return;
    clearTimeout(press.timer);
    press.node.removeAttribute(ARMED_ATTR);
    press.state = 'ignored';
  };

  const release = (event: MouseEvent | TouchEvent) => {
    if (foreignDrag()) return event.stopImmediatePropagation();
    if ('touches' in event && event.touches.length > 0) return;
    // The click that follows a drag's mouseup is not a click on whatever lies under it.
    if (press?.state === 'active') {
      swallowClick = true;
      setTimeout(() => (swallowClick = false));
    }
    end(event.type === 'touchcancel' ? 'cancel' : 'drop', event);
  };

  /** The browser took the touch back, the page was hidden or the window lost focus: no release will come. */
  const abandon = (event: Event) => {
    if (event.type === 'blur' && event.target !== win) return; // an element's blur, caught on its way down
    if (event.type === 'visibilitychange' && win.document.visibilityState !== 'hidden') return;
    if (event.type === 'pointercancel' && (event as PointerEvent).pointerType !== press?.kind) return;
    end('cancel', event);
  };

  /**
   * A touch's events go to the element it began on, even after React removed it (the only card of a day
   * moved live to another day, its group unmounted): from a detached element they never reach window, and
   * the drag would never end. So a touch also listens on its own target, for what window did not see.
   */
  const followTouch = (target: EventTarget) => {
    const strays: Array<[string, (event: TouchEvent) => void]> = [
      ['touchmove', (e) => e !== seen && move(e, 'touch', touchPoint(e))],
      ['touchend', (e) => e !== seen && release(e)],
      ['touchcancel', (e) => e !== seen && release(e)],
    ];
    for (const [type, listener] of strays) target.addEventListener(type, listener as EventListener, { passive: false });
    return () => {
      for (const [type, listener] of strays) target.removeEventListener(type, listener as EventListener);
    };
  };

  const listeners: Array<[string, (event: never) => void]> = [
    ['mousedown', (e: MouseEvent) => e.button === 0 && start(e, 'mouse', { x: e.clientX, y: e.clientY })],
    ['mousemove', (e: MouseEvent) => move(e, 'mouse', { x: e.clientX, y: e.clientY })],
    ['mouseup', (e: MouseEvent) => e.button === 0 && release(e)],
    ['touchstart', (e: TouchEvent) => (e.touches.length > 1 ? secondFinger() : start(e, 'touch', touchPoint(e)))],
    ['touchmove', (e: TouchEvent) => move(e, 'touch', touchPoint(e))],
    ['touchend', release],
    ['touchcancel', release],
    ['pointercancel', abandon],
    ['blur', abandon],
    [
      'click',
      (e: MouseEvent) => {
        if (swallowClick || foreignDrag()) {
          e.preventDefault();
          e.stopImmediatePropagation();
        }
      },
    ],
    // No text selection from a press on a card, and no long-press menu over a held touch.
    ['selectstart', (e: Event) => press && press.state !== 'ignored' && e.preventDefault()],
    ['contextmenu', (e: Event) => press?.kind === 'touch' && (press.state === 'armed' || press.state === 'active') && e.preventDefault()],
  ];
  const options = { capture: true, passive: false };
  const noted = listeners.map(([type, listener]): [string, EventListener] => [
    type,
    (event) => {
      seen = event;
      (listener as EventListener)(event);
    },
  ]);
  for (const [type, listener] of noted) win.addEventListener(type, listener, options);
  win.document.addEventListener('visibilitychange', abandon);
  return {
    pressActive: () => press?.state === 'active',
    point: () => (press?.state === 'active' ? latest : null),
    dispose() {
      end();
      for (const [type, listener] of noted) win.removeEventListener(type, listener, options);
      win.document.removeEventListener('visibilitychange', abandon);
    },
  };
}

function touchPoint(event: TouchEvent): XYCoord | null {
  const touch = event.touches[0] ?? event.changedTouches[0];
  return touch ? { x: touch.clientX, y: touch.clientY } : null;
}
