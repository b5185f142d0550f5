/** The id of the empty week index.html shows while the app loads (see the comment there). */
export const STARTUP_SHELL_ID = 'planner-shell';

/** A click or key index.html's holder caught on the startup shell, before the app was live. */
export interface HeldInput {
  type: 'click' | 'keydown';
  /** Where a click landed, in page coordinates (the page may have scrolled since). */
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
    /** Set by index.html: stops holding input and hands over what it held. */
    __heldInput?: () => HeldInput[];
  }
}

/**
 * Takes the startup shell out of the page, if it is still there, and replays what a person did to it meanwhile.
 * Called as the app's week commits: it lays out where the shell's did, so a click lands on the same control.
 */
export function removeStartupShell(): void {
  const shell = document.getElementById(STARTUP_SHELL_ID);
  if (!shell) return;
  shell.remove();
  const held = window.__heldInput?.() ?? [];
  delete window.__heldInput;
  // After this commit: the controls' handlers then run as for any click, not inside React's commit.
  if (held.length > 0) setTimeout(() => replayHeldInput(document, held));
}

const CONTROL = 'button, a[href], input, select, textarea, label, summary, [role="button"], [tabindex]';
const TABBABLE = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Replays held input on the live app. A click goes to the control now at the point it landed (the shell drew
 * the same week in the same place), as a click: '+' adds today's task, a day's '+' opens its add box. A Tab
 * moves focus into the app as it would have; other keys (shortcuts) reach the focused element as keydowns.
 */
export function replayHeldInput(doc: Document, held: readonly HeldInput[]): void {
  const win = doc.defaultView!;
  for (const input of held) {
    if (input.type === 'click') {
      const at = doc.elementFromPoint(input.x - win.scrollX, input.y - win.scrollY);
      const control = at?.closest<HTMLElement>(CONTROL);
      if (control && !control.matches(':disabled')) control.click();
    } else if (input.key === 'Tab' && (doc.activeElement === doc.body || !doc.activeElement)) {
      const tabbable = [...doc.querySelectorAll<HTMLElement>(TABBABLE)];
      (input.shiftKey ? tabbable.at(-1) : tabbable[0])?.focus();
    } else {
      const target = doc.activeElement ?? doc.body;
      for (const type of ['keydown', 'keyup']) target.dispatchEvent(new KeyboardEvent(type, { ...input, bubbles: true, cancelable: true }));
    }
  }
}
