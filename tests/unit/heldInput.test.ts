import { replayHeldInput, replayTakenInput, takeHeldInput, type HeldInput } from '../../src/features/planner/heldInput';
import { waitFor } from '@testing-library/react';

// What index.html's first-screen script held while the app loaded, replayed once the app is live: a click on the
// control it reached (hydration keeps that node), keys on the element they were pressed on.

const key = (k: string, extra: Partial<HeldInput> = {}): HeldInput => ({ type: 'keydown', target: null, x: 0, y: 0, key: k, code: '', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...extra });
const click = (target: EventTarget | null, x = 0, y = 0): HeldInput => ({ ...key(''), type: 'click', target, x, y });
const byId = (id: string) => document.getElementById(id)!;

beforeEach(() => {
  document.body.innerHTML =
    '<main><section id="day"><p id="text">Mon</p><button id="first">First</button><button id="add"><svg><path id="icon"></path></svg></button><button id="off" disabled>Off</button></section></main>';
});

it('clicks the control the click reached, from the icon inside it, once; never a disabled one; elsewhere what it landed on', () => {
  const clicks: string[] = [];
  document.body.addEventListener('click', (event) => clicks.push((event.target as Element).id));
  replayHeldInput(document, [click(byId('icon')), click(byId('off')), click(byId('text'))]);
  expect(clicks).toEqual(['add', 'text']);
});

it('if the node it reached is gone, clicks the control now at the point it landed', () => {
  const clicks: string[] = [];
  document.body.addEventListener('click', (event) => clicks.push((event.target as Element).id));
  const gone = document.createElement('button');
  document.elementFromPoint = (x, y) => (x === 10 && y === 20 ? byId('icon') : null);
  replayHeldInput(document, [click(gone, 10, 20), click(gone, 99, 99)]);
  expect(clicks).toEqual(['add']);
});

it("keys reach the element they were pressed on (the app's shortcuts listen for them); Tab already moved focus by itself", () => {
  const seen: string[] = [];
  window.addEventListener('keydown', (event) => seen.push(`${event.ctrlKey ? 'Ctrl+' : ''}${event.key}@${(event.target as Element).id || 'body'}`));
  byId('first').focus();
  replayHeldInput(document, [key('Tab', { target: document.body }), key('z', { ctrlKey: true, target: byId('add') }), key('y', { ctrlKey: true })]);
  expect(seen).toEqual(['Ctrl+z@add', 'Ctrl+y@first']);
  expect(document.activeElement?.id).toBe('first');
});

it('takes what the page held once, as hydration starts, and replays it after the live commit', () => {
  jest.useFakeTimers();
  const clicks: string[] = [];
  document.body.addEventListener('click', (event) => clicks.push((event.target as Element).id));
  const stop = jest.fn(() => [click(byId('add'))]);
  window.__heldInput = stop;
  takeHeldInput();
  expect(stop).toHaveBeenCalledTimes(1);
  expect(window.__heldInput).toBeUndefined();
  replayTakenInput();
  expect(clicks).toEqual([]);
  jest.runAllTimers();
  replayTakenInput();
  jest.runAllTimers();
  expect(clicks).toEqual(['add']);
  jest.useRealTimers();
});

/** A '+' that opens an add box a frame after its click, as the app's render does; Enter in the box adds its text. */
function addBoxOn(button: HTMLElement, added: string[]) {
  button.addEventListener('click', () => {
    requestAnimationFrame(() => {
      const box = document.createElement('input');
      box.addEventListener('keydown', (event) => {
        if (event.key === 'Enter') added.push(box.value);
      });
      document.body.append(box);
      box.focus();
    });
  });
}

it("keys typed after a click that opens a field are typed into it; a Space that pressed the '+' again was a space", async () => {
  const added: string[] = [];
  const presses: number[] = [];
  byId('add').addEventListener('click', (event) => presses.push(event.detail));
  addBoxOn(byId('add'), added);
  const typed = [...'Plan'].map((k) => key(k, { target: byId('add') }));
  await replayHeldInput(document, [
    { ...click(byId('icon')), detail: 1 },
    ...typed,
    key(' ', { target: byId('add') }),
    { ...click(byId('add')), detail: 0 },
    ...[...'thx'].map((k) => key(k)),
    key('Backspace'),
    key('e'),
    key(' '),
    key('w', { shiftKey: true }),
    key('Enter'),
  ]);
  expect(presses).toHaveLength(1);
  expect(added).toEqual(['Plan the w']);
  expect((document.activeElement as HTMLInputElement).value).toBe('Plan the w');
});

it("Enter that commits and closes a field, typed on the focused '+' before the app was live, does not press '+' again", async () => {
  // The floating '+' opens the new task's title; Enter commits it and the field goes. Before the app was live the
  // '+' had focus, so the browser also made a click of that Enter (and of the Space): held after it, with detail 0.
  const added: string[] = [];
  const presses: number[] = [];
  byId('add').addEventListener('click', (event) => {
    presses.push(event.detail);
    requestAnimationFrame(() => {
      const title = document.createElement('input');
      title.addEventListener('keydown', (keyEvent) => {
        if (keyEvent.key !== 'Enter') return;
        added.push(title.value);
        title.remove();
      });
      document.body.append(title);
      title.focus();
    });
  });
  const onAdd = (k: string) => key(k, { target: byId('add') });
  await replayHeldInput(document, [
    { ...click(byId('add')), detail: 1 },
    ...[...'Call'].map(onAdd),
    onAdd(' '),
    { ...click(byId('add')), detail: 0 },
    ...[...'mum'].map(onAdd),
    onAdd('Enter'),
    { ...click(byId('add')), detail: 0 },
  ]);
  expect(added).toEqual(['Call mum']);
  expect(presses).toHaveLength(1);
});

it('with no field opened, keys after a click reach the element they were pressed on, as before', async () => {
  const seen: string[] = [];
  window.addEventListener('keydown', (event) => seen.push(`${event.key}@${(event.target as Element).id}`));
  await replayHeldInput(document, [click(byId('first')), key('a', { target: byId('first') })]);
  expect(seen).toEqual(['a@first']);
});

it('after a held click, keys pressed while the app hydrates are caught (not pressed on the page) and typed once the field opens', async () => {
  const added: string[] = [];
  addBoxOn(byId('add'), added);
  const live: string[] = [];
  byId('add').addEventListener('keydown', (event) => live.push(event.key));
  window.__heldInput = () => [click(byId('add'))];
  takeHeldInput();
  byId('add').focus();
  for (const k of 'Hi') byId('add').dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  expect(live).toEqual([]);
  replayTakenInput();
  await waitFor(() => expect((document.activeElement as HTMLInputElement).value).toBe('Hi'));
  expect(live).toEqual([]);
  // Once the replay has caught up, keys go where they are pressed again (a browser types them into the box).
  await waitFor(() => {
    byId('add').dispatchEvent(new KeyboardEvent('keydown', { key: 'y', bubbles: true, cancelable: true }));
    expect(live).toContain('y');
  });
});

it("the replay's own keys pass the catcher: a shortcut caught while the app hydrates reaches the page once", async () => {
  const seen: string[] = [];
  byId('first').addEventListener('keydown', (event) => seen.push(event.key));
  window.__heldInput = () => [click(byId('first'))];
  takeHeldInput();
  byId('first').dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true }));
  expect(seen).toEqual([]);
  replayTakenInput();
  await waitFor(() => expect(seen).toEqual(['z']));
});

/** takeHeldInput's window listeners, to call with events jsdom cannot make: a person's (trusted) click. */
function takeWithListeners(held: HeldInput[]) {
  const listeners = new Map<string, EventListener>();
  const add = jest.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    listeners.set(type, listener as EventListener);
    EventTarget.prototype.addEventListener.call(window, type, listener, options);
  });
  window.__heldInput = () => held;
  takeHeldInput();
  add.mockRestore();
  return listeners;
}

const personsClick = (target: Element, detail = 1) =>
  ({ type: 'click', isTrusted: true, target, detail, pageX: 5, pageY: 6, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, preventDefault: jest.fn(), stopImmediatePropagation: jest.fn() }) as unknown as MouseEvent;

it("with nothing held, a click and keys that land while the app hydrates are caught and replayed in order: '+', then its title", async () => {
  // A tap on '+' after the app took the first screen's input but before it was live used to reach React, and the title
  // typed next the focused '+' (letters lost, the Space a second press).
  const added: string[] = [];
  addBoxOn(byId('add'), added);
  const presses: boolean[] = [];
  byId('add').addEventListener('click', (event) => presses.push(event.isTrusted));
  const listeners = takeWithListeners([]);
  const tap = personsClick(byId('icon'));
  listeners.get('click')!(tap);
  expect(tap.stopImmediatePropagation).toHaveBeenCalled();
  expect(tap.preventDefault).toHaveBeenCalled();
  expect(presses).toEqual([]);
  // What the app clicks itself meanwhile (a new card's title, to open it) is not a person's: it passes.
  const own: string[] = [];
  byId('first').addEventListener('click', () => own.push('first'));
  byId('first').click();
  expect(own).toEqual(['first']);
  byId('add').focus();
  for (const k of ['H', 'i', ' ', 'x', 'Enter']) {
    const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true });
    byId('add').dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  }
  replayTakenInput();
  await waitFor(() => expect(added).toEqual(['Hi x']));
  expect(presses).toEqual([false]);
});

it("Enter or Space caught on a focused button while the app hydrates presses it once replayed, unless a handler took the key", async () => {
  const presses: string[] = [];
  byId('first').addEventListener('click', () => presses.push('first'));
  byId('add').addEventListener('click', () => presses.push('add'));
  byId('add').addEventListener('keydown', (event) => event.key === ' ' && event.preventDefault());
  takeWithListeners([]);
  for (const [id, k] of [['first', 'Enter'], ['first', ' '], ['add', ' '], ['add', 'Enter']] as const) {
    byId(id).dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  }
  expect(presses).toEqual([]);
  replayTakenInput();
  // Each press may open a field for the keys after it: the replay looks for one for up to a second.
  await waitFor(() => expect(presses).toEqual(['first', 'first', 'add']), { timeout: 4000 });
});

it('with no first screen (another route), nothing is caught', () => {
  delete window.__heldInput;
  const add = jest.spyOn(window, 'addEventListener');
  takeHeldInput();
  expect(add).not.toHaveBeenCalled();
  add.mockRestore();
});
