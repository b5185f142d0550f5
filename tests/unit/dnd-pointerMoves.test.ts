import { createDragDropManager, type DragDropManager, type DragSource, type DropTarget } from 'dnd-core';
import { PointerBackend } from '../../src/features/dnd/backend/pointerBackend';

// The pointer backend in jsdom with a real dnd-core manager: once a mouse drag has begun, its moves are
// hovered once per animation frame at the latest point, and a release hovers the pending point first.

let frames: Array<FrameRequestCallback | null>;
let manager: DragDropManager;
let column: HTMLElement;
let card: HTMLElement;
let hovers: Array<{ x: number; y: number }>;
let drops: Array<{ x: number; y: number }>;

const runFrame = () => {
  const due = frames;
  frames = [];
  for (const callback of due) callback?.(performance.now());
};

beforeEach(() => {
  frames = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  jest.spyOn(window, 'cancelAnimationFrame').mockImplementation((handle) => void (frames[handle - 1] = null));
  document.body.innerHTML = '<section id="column"><div id="card">Task</div></section>';
  column = document.getElementById('column')!;
  card = document.getElementById('card')!;
  // jsdom does no layout: everything is under every point.
  document.elementsFromPoint = () => [card, column, document.body, document.documentElement];
  document.elementFromPoint = () => card;
  hovers = [];
  drops = [];
  manager = createDragDropManager((m) => new PointerBackend(m, window));
  const registry = manager.getRegistry();
  const source: DragSource = { canDrag: () => true, beginDrag: () => ({ id: 'a' }), isDragging: () => true, endDrag: () => {} };
  const target: DropTarget = {
    canDrop: () => true,
    // dnd-core records a hover's point after its handlers ran: note the call, read the point after it.
    hover: () => void queueMicrotask(() => hovers.push(manager.getMonitor().getClientOffset()!)),
    drop: () => void drops.push(manager.getMonitor().getClientOffset()!),
  };
  const sourceId = registry.addSource('task', source);
  const targetId = registry.addTarget('task', target);
  manager.getBackend().connectDragSource(sourceId, card);
  manager.getBackend().connectDropTarget(targetId, column);
});

afterEach(() => {
  manager.getBackend().teardown();
  jest.restoreAllMocks();
});

const mouse = (type: string, x: number, y: number, on: EventTarget = card) =>
  on.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, clientX: x, clientY: y }));

it('hovers a running drag once per frame, at the latest point', async () => {
  mouse('mousedown', 100, 100);
  mouse('mousemove', 105, 100);
  expect(manager.getMonitor().isDragging()).toBe(false);
  mouse('mousemove', 112, 100); // past 10 px: the touch backend begins the drag and hovers once
  expect(manager.getMonitor().isDragging()).toBe(true);
  await Promise.resolve();
  const begun = hovers.length;
  for (let x = 120; x <= 160; x += 10) mouse('mousemove', x, 100);
  expect(hovers).toHaveLength(begun);
  runFrame();
  await Promise.resolve();
  expect(hovers.slice(begun)).toEqual([{ x: 160, y: 100 }]);
  runFrame();
  await Promise.resolve();
  expect(hovers).toHaveLength(begun + 1);
  mouse('mousemove', 170, 140);
  runFrame();
  await Promise.resolve();
  expect(hovers.slice(begun)).toEqual([
    { x: 160, y: 100 },
    { x: 170, y: 140 },
  ]);
});

it('a release hovers the pending point before the drop, and no frame hovers after it', async () => {
  mouse('mousedown', 100, 100);
  mouse('mousemove', 112, 100);
  await Promise.resolve();
  const begun = hovers.length;
  mouse('mousemove', 130, 180);
  mouse('mouseup', 130, 180);
  expect(drops).toEqual([{ x: 130, y: 180 }]);
  expect(manager.getMonitor().isDragging()).toBe(false);
  runFrame();
  await Promise.resolve();
  expect(hovers).toHaveLength(begun + 1);
});

it('listens on the page for no drop target of its own: pointer moves with no drag reach no per-target listener', () => {
  const added = jest.spyOn(document.body, 'addEventListener');
  const other = document.createElement('section');
  document.body.append(other);
  const targetId = manager.getRegistry().addTarget('task', { canDrop: () => true, hover: () => {}, drop: () => undefined });
  const disconnect = manager.getBackend().connectDropTarget(targetId, other);
  expect(added).not.toHaveBeenCalled();
  disconnect();
});

it('hovers the target under the pointer from the first frame of a drag, without the touch backend knowing the targets', async () => {
  mouse('mousedown', 100, 100);
  mouse('mousemove', 112, 100);
  expect(manager.getMonitor().isDragging()).toBe(true);
  mouse('mousemove', 120, 100);
  runFrame();
  await Promise.resolve();
  expect(hovers.at(-1)).toEqual({ x: 120, y: 100 });
  expect(manager.getMonitor().getTargetIds()).toHaveLength(1);
  mouse('mouseup', 120, 100);
  expect(drops).toEqual([{ x: 120, y: 100 }]);
});

// The move that begins a drag hovers nothing (the drag starts while it is handled). A press replayed whole once the
// backend's code arrived (dragIntent.ts) has no move after it: held still, or released at once.
it('a drag with no move after the one that began it hovers where the pointer is on the next frame', async () => {
  mouse('mousedown', 100, 100);
  mouse('mousemove', 180, 60);
  expect(manager.getMonitor().isDragging()).toBe(true);
  await Promise.resolve();
  const begun = hovers.length;
  runFrame();
  await Promise.resolve();
  expect(hovers.slice(begun)).toEqual([{ x: 180, y: 60 }]);
  expect(manager.getMonitor().getTargetIds()).toHaveLength(1);
});

it('a release right after the move that began the drag drops where the pointer is', () => {
  mouse('mousedown', 100, 100);
  mouse('mousemove', 180, 60);
  mouse('mouseup', 180, 60);
  expect(drops).toEqual([{ x: 180, y: 60 }]);
  expect(manager.getMonitor().isDragging()).toBe(false);
});
