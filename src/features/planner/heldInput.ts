/** A click or key index.html's first-screen script held because it landed before the app was live. */
export interface HeldInput {
  type: 'click' | 'keydown';
  /** The element it reached: the app hydrates that very node, so a click replays on the control it hit. */
  target: EventTarget | null;
  /** Where a click landed, in page coordinates: should hydration have replaced the markup, the control now there. */
  x: number;
  y: number;
  /** A click's count: 0 when a key made it (Space or Enter on a focused button). */
  detail?: number;
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** A key the app caught while it hydrated: its default was prevented, so Enter or Space made no click of its own. */
  caught?: boolean;
}

declare global {
  interface Window {
    /** Set by index.html's first-screen script: stops holding input and hands over what it held. */
    __heldInput?: () => HeldInput[];
  }
}

let held: HeldInput[] = [];
let stopCatching: (() => void) | null = null;
/** True while the replay dispatches a key itself. */
let replaying = false;

/** How long a held click waits for the field it opens (a day's add box, the new task's title) to take focus. */
const FIELD_WAIT_MS = 1000;
/** Keys are caught until the replay is done, or this long if the app never gets there. */
const CATCH_LIMIT_MS = 5000;

/**
 * Stops index.html's holder and keeps what it held, as the app starts hydrating, and from then on catches clicks
 * and keys itself until the replay has caught up: a tap on '+' while React hydrates, then the title typed, would
 * otherwise reach a page with no field for the keys yet (a Space presses the focused '+' again, the letters are
 * lost). One queue, replayed in order, whether input came before the app's code or while it hydrated. Tab passes
 * (it moves focus, as it did before the code came); clicks the app or the replay make pass (not trusted).
 */
export function takeHeldInput(): void {
  const take = window.__heldInput;
  delete window.__heldInput;
  // No first screen (another route, or the script gave way): React renders afresh, nothing was held.
  if (!take) return;
  stopCatching?.();
  const queue = (held = take());
  const swallow = (event: Event) => {
    if (replaying) return false;
    event.preventDefault();
    event.stopImmediatePropagation();
    return true;
  };
  const catchKey = (event: KeyboardEvent) => {
    if (event.key === 'Tab' || !swallow(event)) return;
    const { key, code, ctrlKey, metaKey, shiftKey, altKey } = event;
    queue.push({ type: 'keydown', target: event.target, x: 0, y: 0, key, code, ctrlKey, metaKey, shiftKey, altKey, caught: true });
  };
  const passKeyUp = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') swallow(event);
  };
  const catchClick = (event: MouseEvent) => {
    if (!event.isTrusted || !swallow(event)) return;
    const { detail, pageX, pageY, ctrlKey, metaKey, shiftKey, altKey } = event;
    queue.push({ type: 'click', target: event.target, x: pageX, y: pageY, detail, key: '', code: '', ctrlKey, metaKey, shiftKey, altKey });
  };
  window.addEventListener('keydown', catchKey, true);
  window.addEventListener('keyup', passKeyUp, true);
  window.addEventListener('click', catchClick, true);
  const timer = setTimeout(() => stopCatching?.(), CATCH_LIMIT_MS);
  stopCatching = () => {
    window.removeEventListener('keydown', catchKey, true);
    window.removeEventListener('keyup', passKeyUp, true);
    window.removeEventListener('click', catchClick, true);
    clearTimeout(timer);
    stopCatching = null;
  };
}

/** Replays what was held, after the commit that shows the live app (its controls' handlers then run as for any click). */
export function replayTakenInput(): void {
  const input = held;
  held = [];
  setTimeout(() => {
    // Input caught meanwhile joins `input` until the replay has caught up with it.
    void replayHeldInput(document, input).finally(() => {
      stopCatching?.();
    });
  });
}

const CONTROL = 'button, a[href], input, select, textarea, label, summary, [role="button"], [tabindex]';
const TEXT_FIELD = 'input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"]), textarea';

const KEY_PRESSABLE = 'button:enabled, [role="button"], summary';
const pressesButton = (event: HeldInput) => (event.key === 'Enter' || event.key === ' ') && !event.ctrlKey && !event.metaKey && !event.altKey;

/** A key that types a character (Shift is part of it), not a shortcut. */
const isText = (event: HeldInput) => event.type === 'keydown' && [...event.key].length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

/**
 * A click goes to the control it reached (or, if that node is gone, the control now at its point), as a click: '+'
 * adds today's task, a day's '+' opens its add box; elsewhere it reaches what it landed on (a day: selects it). Keys
 * index.html held were already in effect where the browser acts alone (Tab moved focus, Enter or Space on a button
 * made a held click): they reach the element they were pressed on as keydowns, for the app's own shortcuts; Enter or
 * Space the app caught (the browser made no click of them) also press that button, unless a handler took them. Keys
 * pressed after a click that opens a text field are typed into it once it has focus, Enter and Backspace included,
 * as a person typing there would; a click a key made meanwhile (Space or Enter on the focused '+') was that key, not a
 * second press, also when that Enter closed the field.
 * Returns once everything is replayed, `input` included as it grows meanwhile.
 */
export async function replayHeldInput(doc: Document, input: readonly HeldInput[]): Promise<void> {
  const win = doc.defaultView!;
  let field: HTMLInputElement | HTMLTextAreaElement | null = null;
  // The previous event was a key replayed into a field: a click a key made right after it was that key's own.
  let keyInField = false;
  // Text typed after a press is meant for the field the press opens.
  const typedAfter = (i: number) => input.some((later, j) => j > i && isText(later));
  for (let i = 0; i < input.length; i++) {
    const event = input[i]!;
    const target = event.target instanceof win.Element && event.target.isConnected ? event.target : null;
    if (field && !(field.isConnected && doc.activeElement === field)) field = null;
    const afterKeyInField = keyInField;
    keyInField = event.type === 'keydown' && field !== null;
    if (event.type === 'click') {
      // Enter that committed a field and closed it still pressed the focused '+' then: not a second press.
      if (event.detail === 0 && (field || afterKeyInField)) continue;
      const at = target ?? doc.elementFromPoint(event.x - win.scrollX, event.y - win.scrollY);
      const control = at?.closest<HTMLElement>(CONTROL);
      if (control) {
        if (!control.matches(':disabled')) control.click();
      } else at?.dispatchEvent(new win.MouseEvent('click', { bubbles: true, cancelable: true }));
      if (typedAfter(i)) field = await focusedField(doc);
    } else if (field && isText(event)) {
      insertText(field, event.key);
    } else if (field && event.key === 'Backspace') {
      deleteBack(field);
    } else if (event.key !== 'Tab') {
      const to = field ?? target ?? doc.activeElement ?? doc.body;
      const { key, code, ctrlKey, metaKey, shiftKey, altKey } = event;
      let handled = false;
      replaying = true;
      try {
        for (const type of ['keydown', 'keyup']) {
          handled = !to.dispatchEvent(new win.KeyboardEvent(type, { key, code, ctrlKey, metaKey, shiftKey, altKey, bubbles: true, cancelable: true })) || handled;
        }
      } finally {
        replaying = false;
      }
      // What the browser would have done with the key the app caught: Enter or Space presses the focused button.
      if (!field && !handled && event.caught && pressesButton(event) && to instanceof win.HTMLElement && to.matches(KEY_PRESSABLE)) {
        to.click();
        if (typedAfter(i)) field = await focusedField(doc);
      } else if (field) {
        // Enter in a field commits it: what follows is typed once the app has rendered that (an add box stays open,
        // emptied, for the next task).
        await new Promise((resolve) => win.setTimeout(resolve));
        field = await focusedField(doc);
      }
    }
  }
}

/** The text field that has focus, once one has (a field opens on the click's render, or a few frames later). */
function focusedField(doc: Document): Promise<HTMLInputElement | HTMLTextAreaElement | null> {
  const win = doc.defaultView!;
  const until = win.performance.now() + FIELD_WAIT_MS;
  return new Promise((resolve) => {
    const look = () => {
      const active = doc.activeElement;
      if (active instanceof win.HTMLElement && active.matches(TEXT_FIELD)) return resolve(active as HTMLInputElement | HTMLTextAreaElement);
      if (win.performance.now() >= until) return resolve(null);
      win.requestAnimationFrame(look);
    };
    look();
  });
}

/** As typing does: into the selection, with the input event React's onChange listens for. */
function insertText(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const doc = field.ownerDocument;
  // The browser's own insertion keeps its undo stack; jsdom has no execCommand.
  if (typeof doc.execCommand === 'function' && doc.execCommand('insertText', false, text)) return;
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  setValue(field, field.value.slice(0, start) + text + field.value.slice(end), start + text.length);
}

function deleteBack(field: HTMLInputElement | HTMLTextAreaElement) {
  const doc = field.ownerDocument;
  if (typeof doc.execCommand === 'function' && doc.execCommand('delete')) return;
  const end = field.selectionEnd ?? field.value.length;
  const start = Math.max(0, field.selectionStart === end ? end - 1 : (field.selectionStart ?? end));
  setValue(field, field.value.slice(0, start) + field.value.slice(end), start);
}

function setValue(field: HTMLInputElement | HTMLTextAreaElement, value: string, caret: number) {
  // React tracks the value it last set through the element's own setter: the prototype's makes this a change.
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.setSelectionRange(caret, caret);
  field.dispatchEvent(new (field.ownerDocument.defaultView!.Event)('input', { bubbles: true }));
}
