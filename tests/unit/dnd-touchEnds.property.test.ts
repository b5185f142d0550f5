import { configureStore } from '@reduxjs/toolkit';
import { createDragDropManager, type DragDropManager } from 'dnd-core';
import fc from 'fast-check';
import type { AppStore } from '../../src/app/store';
import { TASK_ATTR, TASK_TYPE, type DraggedTask } from '../../src/features/dnd/backend/attributes';
import { provideSources } from '../../src/features/dnd/backend/demand';
import { PointerBackend } from '../../src/features/dnd/backend/pointerBackend';
import { taskSource } from '../../src/features/dnd/taskSource';
import { taskAdded, taskDragMovedTo } from '../../src/features/tasks/events';
import { selectTaskIdsByDate } from '../../src/features/tasks/taskSelectors';
import { tasksReducer } from '../../src/features/tasks/tasksReducer';
import { titlesByDate } from './taskFixtures';

// The pointer drag's state machine, end to end below React: the real gate, touch backend, drag sources and
// task reducer, over a page that renders the days as React does (a day's group of cards leaves with its last
// card, and a card that moves to another day is a new element). Random presses, moves over days, empty days
// and off the grid, frames, waits, releases and every way a touch can be taken away must always end idle,
// with every task in place, and the next drag must work.

const DAYS = ['2026-11-23', '2026-11-24', '2026-11-25'] as const;
const DAY_WIDTH = 100;
const CARD_HEIGHT = 20;

type Input = 'touch' | 'mouse';
type Step =
  | { kind: 'press'; task: number; input: Input }
  | { kind: 'wait'; ms: number }
  | { kind: 'move'; day: number; y: number } // day -1 or DAYS.length: off the grid
  | { kind: 'frame' }
  | { kind: 'release' }
  | { kind: 'cancel'; how: 'touchcancel' | 'pointercancel' | 'blur' | 'hidden' | 'escape' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('press' as const), task: fc.nat(5), input: fc.constantFrom<Input>('touch', 'touch', 'mouse') }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.constantFrom(50, 150, 250) }),
  fc.record({ kind: fc.constant('move' as const), day: fc.integer({ min: -1, max: DAYS.length }), y: fc.integer({ min: 0, max: 100 }) }),
  fc.record({ kind: fc.constant('move' as const), day: fc.integer({ min: -1, max: DAYS.length }), y: fc.integer({ min: 0, max: 100 }) }),
  fc.constant({ kind: 'frame' as const }),
  fc.constant({ kind: 'release' as const }),
  fc.record({ kind: fc.constant('cancel' as const), how: fc.constantFrom('touchcancel', 'pointercancel', 'blur', 'hidden', 'escape') as fc.Arbitrary<'touchcancel'> }),
);

/** Where the tasks start: 1 to 5, in days drawn at random (so some days hold one task and some none). */
const seedArb = fc.array(fc.nat(DAYS.length - 1), { minLength: 1, maxLength: 5 });

let visibility: DocumentVisibilityState = 'visible';
beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  // jsdom does not scroll: an edge's auto-scroll moves nothing, as at the top of a page.
  window.scrollBy = () => {};
});
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setUp(seed: number[]) {
  document.body.innerHTML = '';
  const store = configureStore({ reducer: { tasks: tasksReducer } }) as unknown as AppStore;
  seed.forEach((day, i) => store.dispatch(taskAdded(`T${i}`, DAYS[day]!)));
  const sections = DAYS.map((date) => {
    const section = document.createElement('section');
    section.dataset.date = date;
    document.body.append(section);
    return section;
  });
  const cards = new Map<string, { card: HTMLElement; date: string }>();
  // As React renders the week: a day's cards sit in a group that exists only while the day has cards.
  const render = () => {
    const byDate = selectTaskIdsByDate(store.getState());
    for (const [i, date] of DAYS.entries()) {
      const ids = byDate[date] ?? [];
      let group = sections[i]!.firstElementChild as HTMLElement | null;
      if (ids.length === 0) {
        group?.remove();
        continue;
      }
      if (!group) sections[i]!.append((group = document.createElement('div')));
      const elements = ids.map((id) => {
        const known = cards.get(id);
        if (known?.date === date) return known.card;
        known?.card.remove();
        const card = document.createElement('div');
        card.setAttribute(TASK_ATTR, id);
        card.innerHTML = '<span>title</span>';
        cards.set(id, { card, date });
        return card;
      });
      group.replaceChildren(...elements);
    }
  };
  render();
  store.subscribe(render);

  const at = (x: number, y: number): Element[] => {
    const day = Math.floor(x / DAY_WIDTH);
    const section = x >= 0 ? sections[day] : undefined;
    if (!section) return [document.body, document.documentElement];
    const card = section.querySelectorAll(`[${TASK_ATTR}]`)[Math.floor(y / CARD_HEIGHT)];
    return [...(card ? [card.firstElementChild!, card] : []), ...(card?.parentElement ? [card.parentElement] : []), section, document.body, document.documentElement];
  };
  document.elementsFromPoint = at;
  document.elementFromPoint = (x, y) => at(x, y)[0] ?? null;

  const manager: DragDropManager = createDragDropManager((m) => new PointerBackend(m, window));
  const stopSources = provideSources(manager, { sourceFor: (id, card) => taskSource(id, card, store, () => {}) });
  const registry = manager.getRegistry();
  // A day as the planner's column does (useColumnDrop): hovering it moves the dragged task there, live.
  const targetIds = DAYS.map((date, i) => {
    const id = registry.addTarget(TASK_TYPE, {
      canDrop: () => true,
      hover: (monitor) => {
        const item = monitor.getItem() as DraggedTask;
        if (!cards.get(item.id) || cards.get(item.id)!.date !== date) store.dispatch(taskDragMovedTo({ id: item.id, toDate: date }));
      },
      drop: () => undefined,
    });
    manager.getBackend().connectDropTarget(id, sections[i]!);
    return id;
  });
  // dnd-core sets the backend up with the first handler and tears it down with the last.
  const tearDown = () => {
    stopSources();
    targetIds.forEach((id) => registry.removeTarget(id));
  };
  return { store, manager, cards, tearDown };
}

type World = ReturnType<typeof setUp>;

function touchEvent(type: string, target: EventTarget, point: { x: number; y: number } | null): Event {
  const event = new Event(type, { bubbles: true, cancelable: true });
  const touches = point ? [{ clientX: point.x, clientY: point.y, target, identifier: 0 }] : [];
  const lifted = [{ clientX: 0, clientY: 0, target, identifier: 0 }];
  Object.defineProperties(event, {
    touches: { value: touches },
    targetTouches: { value: touches },
    changedTouches: { value: point ? touches : lifted },
    // jsdom stamps events with its own realm's clock, which the fake timers do not move: the gate reads it.
    timeStamp: { value: Date.now(), configurable: true },
  });
  return event;
}

/** Plays the steps as a browser would deliver them, and returns the finger (or button) still held. */
function play(world: World, steps: Step[]) {
  let held: { input: Input; target: Element; point: { x: number; y: number } } | null = null;
  const { store, manager, cards } = world;
  let before: Record<string, string[]> | null = null;
  const deliver = (type: 'move' | 'end', point: { x: number; y: number }) => {
    if (!held) return;
    if (held.input === 'touch') held.target.dispatchEvent(touchEvent(type === 'move' ? 'touchmove' : 'touchend', held.target, type === 'move' ? point : null));
    else document.body.dispatchEvent(new MouseEvent(type === 'move' ? 'mousemove' : 'mouseup', { bubbles: true, cancelable: true, button: 0, clientX: point.x, clientY: point.y }));
  };
  for (const step of steps) {
    const running = manager.getMonitor().isDragging();
    if (step.kind === 'press' && !held) {
      const ids = [...cards.keys()];
      const id = ids[step.task % ids.length]!;
      const card = cards.get(id)!.card;
      const index = [...card.parentElement!.children].indexOf(card);
      const point = { x: DAYS.indexOf(cards.get(id)!.date as (typeof DAYS)[number]) * DAY_WIDTH + 50, y: index * CARD_HEIGHT + 10 };
      const target = card.firstElementChild!;
      held = { input: step.input, target, point };
      before = titlesByDate(store.getState().tasks);
      if (step.input === 'touch') target.dispatchEvent(touchEvent('touchstart', target, point));
      else target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0, clientX: point.x, clientY: point.y }));
    } else if (step.kind === 'wait') jest.advanceTimersByTime(step.ms);
    else if (step.kind === 'frame') jest.advanceTimersByTime(16);
    else if (step.kind === 'move' && held) deliver('move', (held.point = { x: step.day * DAY_WIDTH + 50, y: step.y }));
    else if (step.kind === 'release' && held) {
      deliver('end', held.point);
      held = null;
    } else if (step.kind === 'cancel') {
      if (step.how === 'touchcancel' && held?.input === 'touch') held.target.dispatchEvent(touchEvent('touchcancel', held.target, null));
      if (step.how === 'pointercancel' && held) document.dispatchEvent(Object.assign(new Event('pointercancel', { bubbles: true }), { pointerType: held.input }));
      if (step.how === 'blur') window.dispatchEvent(new FocusEvent('blur'));
      if (step.how === 'hidden') {
        visibility = 'hidden';
        document.dispatchEvent(new Event('visibilitychange'));
        visibility = 'visible';
      }
      // A key goes to the focused element (the body here) and passes window and document on its way down.
      if (step.how === 'escape') document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      // However the drag was taken away, every task is back where it stood when the press began.
      if (running && step.how !== 'touchcancel') expect(titlesByDate(store.getState().tasks)).toEqual(before);
      // The browser sends nothing more for a touch it took back.
      if ((step.how === 'touchcancel' && held?.input === 'touch') || (step.how === 'pointercancel' && held)) held = null;
    }
    // A drag runs only while a finger or the button is down.
    if (!held) expect(manager.getMonitor().isDragging()).toBe(false);
  }
  if (held) deliver('end', held.point);
  jest.advanceTimersByTime(1000);
}

function expectIdleAndWhole(world: World, ids: string[]) {
  const { store, manager } = world;
  expect(manager.getMonitor().isDragging()).toBe(false);
  expect(store.getState().tasks.drag).toBeNull();
  expect(document.querySelector('[data-dnd-armed]')).toBeNull();
  const byDate = selectTaskIdsByDate(store.getState());
  expect(Object.values(byDate).flat().sort()).toEqual([...ids].sort());
}

/** A long-press on the first task and a drag to the next day: the page still answers a touch. */
function expectNextDragWorks({ store, cards }: World) {
  const [id, { card, date }] = [...cards][0]!;
  const day = DAYS.indexOf(date as (typeof DAYS)[number]);
  const index = [...card.parentElement!.children].indexOf(card);
  const target = card.firstElementChild!;
  const to = (day + 1) % DAYS.length;
  target.dispatchEvent(touchEvent('touchstart', target, { x: day * DAY_WIDTH + 50, y: index * CARD_HEIGHT + 10 }));
  jest.advanceTimersByTime(250);
  target.dispatchEvent(touchEvent('touchmove', target, { x: day * DAY_WIDTH + 60, y: 95 }));
  target.dispatchEvent(touchEvent('touchmove', target, { x: to * DAY_WIDTH + 50, y: 95 }));
  jest.advanceTimersByTime(16);
  target.dispatchEvent(touchEvent('touchend', target, null));
  expect(selectTaskIdsByDate(store.getState())[DAYS[to]!]).toContain(id);
  expect(store.getState().tasks.drag).toBeNull();
}

it('every sequence of presses, moves, releases and cancels ends idle, loses no task, and leaves the page answering', () => {
  fc.assert(
    fc.property(seedArb, fc.array(stepArb, { maxLength: 40 }), (seed, steps) => {
      const world = setUp(seed);
      try {
        const ids = [...world.cards.keys()];
        play(world, steps);
        expectIdleAndWhole(world, ids);
        expectNextDragWorks(world);
        expectIdleAndWhole(world, ids);
      } finally {
        world.tearDown();
      }
    }),
    { numRuns: 100 },
  );
});

it('the only task of a day, dragged by touch to an empty day, drops there though its card has left the page', () => {
  const world = setUp([0, 1]);
  try {
    play(world, [{ kind: 'press', task: 0, input: 'touch' }, { kind: 'wait', ms: 250 }, { kind: 'move', day: 0, y: 60 }, { kind: 'move', day: 2, y: 50 }, { kind: 'frame' }]);
    expect(world.manager.getMonitor().isDragging()).toBe(false);
    expect(titlesByDate(world.store.getState().tasks)).toEqual({ [DAYS[1]]: ['T1'], [DAYS[2]]: ['T0'] });
  } finally {
    world.tearDown();
  }
});

it('a touch that moved before the delay was up scrolls, though a busy page ran the delay first', () => {
  const world = setUp([0, 1]);
  try {
    const [, { card }] = [...world.cards][0]!;
    const target = card.firstElementChild!;
    const start = touchEvent('touchstart', target, { x: 50, y: 10 });
    target.dispatchEvent(start);
    jest.advanceTimersByTime(250); // the page was busy: the move below waited in the queue behind the timer
    const early = touchEvent('touchmove', target, { x: 50, y: 60 });
    Object.defineProperty(early, 'timeStamp', { value: start.timeStamp + 40 });
    target.dispatchEvent(early);
    target.dispatchEvent(touchEvent('touchmove', target, { x: 2 * DAY_WIDTH + 50, y: 60 }));
    jest.advanceTimersByTime(16);
    expect(world.manager.getMonitor().isDragging()).toBe(false);
    expect(world.store.getState().tasks.drag).toBeNull();
    target.dispatchEvent(touchEvent('touchend', target, null));
    expect(titlesByDate(world.store.getState().tasks)).toEqual({ [DAYS[0]]: ['T0'], [DAYS[1]]: ['T1'] });
  } finally {
    world.tearDown();
  }
});
