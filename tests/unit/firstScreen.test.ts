import fc from 'fast-check';
import { act } from 'react';
import { startApp } from '../../src/app/startApp';
import { makeStore } from '../../src/app/store';
import { toDayKey } from '../../src/features/planner/week';
import { renderFirstScreen } from '../../src/prerender';
import {
  applyHunks,
  atTime,
  diffTokens,
  firstScreenScript,
  makeTemplate,
  referenceRenders,
  scriptOutput,
  tokenize,
  verifyFirstScreen,
} from '../../scripts/firstScreen';
import { MemoryStorage } from './memoryStorage';

// index.html's first screen is the app's own render: the build renders the app for a reference week and turns what
// differs by weekday and theme into hunks and the dates into slots (scripts/firstScreen.ts). Here with the real app.

const render = (now: Date, theme: 'light' | 'dark') => atTime(now, () => renderFirstScreen(theme));
let script: string;
beforeAll(() => {
  script = firstScreenScript(makeTemplate(referenceRenders(render)));
});

it('a diff of tokens, applied to its base, gives the other side', () => {
  const tokens = fc.array(fc.constantFrom('<a>', '</a>', 'x', 'y', '<b c="1">', '</b>'), { maxLength: 30 });
  fc.assert(
    fc.property(tokens, tokens, (base, other) => {
      expect(applyHunks(base, diffTokens(base, other))).toEqual(other);
    }),
  );
  expect(tokenize('<p class="a">No <b>tasks</b></p>')).toEqual(['<p class="a">', 'No ', '<b>', 'tasks', '</b>', '</p>']);
});

it("paints exactly the app's render on each weekday of a week in one month, across two months and across two years, light and dark", () => {
  expect(() => verifyFirstScreen(script, render)).not.toThrow();
  const friday = scriptOutput(script, new Date(2026, 10, 27, 9), 'dark');
  expect(friday).toContain('>Nov 2026</h1>');
  expect(friday).toContain('id="day-2026-11-27" aria-labelledby');
  expect(friday).toContain('aria-label="Switch to light theme"');
  expect(scriptOutput(script, new Date(2029, 11, 31, 9), 'light')).toContain('>Dec 2029 – Jan 2030</h1>');
});

it('fails the build when the script and the app disagree', () => {
  // The script's own date logic, changed: a week across two years titled with a hyphen.
  expect(() => verifyFirstScreen(script.replace("' – '", "' - '"), render)).toThrow(/differs from the app's on Mon Dec 31 2029 \(light\)/);
});

it('sets its text in two weights, normal and semibold: each more weight is one more font lookup before the first frame', () => {
  const html = render(new Date(2026, 10, 27, 9), 'light');
  expect(html).toContain('font-semibold');
  expect(html.match(/\bfont-(?!semibold\b)[a-z]+\b/g) ?? []).toEqual([]);
});

it('hydrates without a mismatch, keeps the painted nodes and then shows the stored tasks', async () => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  const now = new Date();
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = scriptOutput(script, now, 'light');
  const add = container.querySelector('button[aria-label="Add task for today"]');
  const storage = new MemoryStorage();
  storage.setItem('weekly-planner-tasks', JSON.stringify([{ id: 't1', title: 'Stored task', date: 'someday', completed: false, createdAt: 1, order: 0 }]));
  const { store, persistor } = makeStore({ storage: () => storage, tabLink: null });
  // Any hydration warning is a console.error, which fails this test (tests/failOnConsole.ts).
  await act(async () => startApp(container, store, persistor));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(container.querySelector('#day-someday [role="listitem"]')?.textContent).toBe('Stored task');
  expect(container.querySelector('button[aria-label="Add task for today"]')).toBe(add);
  await act(async () => (add as HTMLButtonElement).click());
  expect(Object.keys(store.getState().tasks.days).sort()).toEqual([toDayKey(now), 'someday'].sort());
  persistor.pause();
});

it('after hydrating, a crowded day shows all its stored tasks in one commit, those after the first group plain until they become full', async () => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  const now = new Date();
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = scriptOutput(script, now, 'light');
  const storage = new MemoryStorage();
  const tasks = Array.from({ length: 60 }, (_, i) => ({ id: `t${i}`, title: `Task ${i}`, date: 'someday', completed: false, createdAt: i, order: i }));
  storage.setItem('weekly-planner-tasks', JSON.stringify(tasks));
  const { store, persistor } = makeStore({ storage: () => storage, tabLink: null });
  const cards = () => container.querySelectorAll('#day-someday [role="listitem"]');
  // The cards each commit shows (an observer's callback runs after each commit's DOM changes).
  const shown: Array<{ all: number; plain: number }> = [];
  const observer = new MutationObserver(() => shown.push({ all: cards().length, plain: container.querySelectorAll('#day-someday .task-card.lite').length }));
  observer.observe(container, { childList: true, subtree: true });
  await act(async () => startApp(container, store, persistor));
  await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  observer.disconnect();
  const withCards = shown.filter(({ all }) => all > 0);
  expect(withCards[0]).toEqual({ all: 60, plain: 35 });
  expect(withCards.at(-1)).toEqual({ all: 60, plain: 0 });
  expect([...cards()].map((card) => card.textContent)).toEqual(tasks.map((task) => task.title));
  persistor.pause();
});
