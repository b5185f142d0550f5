import { act, fireEvent } from '@testing-library/react';

// Pointer input as a browser delivers it: moves go to whatever lies under the pointer,
// a touch's events all go to the element the touch started on.

const under = (x: number, y: number) => document.elementFromPoint(x, y) ?? document.body;

/** Dispatches inside act, letting microtasks (the column's hover decision) settle too. */
export const settle = (dispatch: () => unknown) =>
  act(async () => {
    dispatch();
  });

/**
 * The animation frame that follows an input event, as in a browser: a running drag hovers its latest
 * move once per frame (see PointerBackend), so a move shows in the next frame.
 */
export const nextFrame = () =>
  // Under Jest's fake timers (their functions carry a `clock`) the frame is 16 ms of fake time.
  'clock' in requestAnimationFrame
    ? act(() => void jest.advanceTimersByTime(16))
    : act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

export const mouse = {
  down: (target: Element, x: number, y: number) => settle(() => fireEvent.mouseDown(target, { clientX: x, clientY: y, button: 0, buttons: 1 })),
  move: async (x: number, y: number) => {
    await settle(() => fireEvent.mouseMove(under(x, y), { clientX: x, clientY: y, buttons: 1 }));
    await nextFrame();
  },
  up: (x: number, y: number) => settle(() => fireEvent.mouseUp(under(x, y), { clientX: x, clientY: y, button: 0, buttons: 0 })),
};

/** Moves from one point to another in `steps` mouse moves. */
export async function glide(from: { x: number; y: number }, to: { x: number; y: number }, steps = 10) {
  for (let i = 1; i <= steps; i++) await mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
}

/** jsdom has TouchEvent but no Touch: the touch lists are plain objects with the fields the backends read. */
export async function touch(type: 'touchstart' | 'touchmove' | 'touchend', target: Element, x: number, y: number, fingers = 1): Promise<TouchEvent> {
  const point = { identifier: 0, target, clientX: x, clientY: y, pageX: x, pageY: y };
  const list = type === 'touchend' ? [] : Array.from({ length: fingers }, (_, i) => ({ ...point, identifier: i }));
  const event = new TouchEvent(type, { bubbles: true, cancelable: true });
  Object.defineProperties(event, {
    touches: { value: list },
    targetTouches: { value: list },
    changedTouches: { value: [point] },
    // jsdom stamps events with its own realm's clock, which Jest's fake timers do not move: the gate reads it.
    timeStamp: { value: Date.now() },
  });
  await settle(() => target.dispatchEvent(event));
  if (type === 'touchmove') await nextFrame();
  return event;
}
