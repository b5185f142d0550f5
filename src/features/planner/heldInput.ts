/** A click or key index.html's first-screen script held because it landed before the app was live. */
export interface HeldInput {
  type: 'click' | 'keydown';
  /** The element it reached: the app hydrates that very node, so a click replays on the control it hit. */
  target: EventTarget | null;
  /** Where a click landed, in page coordinates: should hydration have replaced the markup, the control now there. */
  x: number;
  y: number;
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

declare global {
  interface Window {
    /** Set by index.html's first-screen script: stops holding input and hands over what it held. */
    __heldInput?: () => HeldInput[];
  }
}

let held: HeldInput[] = [];

/**
 * Stops index.html's holder and keeps what it held, as the app starts hydrating: from then on React itself
 * receives input, and replays what reaches the page while it hydrates.
 */
export function takeHeldInput(): void {
  held = window.__heldInput?.() ?? [];
  delete window.__heldInput;
}

/** Replays what was held, after the commit that shows the live app (its controls' handlers then run as for any click). */
export function replayTakenInput(): void {
  const input = held;
  held = [];
  if (input.length > 0) setTimeout(() => replayHeldInput(document, input));
}

const CONTROL = 'button, a[href], input, select, textarea, label, summary, [role="button"], [tabindex]';

/**
 * A click goes to the control it reached (or, if that node is gone, the control now at its point), as a click: '+'
 * adds today's task, a day's '+' opens its add box; elsewhere it reaches what it landed on (a day: selects it). Keys were already in effect where the browser acts alone (Tab
 * moved focus, Enter or Space on a button made a held click): they reach the element they were pressed on as
 * keydowns, for the app's own shortcuts.
 */
export function replayHeldInput(doc: Document, input: readonly HeldInput[]): void {
  const win = doc.defaultView!;
  for (const event of input) {
    const target = event.target instanceof win.Element && event.target.isConnected ? event.target : null;
    if (event.type === 'click') {
      const at = target ?? doc.elementFromPoint(event.x - win.scrollX, event.y - win.scrollY);
      const control = at?.closest<HTMLElement>(CONTROL);
      if (control) {
        if (!control.matches(':disabled')) control.click();
      } else at?.dispatchEvent(new win.MouseEvent('click', { bubbles: true, cancelable: true }));
    } else if (event.key !== 'Tab') {
      const to = target ?? doc.activeElement ?? doc.body;
      const { key, code, ctrlKey, metaKey, shiftKey, altKey } = event;
      for (const type of ['keydown', 'keyup']) to.dispatchEvent(new win.KeyboardEvent(type, { key, code, ctrlKey, metaKey, shiftKey, altKey, bubbles: true, cancelable: true }));
    }
  }
}
