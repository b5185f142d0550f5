// The planner's first screen in index.html, made from the app's own render (src/prerender.tsx), not a copy of it.
// The build renders the app for one reference week, today on each of its days and in both themes; what differs
// from the first render becomes a hunk, and the week's dates become slots. The inline script this module writes
// puts the hunks for today's weekday and theme back and fills in this week's dates, before the first frame; the
// app then hydrates that markup (main.tsx). verifyFirstScreen checks, at every build, that the script gives
// exactly what React renders for other weeks (month and year ends), each weekday and both themes.

/** Markup split into tags and text runs: hunks replace whole tokens. */
export const tokenize = (html: string): string[] => html.match(/<[^>]*>|[^<]+/g) ?? [];

/** Replace `remove` tokens of the base at `at` with `insert`. */
export type Hunk = [at: number, remove: number, insert: string[]];

/** The hunks that turn `base` into `other` (a longest common subsequence of tokens between their common ends). */
export function diffTokens(base: readonly string[], other: readonly string[]): Hunk[] {
  let start = 0;
  while (start < base.length && start < other.length && base[start] === other[start]) start++;
  let endA = base.length;
  let endB = other.length;
  while (endA > start && endB > start && base[endA - 1] === other[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  // lcs[i * (m + 1) + j]: the common subsequence's length of base[start + i..] and other[start + j..].
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] =
        base[start + i] === other[start + j] ? lcs[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!);
    }
  }
  const hunks: Hunk[] = [];
  let open: Hunk | null = null;
  const edit = (i: number): Hunk => {
    if (!open) hunks.push((open = [start + i, 0, []]));
    return open;
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && base[start + i] === other[start + j]) {
      open = null;
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i * (m + 1) + j + 1]! >= lcs[(i + 1) * (m + 1) + j]!)) {
      edit(i)[2].push(other[start + j++]!);
    } else {
      edit(i)[1]++;
      i++;
    }
  }
  return hunks;
}

/** Applies hunks made against the same base (they must not overlap). */
export function applyHunks(base: readonly string[], hunks: readonly Hunk[]): string[] {
  const out = base.slice();
  for (const [at, remove, insert] of [...hunks].sort((a, b) => b[0] - a[0])) out.splice(at, remove, ...insert);
  return out;
}

export interface FirstScreenRenders {
  /** The reference week's seven day keys, Monday first; its title. */
  days: string[];
  title: string;
  /** The app's markup in the light theme with today on each day of the week (Monday first). */
  light: string[];
  /** The same with today on Monday, dark. */
  dark: string;
}

export interface FirstScreenTemplate {
  tokens: string[];
  /** The hunks for today on each weekday, Monday first (Monday's base has none), and for the dark theme. */
  today: Hunk[][];
  dark: Hunk[];
}

// A slot in the template: \u0001 name \u0002, filled in by the script. Names: t the title, k0-k6 the day keys,
// d0-d6 the dates ('23 Nov'), n0-n6 the day of the month in the phone's day strip.
const slot = (name: string) => `\u0001${name}\u0002`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function withSlots(token: string, days: readonly string[], title: string): string {
  let out = token;
  days.forEach((key, i) => {
    const [, month, day] = key.split('-').map(Number);
    out = out.split(key).join(slot(`k${i}`));
    out = out.split(`${day} ${MONTHS[month! - 1]}`).join(slot(`d${i}`));
    // The day strip's number is a text token of its own.
    if (out === String(day)) out = slot(`n${i}`);
  });
  return out.split(title).join(slot('t'));
}

const overlaps = (a: readonly Hunk[], b: readonly Hunk[]) => a.some(([at, remove]) => b.some(([at2, remove2]) => at < at2 + Math.max(remove2, 1) && at2 < at + Math.max(remove, 1)));

/** The template the script fills in; throws if the renders do not fit its shape (a build error, not a wrong page). */
export function makeTemplate(renders: FirstScreenRenders): FirstScreenTemplate {
  const days = new Set(renders.days.map((key) => Number(key.slice(8))));
  if (days.size !== 7 || [...days].some((day) => day < 10)) throw new Error('first screen: the reference week needs seven two-digit days');
  const base = tokenize(renders.light[0]!);
  const today = renders.light.map((html) => diffTokens(base, tokenize(html)));
  const dark = diffTokens(base, tokenize(renders.dark));
  if (today.some((hunks) => overlaps(hunks, dark))) throw new Error('first screen: the theme and today change the same markup');
  const fill = (token: string) => withSlots(token, renders.days, renders.title);
  const slotted = (hunks: Hunk[]): Hunk[] => hunks.map(([at, remove, insert]) => [at, remove, insert.map(fill)]);
  return { tokens: base.map(fill), today: today.map(slotted), dark: slotted(dark) };
}

/**
 * The inline script that paints the first screen into #root on '/', before the app's code runs: the template for
 * today's weekday and the theme <html> already has (index.html's first script), this week's dates filled in. On a
 * phone it opens on today, as the app does. Stored tasks are not in it: until the app shows them, <html
 * data-tasks-pending> hides the days' 'No tasks yet' (index.css). Clicks and keys that land before the app is live
 * are held for it (src/features/planner/heldInput.ts). Static text per build, so the server's CSP hash allows it.
 * The template (~40 kB) is a string for JSON.parse: V8 reads that faster than the same object literal, before the frame.
 */
export function firstScreenScript(template: FirstScreenTemplate): string {
  return `<script>
      (function () {
        var root = document.getElementById('root');
        var html = document.documentElement;
        try {
          if (location.pathname !== '/') return;
          var T = JSON.parse(${JSON.stringify(JSON.stringify(template)).replace(/</g, '\\u003c')});
          var M = ${JSON.stringify(MONTHS)};
          var now = new Date();
          var today = (now.getDay() + 6) % 7;
          var day = function (i) { return new Date(now.getFullYear(), now.getMonth(), now.getDate() - today + i); };
          var pad = function (n) { return (n < 10 ? '0' : '') + n; };
          var my = function (d) { return M[d.getMonth()] + ' ' + d.getFullYear(); };
          var mon = day(0);
          var sun = day(6);
          var values = {
            t: mon.getFullYear() !== sun.getFullYear() ? my(mon) + ' – ' + my(sun) : mon.getMonth() !== sun.getMonth() ? M[mon.getMonth()] + ' – ' + my(sun) : my(mon)
          };
          for (var i = 0; i < 7; i++) {
            var d = day(i);
            values['k' + i] = d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate());
            values['d' + i] = d.getDate() + ' ' + M[d.getMonth()];
            values['n' + i] = String(d.getDate());
          }
          var hunks = T.today[today].concat(html.classList.contains('dark') ? T.dark : []).sort(function (a, b) { return b[0] - a[0]; });
          var tokens = T.tokens.slice();
          hunks.forEach(function (h) { tokens.splice.apply(tokens, [h[0], h[1]].concat(h[2])); });
          var raw = localStorage.getItem('weekly-planner-tasks');
          if (raw !== null && raw !== '[]') html.setAttribute('data-tasks-pending', '');
          root.innerHTML = tokens.join('').replace(/\\u0001(\\w+)\\u0002/g, function (_, name) { return values[name]; });
          if (typeof matchMedia === 'function' && matchMedia('(max-width: 639.98px)').matches) {
            html.style.setProperty('--planner-header', root.querySelector('header').offsetHeight + 'px');
            root.querySelector('section[aria-current="date"]').scrollIntoView({ block: 'start', behavior: 'instant' });
            // As PlannerHeader marks it once live: days now pass under the header, which blurs them.
            if (scrollY > 0) root.querySelector('header').setAttribute('data-scrolled', '');
          }
          var held = [];
          var types = ['click', 'keydown'];
          var hold = function (e) {
            held.push({ type: e.type, target: e.target, x: e.pageX, y: e.pageY, detail: e.detail, key: e.key, code: e.code, ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey, altKey: e.altKey });
          };
          types.forEach(function (type) { addEventListener(type, hold, true); });
          window.__heldInput = function () {
            types.forEach(function (type) { removeEventListener(type, hold, true); });
            return held;
          };
        } catch (e) {
          // Storage unavailable, or anything unforeseen: the app renders on its own.
          root.textContent = '';
          html.removeAttribute('data-tasks-pending');
        }
      })();
    </script>`;
}

/** Runs `run` with the clock at `now` (new Date() and Date.now()); the app reads today from it as it renders. */
export function atTime<T>(now: Date, run: () => T): T {
  const RealDate = globalThis.Date;
  const fixed = now.getTime();
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      super(...((args.length > 0 ? args : [fixed]) as [number]));
    }
    static override now() {
      return fixed;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
  try {
    return run();
  } finally {
    globalThis.Date = RealDate;
  }
}

/** What the script puts into #root on a wide screen at `now`, in that theme, for a visitor without stored tasks. */
export function scriptOutput(script: string, now: Date, theme: 'light' | 'dark'): string {
  const body = /^<script>([\s\S]*)<\/script>$/.exec(script.trim())?.[1];
  if (!body) throw new Error('first screen: not a script');
  const root = { innerHTML: '', textContent: '' };
  const html = { classList: { contains: (name: string) => name === theme }, setAttribute() {}, removeAttribute() {} };
  const document = { getElementById: () => root, documentElement: html };
  const window: Record<string, unknown> = {};
  const run = new Function('document', 'location', 'localStorage', 'matchMedia', 'addEventListener', 'removeEventListener', 'window', body);
  atTime(now, () => run(document, { pathname: '/' }, { getItem: () => null }, () => ({ matches: false }), () => {}, () => {}, window));
  if (!window.__heldInput) throw new Error('first screen: the script failed');
  return root.innerHTML;
}

/** Days to check the script on: each weekday of a one-month week, a week across two months and one across two years. */
export const CHECKED_DAYS: Date[] = [
  [2029, 9, 15],
  [2026, 10, 30],
  [2029, 11, 31],
].flatMap(([year, month, monday]) => Array.from({ length: 7 }, (_, i) => new Date(year!, month!, monday! + i, 12)));

/** Throws unless the script paints exactly what the app renders on every checked day, in both themes. */
export function verifyFirstScreen(script: string, render: (now: Date, theme: 'light' | 'dark') => string): void {
  for (const now of CHECKED_DAYS) {
    for (const theme of ['light', 'dark'] as const) {
      const expected = render(now, theme);
      const painted = scriptOutput(script, now, theme);
      if (painted !== expected) {
        let at = 0;
        while (painted[at] === expected[at]) at++;
        throw new Error(`first screen: the script's markup differs from the app's on ${now.toDateString()} (${theme}) at ${at}: ` +
          `${JSON.stringify(painted.slice(at - 40, at + 60))} instead of ${JSON.stringify(expected.slice(at - 40, at + 60))}`);
      }
    }
  }
}

/** The renders makeTemplate needs: a reference week (15-21 Oct 2029, two-digit days), today on each day, both themes. */
export function referenceRenders(render: (now: Date, theme: 'light' | 'dark') => string): FirstScreenRenders {
  const at = (i: number) => new Date(2029, 9, 15 + i, 12);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    days: Array.from({ length: 7 }, (_, i) => `2029-10-${pad(15 + i)}`),
    title: 'Oct 2029',
    light: Array.from({ length: 7 }, (_, i) => render(at(i), 'light')),
    dark: render(at(0), 'dark'),
  };
}
