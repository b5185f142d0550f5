// The drag backends load on the first sign of a drag where a mouse is the primary pointer, and a press
// made while they load reaches them once they listen (src/features/dnd/dragIntent.ts).

type Intent = typeof import('../../src/features/dnd/dragIntent');

/** A fresh copy of the module (its per-window memo), with the pointer media query answering `fine`. */
function setUp(fine: boolean): Intent {
  jest.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches: fine, media: query }) as MediaQueryList);
  let intent!: Intent;
  jest.isolateModules(() => {
    intent = jest.requireActual<Intent>('../../src/features/dnd/dragIntent');
  });
  return intent;
}

/**
 * A backend load that resolves when told, and its owner, which sets it up in a then-callback (as
 * LazyBackend does): from then on it records the events that reach window.
 */
function backend() {
  const seen: string[] = [];
  const listener = (event: Event) => seen.push(`${event.type}${event instanceof MouseEvent ? ` ${event.clientX},${event.clientY}` : ''}${event instanceof KeyboardEvent ? ` ${event.key}` : ''}`);
  let arrive!: () => void;
  const load = jest.fn(() => new Promise<string>((resolve) => (arrive = () => resolve('backend'))));
  const own = (loaded: Promise<string>) =>
    loaded.then(() => ['mousedown', 'mousemove', 'mouseup', 'keydown'].forEach((type) => window.addEventListener(type, listener, true)));
  return { seen, load, own, arrive: () => arrive(), stop: () => ['mousedown', 'mousemove', 'mouseup', 'keydown'].forEach((type) => window.removeEventListener(type, listener, true)) };
}

// The replay waits for a timer set once the load has resolved: two rounds.
const flush = async () => {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

let stopBackend = () => {};
beforeEach(() => (document.body.innerHTML = '<button data-dnd-handle="h">Move</button><p>card</p>'));
afterEach(() => {
  stopBackend();
  jest.restoreAllMocks();
});

it('loads at once where the primary pointer is touch (a long-press may come first)', async () => {
  const { loadOnIntent, dragIntent } = setUp(false);
  const { load, arrive, stop } = backend();
  stopBackend = stop;
  const loaded = loadOnIntent(window, load);
  expect(load).toHaveBeenCalledTimes(1);
  arrive();
  await expect(loaded).resolves.toBe('backend');
  await expect(dragIntent(window)).resolves.toBeUndefined();
});

it('waits for the pointer or focus to enter the page where a mouse is the primary pointer', async () => {
  const { loadOnIntent } = setUp(true);
  const { load, arrive, stop } = backend();
  stopBackend = stop;
  const loaded = loadOnIntent(window, load);
  await flush();
  expect(load).not.toHaveBeenCalled();
  document.querySelector('p')!.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
  document.querySelector('p')!.dispatchEvent(new MouseEvent('pointermove', { bubbles: true }));
  await flush();
  expect(load).toHaveBeenCalledTimes(1);
  arrive();
  await expect(loaded).resolves.toBe('backend');
});

/** The backend loading on intent where a mouse is primary; `land` lets it arrive and returns what it was replayed. */
function mouseWhileLoading() {
  const { loadOnIntent } = setUp(true);
  const { seen, load, own, arrive, stop } = backend();
  stopBackend = stop;
  void own(loadOnIntent(window, load));
  const card = document.querySelector('p')!;
  const mouse = (type: string, clientX = 0, clientY = 0) => card.dispatchEvent(new MouseEvent(type, { bubbles: true, button: 0, clientX, clientY }));
  const land = async () => {
    await flush();
    arrive();
    await flush();
    return seen;
  };
  return { mouse, land };
}

it('replays a mouse press still held when the backend arrives, with the pointer where it is now', async () => {
  const { mouse, land } = mouseWhileLoading();
  // As a browser sends them: pointerdown, then mousedown.
  mouse('pointerdown', 10, 20);
  mouse('mousedown', 10, 20);
  mouse('mousemove', 15, 20);
  mouse('mousemove', 30, 25);
  expect(await land()).toEqual(['mousedown 10,20', 'mousemove 30,25']);
});

it('does not replay a press released before the backend arrived', async () => {
  const { mouse, land } = mouseWhileLoading();
  mouse('pointerdown');
  mouse('mousedown');
  mouse('mouseup');
  expect(await land()).toEqual([]);
});

it('replays a whole drag released before the backend arrived, through to its release', async () => {
  const { mouse, land } = mouseWhileLoading();
  mouse('pointerdown', 10, 20);
  mouse('mousedown', 10, 20);
  mouse('mousemove', 190, 20);
  mouse('mouseup', 200, 20);
  expect(await land()).toEqual(['mousedown 10,20', 'mousemove 190,20', 'mouseup 200,20']);
});

it('holds back Space on a drag handle while loading (no click on its keyup) and replays it to the backend', async () => {
  const { loadOnIntent } = setUp(true);
  const { seen, load, own, arrive, stop } = backend();
  stopBackend = stop;
  void own(loadOnIntent(window, load));
  const handle = document.querySelector('button')!;
  handle.focus();
  const down = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
  const up = new KeyboardEvent('keyup', { key: ' ', bubbles: true, cancelable: true });
  handle.dispatchEvent(down);
  handle.dispatchEvent(up);
  expect(down.defaultPrevented).toBe(true);
  expect(up.defaultPrevented).toBe(true);
  // Keys elsewhere are none of its business.
  const typed = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
  document.querySelector('p')!.dispatchEvent(typed);
  expect(typed.defaultPrevented).toBe(false);
  await flush();
  arrive();
  await flush();
  expect(seen).toEqual(['keydown  ']);
  // From then on the backend alone sees the keys: the drop, once.
  const drop = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
  handle.dispatchEvent(drop);
  expect(seen).toEqual(['keydown  ', 'keydown  ']);
  expect(drop.defaultPrevented).toBe(false);
});

it('replays a whole keyboard drag made while loading, in order: a cancel and a second pick-up stay what they were', async () => {
  const { loadOnIntent } = setUp(true);
  const { seen, load, own, arrive, stop } = backend();
  stopBackend = stop;
  void own(loadOnIntent(window, load));
  const handle = document.querySelector('button')!;
  handle.focus();
  const press = (key: string) => {
    const down = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    handle.dispatchEvent(down);
    handle.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
    return down;
  };
  // An arrow before any pick-up is the page's (it scrolls): not held back.
  expect(press('ArrowDown').defaultPrevented).toBe(false);
  const held = [' ', 'ArrowRight', 'Escape', ' ', 'ArrowRight', 'ArrowRight'].map(press);
  expect(held.every((down) => down.defaultPrevented)).toBe(true);
  // Keys that are no drag's (typing a letter) are not kept.
  expect(press('a').defaultPrevented).toBe(false);
  await flush();
  arrive();
  await flush();
  expect(seen).toEqual(['keydown  ', 'keydown ArrowRight', 'keydown Escape', 'keydown  ', 'keydown ArrowRight', 'keydown ArrowRight']);
});
