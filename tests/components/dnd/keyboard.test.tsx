import { fireEvent, screen } from '@testing-library/react';
import { settle } from './events';
import { CARD, COLUMN, centreOf, installLayout } from './layout';
import { days, renderGrid, task } from './harness';
import type { UnknownAction } from '@reduxjs/toolkit';
import { isTaskEvent, taskMoved } from '../../../src/features/tasks/events';

// The keyboard backend through the real store and react-dnd: pick up, 25 px per arrow, drop, Escape.

const MON = '2026-11-23';
const TUE = '2026-11-24';
const seed = [task('A', MON, 0), task('B', MON, 1), task('C', MON, 2), task('X', TUE, 0)];

let removeLayout: () => void;
beforeEach(() => (removeLayout = installLayout()));
afterEach(() => removeLayout());

const handle = (title: string) => screen.getByRole('button', { name: `Move ${title}` });
const key = (name: string) => settle(() => fireEvent.keyDown(document.activeElement ?? document.body, { key: name }));
const press = async (name: string, times: number) => {
  for (let i = 0; i < times; i++) await key(name);
};
/** Where the preview's top-left corner is drawn. */
const previewAt = () => {
  const moved = screen.getByTestId('drag-layer').firstElementChild as HTMLElement;
  const [, x, y] = /translate\(([-\d.]+)px, ([-\d.]+)px\)/.exec(moved.style.transform)!;
  return { x: Number(x), y: Number(y) };
};
const liveRegion = () => screen.getByRole('status');

it('describes itself to assistive technology', async () => {
  await renderGrid(seed);
  const grip = handle('A');
  expect(grip).toHaveAttribute('aria-roledescription', 'draggable');
  expect(grip).toHaveAccessibleDescription(/press Space or Enter, then use the arrow keys/);
  expect(grip).toHaveAttribute('aria-pressed', 'false');
});

it('picks up with Space, moves the preview 25 px per arrow into another day, and drops with Space', async () => {
  const { store } = await renderGrid(seed);
  handle('A').focus();
  await key(' ');
  expect(store.getState().tasks.drag?.taskId).toBe('A');
  expect(handle('A')).toHaveAttribute('aria-pressed', 'true');
  expect(liveRegion()).toHaveTextContent('Picked up A, in Mon 23 Nov, position 1.');
  const start = previewAt();
  expect(start).toEqual({ x: COLUMN.left + CARD.inset, y: CARD.top });

  await key('ArrowRight');
  expect(previewAt()).toEqual({ x: start.x + 25, y: start.y });
  await key('ArrowDown');
  expect(previewAt()).toEqual({ x: start.x + 25, y: start.y + 25 });
  await key('ArrowUp');
  // 9 × 25 px from A's centre (x 200) reaches x 425: over X, the first card of Tuesday.
  await press('ArrowRight', 8);
  expect(days(store.getState())).toEqual({ [MON]: 'B0 C1', [TUE]: 'A0 X1', someday: '' });
  expect(liveRegion()).toHaveTextContent('Moved to Tue 24 Nov, position 1.');

  await key(' ');
  expect(store.getState().tasks.drag).toBeNull();
  expect(screen.queryByTestId('drag-layer')).toBeNull();
  expect(days(store.getState())).toEqual({ [MON]: 'B0 C1', [TUE]: 'A0 X1', someday: '' });
  expect(liveRegion()).toHaveTextContent('Dropped A in Tue 24 Nov, position 1.');
  // The card moved to another column (a new element): focus follows it.
  await settle(() => new Promise((resolve) => setTimeout(resolve)));
  expect(handle('A')).toHaveFocus();
});

it('logs a drag across several columns as one move event, and a cancelled one as none', async () => {
  const { store, startAppListening } = await renderGrid(seed);
  const logged: UnknownAction[] = [];
  const stop = startAppListening({ predicate: isTaskEvent, effect: (action) => void logged.push(action) });
  handle('B').focus();
  await key('Enter');
  await press('ArrowRight', 15);
  await press('ArrowLeft', 7);
  await key('Enter');
  expect(days(store.getState())).toEqual({ [MON]: 'A0 C1', [TUE]: 'X0 B1', someday: '' });
  expect(logged).toEqual([taskMoved({ id: 'B', toDate: TUE, toIndex: 1 })]);

  logged.length = 0;
  handle('A').focus();
  await key(' ');
  await press('ArrowRight', 9);
  await key('Escape');
  expect(days(store.getState())).toEqual({ [MON]: 'A0 C1', [TUE]: 'X0 B1', someday: '' });
  expect(logged).toEqual([]);
  stop();
});

it('reaches the last column, and Enter drops on its empty area', async () => {
  const { store } = await renderGrid(seed);
  handle('B').focus();
  await key('Enter');
  // From B's centre (x 200) to Some Day (x 540..740): 15 steps reach x 575.
  await press('ArrowRight', 15);
  expect(days(store.getState())).toEqual({ [MON]: 'A0 C1', [TUE]: 'X0', someday: 'B0' });
  await key('Enter');
  expect(days(store.getState())).toEqual({ [MON]: 'A0 C1', [TUE]: 'X0', someday: 'B0' });
  expect(store.getState().tasks.drag).toBeNull();
});

it('reorders within a day and moves to the end when dropped on the column below the cards', async () => {
  const { store } = await renderGrid(seed);
  handle('A').focus();
  await key(' ');
  await key('ArrowDown'); // centre 76 → 101: B's upper half, not yet past its middle (116)
  expect(days(store.getState())[MON]).toBe('A0 B1 C2');
  await key('ArrowDown'); // 126: past B's middle → after B
  expect(days(store.getState())[MON]).toBe('B0 A1 C2');
  await press('ArrowDown', 4); // 226: below the cards
  await key(' ');
  expect(days(store.getState())[MON]).toBe('B0 C1 A2');
});

it('Escape cancels and restores every day', async () => {
  const { store } = await renderGrid(seed);
  handle('A').focus();
  await key(' ');
  await press('ArrowRight', 9);
  expect(days(store.getState())[TUE]).toBe('A0 X1');
  await key('Escape');
  expect(days(store.getState())).toEqual({ [MON]: 'A0 B1 C2', [TUE]: 'X0', someday: '' });
  expect(store.getState().tasks.drag).toBeNull();
  expect(liveRegion()).toHaveTextContent('Cancelled. A is back in Mon 23 Nov, position 1.');
});

it('a drop outside every column cancels', async () => {
  const { store } = await renderGrid(seed);
  handle('C').focus();
  await key(' ');
  await press('ArrowRight', 9); // into Tuesday, below its only card: to the end
  expect(days(store.getState())[TUE]).toBe('X0 C1');
  await press('ArrowLeft', 14); // x 200 + 225 - 350 = 75: left of the first column
  await key(' ');
  expect(days(store.getState())).toEqual({ [MON]: 'A0 B1 C2', [TUE]: 'X0', someday: '' });
});

it('only the handle picks up; pointer events cannot drop a keyboard drag', async () => {
  const { store } = await renderGrid(seed);
  screen.getByRole('button', { name: 'A' }).focus();
  await key(' ');
  expect(store.getState().tasks.drag).toBeNull();

  handle('A').focus();
  await key(' ');
  await press('ArrowRight', 9);
  const x = centreOf(screen.getByRole('button', { name: 'X' }).closest('li')!);
  await settle(() => fireEvent.mouseUp(document.body, { clientX: x.x, clientY: x.y, button: 0, buttons: 0 }));
  expect(store.getState().tasks.drag?.taskId).toBe('A');
  await key('Escape');
  expect(store.getState().tasks.drag).toBeNull();
});
