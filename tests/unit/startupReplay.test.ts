import { replayHeldInput, type HeldInput } from '../../src/features/planner/startupShell';

// What index.html held while the app loaded, replayed on the live app: a click on the control now at the point
// it landed, a Tab into the app, other keys (shortcuts) to the focused element.

const key = (k: string, extra: Partial<HeldInput> = {}): HeldInput => ({ type: 'keydown', x: 0, y: 0, key: k, code: '', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...extra });
const click = (x: number, y: number): HeldInput => ({ ...key(''), type: 'click', x, y });

beforeEach(() => {
  document.body.innerHTML = '<main><button id="first">First</button><button id="add"><svg><path id="icon"></path></svg></button><button id="off" disabled>Off</button></main>';
});

it('clicks the control at the point a click landed, from the icon inside it, once; never a disabled one', () => {
  const clicks: string[] = [];
  document.body.addEventListener('click', (event) => clicks.push((event.target as Element).id));
  const under: Record<string, string> = { '10,10': 'icon', '20,20': 'off', '30,30': 'nothing' };
  document.elementFromPoint = (x, y) => document.getElementById(under[`${x},${y}`]!) ?? document.body;
  replayHeldInput(document, [click(10, 10), click(20, 20), click(30, 30)]);
  expect(clicks).toEqual(['add']);
});

it('a held Tab focuses the first control (Shift+Tab the last); other keys reach the focused element', () => {
  replayHeldInput(document, [key('Tab')]);
  expect(document.activeElement?.id).toBe('first');
  const seen: string[] = [];
  window.addEventListener('keydown', (event) => seen.push(`${event.ctrlKey ? 'Ctrl+' : ''}${event.key}@${(event.target as Element).id}`));
  replayHeldInput(document, [key('z', { ctrlKey: true })]);
  expect(seen).toEqual(['Ctrl+z@first']);
  (document.activeElement as HTMLElement).blur();
  replayHeldInput(document, [key('Tab', { shiftKey: true })]);
  expect(document.activeElement?.id).toBe('add');
});
