import { createDragDropManager, type Backend, type DragDropManager, type Identifier } from 'dnd-core';
import { CardSourceRegistry, demandSource, MAX_SOURCES, prepareSource } from '../../src/features/dnd/backend/cardSources';
import { provideSources } from '../../src/features/dnd/backend/demand';
import { taskSource } from '../../src/features/dnd/taskSource';
import { makeStore, type AppStore } from '../../src/app/store';
import { MemoryStorage } from './memoryStorage';

// Cards get their drag sources on demand: none as they mount, one when a press or a pick-up key reaches a
// card, forgotten once the card has left the page (never during a drag).

it('a press on a card that has its source only marks it the latest: nothing is registered or swept', () => {
  const a = card('a');
  const b = card('b');
  registry.ensure(a);
  registry.ensure(b);
  b.remove();
  const isConnected = jest.spyOn(Node.prototype, 'isConnected', 'get');
  registry.ensure(a);
  expect(isConnected).not.toHaveBeenCalled();
  isConnected.mockRestore();
  expect(registry.size).toBe(2);
  registry.ensure(card('c'));
  expect(registry.has(b)).toBe(false);
  expect(registry.size).toBe(2);
});

let manager: DragDropManager;
let connected: Map<Identifier, Element>;
let registry: CardSourceRegistry;
let store: AppStore;
const host = () => ({ sourceFor: (id: string, element: Element) => taskSource(id, element, store, () => {}) });

const card = (id: string) => {
  const element = document.createElement('li');
  element.setAttribute('data-dnd-task', id);
  element.innerHTML = '<button type="button">Delete</button>';
  document.body.append(element);
  return element;
};

beforeEach(() => {
  document.body.innerHTML = '';
  connected = new Map();
  const backend: Backend = {
    setup: () => {},
    teardown: () => {},
    connectDragSource: (id: Identifier, node?: unknown) => {
      connected.set(id, node as Element);
      return () => connected.delete(id);
    },
    connectDragPreview: () => () => {},
    connectDropTarget: () => () => {},
    profile: () => ({}),
  };
  manager = createDragDropManager(() => backend);
  store = makeStore({ storage: () => new MemoryStorage() }).store;
  registry = new CardSourceRegistry(manager, host());
});

it('registers a card only when asked, once, and connects its element', () => {
  const a = card('a');
  expect(registry.size).toBe(0);
  registry.ensure(a);
  registry.ensure(a);
  expect(registry.size).toBe(1);
  expect([...connected.values()]).toEqual([a]);
  const [sourceId] = [...connected.keys()];
  expect(manager.getMonitor().canDragSource(sourceId!)).toBe(true);
  expect(manager.getRegistry().getSourceType(sourceId!)).toBe('task');
});

it('finds the card from an element inside it, once the planner provided what sources need, until it stops', () => {
  const a = card('a');
  demandSource(manager, a);
  expect(connected.size).toBe(0);
  const stop = provideSources(manager, host());
  demandSource(manager, document.body);
  expect(connected.size).toBe(0);
  demandSource(manager, a.querySelector('button'));
  demandSource(manager, a);
  expect([...connected.values()]).toEqual([a]);
  stop();
  expect(connected.size).toBe(0);
  demandSource(manager, card('b'));
  expect(connected.size).toBe(0);
});

it('forgets the sources of cards that left the page when another card gets one, but not while a drag runs', () => {
  const a = card('a');
  const b = card('b');
  registry.ensure(a);
  registry.ensure(b);
  const [idA] = [...connected.keys()];
  manager.getActions().beginDrag([idA!], { clientOffset: { x: 0, y: 0 }, getSourceClientOffset: () => ({ x: 0, y: 0 }) });
  expect(manager.getMonitor().isDragging()).toBe(true);
  // The dragged card remounts in another day: its old element leaves, the drag goes on with its source.
  a.remove();
  b.remove();
  registry.ensure(card('c'));
  expect(registry.size).toBe(3);
  expect(connected.get(idA!)).toBe(a);
  manager.getActions().endDrag();
  registry.ensure(card('d'));
  expect(registry.size).toBe(2);
  expect([...connected.values()].map((element) => element.getAttribute('data-dnd-task'))).toEqual(['c', 'd']);
});

it('gives up every source when it is disposed', () => {
  registry.ensure(card('a'));
  registry.ensure(card('b'));
  registry.dispose();
  expect(registry.size).toBe(0);
  expect(connected.size).toBe(0);
});

it('keeps the sources of the cards used last, up to MAX_SOURCES, unless a drag runs', () => {
  const cards = Array.from({ length: MAX_SOURCES + 3 }, (_, i) => card(`t${i}`));
  for (const element of cards.slice(0, MAX_SOURCES)) registry.ensure(element);
  expect(registry.size).toBe(MAX_SOURCES);
  // Used again: t0 is now the newest, so t1 goes first.
  registry.ensure(cards[0]!);
  expect(registry.size).toBe(MAX_SOURCES);
  expect(registry.has(cards[1]!)).toBe(true);
  registry.ensure(cards[MAX_SOURCES]!);
  expect(registry.size).toBe(MAX_SOURCES);
  expect(registry.has(cards[0]!)).toBe(true);
  expect(registry.has(cards[1]!)).toBe(false);
  const [dragged] = [...connected].find(([, element]) => element === cards[0]) ?? [];
  manager.getActions().beginDrag([dragged!], { clientOffset: { x: 0, y: 0 }, getSourceClientOffset: () => ({ x: 0, y: 0 }) });
  registry.ensure(cards[MAX_SOURCES + 1]!);
  expect(registry.size).toBe(MAX_SOURCES + 1);
  manager.getActions().endDrag();
  registry.ensure(cards[MAX_SOURCES + 2]!);
  expect(registry.size).toBe(MAX_SOURCES);
  expect(registry.has(cards[0]!)).toBe(true);
});

describe('prepareSource (the pointer over a card)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('registers the card in idle time, once, so a press finds its source ready', () => {
    const stop = provideSources(manager, host());
    const a = card('a');
    prepareSource(manager, a.querySelector('button'));
    prepareSource(manager, a);
    expect(connected.size).toBe(0);
    jest.runAllTimers();
    expect([...connected.values()]).toEqual([a]);
    demandSource(manager, a);
    expect(connected.size).toBe(1);
    prepareSource(manager, a);
    jest.runAllTimers();
    expect(connected.size).toBe(1);
    stop();
  });

  it('registers nothing for a card gone, outside cards, or while a drag runs', () => {
    const stop = provideSources(manager, host());
    const a = card('a');
    const b = card('b');
    prepareSource(manager, document.body);
    prepareSource(manager, a);
    a.remove();
    jest.runAllTimers();
    expect(connected.size).toBe(0);
    demandSource(manager, b);
    const [idB] = [...connected.keys()];
    manager.getActions().beginDrag([idB!], { clientOffset: { x: 0, y: 0 }, getSourceClientOffset: () => ({ x: 0, y: 0 }) });
    const c = card('c');
    prepareSource(manager, c);
    jest.runAllTimers();
    expect([...connected.values()]).toEqual([b]);
    manager.getActions().endDrag();
    stop();
  });
});
