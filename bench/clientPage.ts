// Scripts the client bench runs inside the page. They are plain JavaScript source, not functions:
// tsx compiles this file with helpers (__name) that do not exist in the browser.

export const GRID_SELECTOR = '[data-testid="week-grid"]';
export const TASKS_KEY = 'weekly-planner-tasks';

/** Before the app starts: store the given tasks, as a returning user's browser would hold them. */
export const seedScript = (tasksJson: string) => `
  try { localStorage.setItem(${JSON.stringify(TASKS_KEY)}, ${JSON.stringify(tasksJson)}); } catch {}
`;

/**
 * Before the app starts: note when the week grid is in the DOM with its 8 columns and has a size
 * (window.__gridVisibleAt, performance mark 'grid-visible'), then when the next frame begins (window.__gridFrameAt).
 */
export const gridWatchScript = `
  (() => {
    const ready = () => {
      const grid = document.querySelector(${JSON.stringify(GRID_SELECTOR)});
      if (!grid || grid.children.length < 8) return false;
      const box = grid.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      window.__gridVisibleAt = performance.now();
      performance.mark('grid-visible');
      requestAnimationFrame(() => { window.__gridFrameAt = performance.now(); });
    });
    observer.observe(document, { childList: true, subtree: true });
  })();
`;

export type TaskEventKind = 'toggle' | 'rename' | 'add';

/**
 * Dispatches one task event through the real store for a task of \`day\` and resolves with the milliseconds
 * until the DOM change it causes is committed (a MutationObserver on the grid fires right after React's commit).
 */
export const timeTaskEventScript = `
  async ({ kind, day, run }) => {
    const store = window.__plannerStore;
    await window.__plannerPersistor.flush(); // no throttled write pending inside the measurement
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const grid = document.querySelector(${JSON.stringify(GRID_SELECTOR)});
    const { ids: onDay, entities } = store.getState().tasks.days[day];
    const id = onDay[(run * 7) % onDay.length];
    const text = 'Bench ' + kind + ' ' + run + ' ' + Math.random().toString(36).slice(2, 7);
    const action =
      kind === 'toggle' ? { type: 'tasks/taskCompletionSet', payload: { id, completed: !entities[id].completed } }
      : kind === 'rename' ? { type: 'tasks/taskRenamed', payload: { id, title: text } }
      : { type: 'tasks/taskAdded', payload: { id: 'task-' + Date.now() + '-bench' + run, title: text, date: day, createdAt: Date.now() } };
    const shows = (node) => (node.textContent || '').includes(text);
    const matches = (records) =>
      kind === 'toggle' || records.some((r) => shows(r.target) || [...r.addedNodes].some(shows));
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no DOM update for ' + kind)), 5000);
      let start = 0;
      const observer = new MutationObserver((records) => {
        if (!matches(records)) return;
        const elapsed = performance.now() - start;
        observer.disconnect();
        clearTimeout(timer);
        resolve(elapsed);
      });
      observer.observe(grid, { childList: true, subtree: true, attributes: true, characterData: true });
      start = performance.now();
      store.dispatch(action);
    });
  }
`;

/**
 * Times the app's real persist path for the stored list: one event, then persistor.flush(), which stages the state,
 * serializes the task array and calls localStorage.setItem. Resolves with each run's total and setItem-only ms.
 */
export const timePersistScript = `
  async ({ runs, day }) => {
    const store = window.__plannerStore;
    const persistor = window.__plannerPersistor;
    const original = Storage.prototype.setItem;
    let setItemMs = 0;
    let bytes = 0;
    Storage.prototype.setItem = function (key, value) {
      const start = performance.now();
      try {
        return original.call(this, key, value);
      } finally {
        if (key === ${JSON.stringify(TASKS_KEY)}) { setItemMs += performance.now() - start; bytes = String(value).length; }
      }
    };
    try {
      const id = store.getState().tasks.days[day].ids[0];
      const results = [];
      for (let run = 0; run < runs; run++) {
        await persistor.flush();
        setItemMs = 0;
        store.dispatch({ type: 'tasks/taskCompletionSet', payload: { id, completed: !store.getState().tasks.days[day].entities[id].completed } });
        const start = performance.now();
        await persistor.flush();
        results.push({ total: performance.now() - start, setItem: setItemMs });
      }
      return { results, bytes };
    } finally {
      Storage.prototype.setItem = original;
    }
  }
`;
