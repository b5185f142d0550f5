import { act, fireEvent, screen } from '@testing-library/react';
import { glide, mouse, settle, touch } from './events';
import { centreOf, installLayout } from './layout';
import { clicks, days, renderGrid, task } from './harness';

// Mouse and touch through the real store, react-dnd, the touch backend and our activation gate.

const MON = '2026-11-23';
const TUE = '2026-11-24';
const seed = [task('A', MON, 0), task('B', MON, 1), task('C', MON, 2), task('X', TUE, 0)];

let removeLayout: () => void;
beforeEach(() => (removeLayout = installLayout()));
afterEach(() => removeLayout());

const card = (title: string) => screen.getByRole('button', { name: title }).closest('li')!;
const dragLayer = () => screen.queryByTestId('drag-layer');

describe('mouse', () => {
  it('does not start a drag under 10 px, and the click still lands', async () => {
    const { store } = await renderGrid(seed);
    const title = screen.getByRole('button', { name: 'A' });
    const at = centreOf(card('A'));
    await mouse.down(title, at.x, at.y);
    await mouse.move(at.x + 6, at.y + 6); // 8.5 px
    expect(store.getState().tasks.drag).toBeNull();
    expect(dragLayer()).toBeNull();
    await mouse.up(at.x + 6, at.y + 6);
    fireEvent.click(title);
    expect(clicks).toEqual(['A']);
  });

  it('starts after 10 px, moves the task live into another day at the hovered position, and keeps it there on drop', async () => {
    const { store } = await renderGrid(seed);
    const from = centreOf(card('A'));
    await mouse.down(screen.getByRole('button', { name: 'A' }), from.x, from.y);
    await mouse.move(from.x + 11, from.y);
    expect(store.getState().tasks.drag?.taskId).toBe('A');
    expect(dragLayer()).toBeInTheDocument();
    expect(card('A')).toHaveAttribute('data-dragging');

    await glide({ x: from.x + 11, y: from.y }, centreOf(card('X')));
    expect(days(store.getState())).toEqual({ [MON]: 'B0 C1', [TUE]: 'A0 X1', someday: '' });
    const to = centreOf(card('A'));
    await mouse.up(to.x, to.y);
    expect(store.getState().tasks.drag).toBeNull();
    expect(days(store.getState())).toEqual({ [MON]: 'B0 C1', [TUE]: 'A0 X1', someday: '' });
    expect(dragLayer()).toBeNull();
  });

  it('swallows the click that follows a drag', async () => {
    await renderGrid(seed);
    const title = screen.getByRole('button', { name: 'B' });
    const from = centreOf(card('B'));
    await mouse.down(title, from.x, from.y);
    await glide(from, { x: from.x, y: from.y + 20 }, 4);
    // The browser clicks right after the mouseup, in the same task.
    await settle(() => {
      fireEvent.mouseUp(title, { clientX: from.x, clientY: from.y + 20, button: 0, buttons: 0 });
      fireEvent.click(title);
    });
    expect(clicks).toEqual([]);
  });

  it('reorders within a day once the pointer passes the middle of the next card, down and back up', async () => {
    const { store } = await renderGrid(seed);
    const a = centreOf(card('A'));
    await mouse.down(screen.getByRole('button', { name: 'A' }), a.x, a.y);
    const b = centreOf(card('B'));
    await glide(a, { x: b.x, y: b.y - 4 }, 5); // into B's upper half: not yet
    expect(days(store.getState())[MON]).toBe('A0 B1 C2');
    await mouse.move(b.x, b.y + 4); // past B's middle: A goes after B
    expect(days(store.getState())[MON]).toBe('B0 A1 C2');
    const c = centreOf(card('C'));
    await glide({ x: b.x, y: b.y + 4 }, { x: c.x, y: c.y + 4 }, 5);
    expect(days(store.getState())[MON]).toBe('B0 C1 A2');
    const top = centreOf(card('B'));
    await glide({ x: c.x, y: c.y + 4 }, { x: top.x, y: top.y - 4 }, 10); // back up past B's middle
    expect(days(store.getState())[MON]).toBe('A0 B1 C2');
    await mouse.up(top.x, top.y - 4);
    expect(store.getState().tasks.drag).toBeNull();
  });

  it('moves to the end of its own day when dropped on the column below the cards', async () => {
    const { store } = await renderGrid(seed);
    const a = centreOf(card('A'));
    await mouse.down(screen.getByRole('button', { name: 'A' }), a.x, a.y);
    await glide(a, { x: a.x, y: 400 });
    await mouse.up(a.x, 400);
    expect(days(store.getState())[MON]).toBe('B0 C1 A2');
  });

  it('restores every day as it was when dropped outside any target', async () => {
    const { store } = await renderGrid(seed);
    const a = centreOf(card('A'));
    await mouse.down(screen.getByRole('button', { name: 'A' }), a.x, a.y);
    await glide(a, centreOf(card('X')));
    expect(days(store.getState())[TUE]).toBe('A0 X1');
    await glide(centreOf(card('A')), { x: 200, y: 700 }); // below the columns
    await mouse.up(200, 700);
    expect(days(store.getState())).toEqual({ [MON]: 'A0 B1 C2', [TUE]: 'X0', someday: '' });
    expect(store.getState().tasks.drag).toBeNull();
  });

  it('moves into an empty column at its end, live', async () => {
    const { store } = await renderGrid(seed);
    const c = centreOf(card('C'));
    await mouse.down(screen.getByRole('button', { name: 'C' }), c.x, c.y);
    const someday = centreOf(screen.getByRole('region', { name: 'someday' }));
    await glide(c, someday, 20);
    expect(days(store.getState())).toEqual({ [MON]: 'A0 B1', [TUE]: 'X0', someday: 'C0' });
    expect(screen.getByRole('region', { name: 'someday' })).toHaveAttribute('data-over');
    await mouse.up(someday.x, someday.y);
    expect(days(store.getState()).someday).toBe('C0');
  });

  it('never drags from a text field inside a card (selecting text there is not a drag)', async () => {
    const { store } = await renderGrid(seed);
    const field = screen.getByRole('textbox', { name: 'Edit A' });
    const a = centreOf(card('A'));
    await mouse.down(field, a.x, a.y);
    await glide(a, centreOf(card('X')));
    expect(store.getState().tasks.drag).toBeNull();
    expect(days(store.getState())[MON]).toBe('A0 B1 C2');
  });

  it('cancels on Escape', async () => {
    const { store } = await renderGrid(seed);
    const a = centreOf(card('A'));
    await mouse.down(screen.getByRole('button', { name: 'A' }), a.x, a.y);
    await glide(a, centreOf(card('X')));
    await settle(() => fireEvent.keyDown(document.body, { key: 'Escape' }));
    expect(days(store.getState())).toEqual({ [MON]: 'A0 B1 C2', [TUE]: 'X0', someday: '' });
    expect(store.getState().tasks.drag).toBeNull();
  });
});

describe('touch', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
  afterEach(() => jest.useRealTimers());

  const hold = (ms: number) => act(() => void jest.advanceTimersByTime(ms));

  it('starts after a 200 ms press; moves under 5 px during the press keep it alive', async () => {
    const { store } = await renderGrid(seed);
    const title = screen.getByRole('button', { name: 'A' });
    const a = centreOf(card('A'));
    await touch('touchstart', title, a.x, a.y);
    hold(100);
    await touch('touchmove', title, a.x + 3, a.y + 3); // 4.2 px
    hold(60);
    expect(store.getState().tasks.drag).toBeNull();
    hold(60);
    expect(card('A')).toHaveAttribute('data-dnd-armed');
    const move = await touch('touchmove', title, a.x + 20, a.y);
    expect(move.defaultPrevented).toBe(true); // the page does not scroll under a drag
    expect(store.getState().tasks.drag?.taskId).toBe('A');
    expect(card('A')).not.toHaveAttribute('data-dnd-armed');
    const x = centreOf(card('X'));
    await touch('touchmove', title, x.x, x.y);
    expect(days(store.getState())[TUE]).toBe('A0 X1');
    await touch('touchend', title, x.x, x.y);
    expect(store.getState().tasks.drag).toBeNull();
    expect(days(store.getState())).toEqual({ [MON]: 'B0 C1', [TUE]: 'A0 X1', someday: '' });
  });

  it('a move of 5 px or more during the press is a scroll, never a drag', async () => {
    const { store } = await renderGrid(seed);
    const title = screen.getByRole('button', { name: 'A' });
    const a = centreOf(card('A'));
    await touch('touchstart', title, a.x, a.y);
    hold(100);
    const scroll = await touch('touchmove', title, a.x, a.y + 5);
    expect(scroll.defaultPrevented).toBe(false);
    hold(300);
    expect(card('A')).not.toHaveAttribute('data-dnd-armed');
    const x = centreOf(card('X'));
    await touch('touchmove', title, x.x, x.y);
    await touch('touchend', title, x.x, x.y);
    expect(store.getState().tasks.drag).toBeNull();
    expect(days(store.getState())[MON]).toBe('A0 B1 C2');
  });

  it('a quick swipe (no hold) does not drag', async () => {
    const { store } = await renderGrid(seed);
    const title = screen.getByRole('button', { name: 'A' });
    const a = centreOf(card('A'));
    await touch('touchstart', title, a.x, a.y);
    hold(50);
    const x = centreOf(card('X'));
    await touch('touchmove', title, x.x, x.y);
    hold(300);
    await touch('touchmove', title, x.x + 2, x.y);
    await touch('touchend', title, x.x, x.y);
    expect(store.getState().tasks.drag).toBeNull();
  });

  it('a second finger during the press makes it a pinch, not a drag', async () => {
    const { store } = await renderGrid(seed);
    const title = screen.getByRole('button', { name: 'A' });
    const a = centreOf(card('A'));
    await touch('touchstart', title, a.x, a.y);
    await touch('touchstart', title, a.x, a.y, 2);
    hold(300);
    await touch('touchmove', title, a.x + 30, a.y);
    expect(store.getState().tasks.drag).toBeNull();
  });
});
