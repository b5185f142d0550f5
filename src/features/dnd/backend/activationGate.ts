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
  /** The press's drag is about to be released: anything the host put off must happen now. */
  beforeRelease?(): void;
}

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
  timer?: ReturnType<typeof setTimeout>;
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

  const end = () => {
    if (!press) return;
    clearTimeout(press.timer);
    press.node.removeAttribute(ARMED_ATTR);
    press = null;
    latest = null;
  };

  /** A drag this press did not start (a keyboard drag) owns the pointer events until it ends. */
  const foreignDrag = () => host.isDragging() && press?.state !== 'active';

  const start = (event: MouseEvent | TouchEvent, kind: Press['kind'], origin: XYCoord | null) => {
    if (foreignDrag()) return event.stopImmediatePropagation();
    end();
    const node = host.sourceNodeOf(event.target);
    if (!node || !origin) return;
    const state = event.target instanceof Element && event.target.closest(EDITABLE) ? 'ignored' : 'pending';
    press = { kind, origin, node, state };
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
    if (press?.state === 'active') host.beforeRelease?.();
    // The click that follows a drag's mouseup is not a click on whatever lies under it.
    if (press?.state === 'active') {
      swallowClick = true;
      setTimeout(() => (swallowClick = false));
    }
    end();
  };

  const listeners: Array<[string, (event: never) => void]> = [
    ['mousedown', (e: MouseEvent) => e.button === 0 && start(e, 'mouse', { x: e.clientX, y: e.clientY })],
    ['mousemove', (e: MouseEvent) => move(e, 'mouse', { x: e.clientX, y: e.clientY })],
    ['mouseup', (e: MouseEvent) => e.button === 0 && release(e)],
    ['touchstart', (e: TouchEvent) => (e.touches.length > 1 ? secondFinger() : start(e, 'touch', touchPoint(e)))],
    ['touchmove', (e: TouchEvent) => move(e, 'touch', touchPoint(e))],
    ['touchend', release],
    ['touchcancel', release],
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
  for (const [type, listener] of listeners) win.addEventListener(type, listener as EventListener, options);
  return {
    pressActive: () => press?.state === 'active',
    point: () => (press?.state === 'active' ? latest : null),
    dispose() {
      end();
      for (const [type, listener] of listeners) win.removeEventListener(type, listener as EventListener, options);
    },
  };
}

function touchPoint(event: TouchEvent): XYCoord | null {
  const touch = event.touches[0] ?? event.changedTouches[0];
  return touch ? { x: touch.clientX, y: touch.clientY } : null;
}
