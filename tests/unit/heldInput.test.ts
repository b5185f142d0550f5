import { replayHeldInput, replayTakenInput, takeHeldInput, type HeldInput } from '../../src/features/planner/heldInput';

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
