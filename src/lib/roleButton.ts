import type { KeyboardEvent } from 'react';

/** The element a Space press went down on: its keyup there clicks, as a native button's does. */
let spaceDownOn: EventTarget | null = null;

/**
 * Keyboard activation for an element with role="button" and tabIndex 0, as a native button has it: Enter clicks
 * on keydown (once while held: a held key does not toggle a task back and forth), Space on keyup after its keydown
 * on the same element, and Space's keydown does not scroll the page. Spread onto the element.
 */
export const roleButtonKeys = {
  onKeyDown(event: KeyboardEvent<HTMLElement>): void {
    if (event.target !== event.currentTarget || event.nativeEvent.isComposing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!event.repeat) event.currentTarget.click();
    } else if (event.key === ' ') {
      event.preventDefault();
      spaceDownOn = event.currentTarget;
    }
  },
  onKeyUp(event: KeyboardEvent<HTMLElement>): void {
    if (event.key !== ' ') return;
    const downOn = spaceDownOn;
    spaceDownOn = null;
    if (downOn !== event.currentTarget) return;
    event.preventDefault();
    event.currentTarget.click();
  },
};
