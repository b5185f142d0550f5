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
