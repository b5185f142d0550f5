import type { IndexHtmlTransformContext } from 'vite';
import { criticalCss, entryLoader, startupHtml, withThemeValues, withoutUnusedProperties } from '../../scripts/startupHtml';

// The build's index.html: the first screen's script where index.html marks it, only the rules the first screen
// uses inline; after the first frame the loader starts the stylesheet and the modules' fetch, and runs the app once
// the stylesheet has loaded. (The first screen itself: firstScreen.test.ts.)

const FIRST_SCREEN = "<script>document.getElementById('root').innerHTML = '<div class=\"grid\">Some Day</div>';</script>";

const BUILT = `<html><head>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/rtk-def.js">
<link rel="stylesheet" crossorigin href="/assets/index-xyz.css">
</head><body><div id="root"></div>
<!--first-screen-->
</body></html>`;

const CSS = '.grid{display:grid}.hidden{display:none}.dark\\:grid:where(.dark,.dark *){display:grid}.dark\\:hidden:where(.dark,.dark *){display:none}';

function transform(html: string): Promise<string> {
  // The handler uses no plugin context; the first screen is given (rendering the app is firstScreen.test.ts's).
  const plugin = startupHtml({ firstScreen: () => Promise.resolve({ script: FIRST_SCREEN, painted: '<div class="grid">Some Day</div>' }) });
  const hook = plugin.transformIndexHtml as unknown as { handler: (html: string, ctx: IndexHtmlTransformContext) => Promise<string> };
  const bundle = { 'assets/index-xyz.css': { type: 'asset', fileName: 'assets/index-xyz.css', source: CSS } };
  return hook.handler(html, { bundle } as unknown as IndexHtmlTransformContext);
}

it('puts the first screen after #root, inlines only the rules it uses, and leaves the full stylesheet, the entry and its chunks to the loader', async () => {
  const out = await transform(BUILT);
  expect(out).toContain(`<div id="root"></div>\n${FIRST_SCREEN}`);
  expect(out).toContain('<style id="critical-css">.grid{display:grid}</style>');
  // Nothing for the parser to fetch before the first screen's first frame.
  expect(out).not.toContain('rel="preload"');
  expect(out).not.toContain('rel="stylesheet"');
  expect(out).not.toContain('<script type="module"');
  expect(out).not.toContain('<link rel="modulepreload"');
  expect(out.indexOf(entryLoader('/assets/index-abc.js', '/assets/index-xyz.css', ['/assets/rtk-def.js']))).toBeGreaterThan(out.indexOf(FIRST_SCREEN));
});

it('fails the build rather than ship a page that never starts or shows its first screen unstyled', async () => {
  await expect(transform(BUILT.replace(/<script type="module"[^<]*<\/script>/, ''))).rejects.toThrow(/no entry script/);
  await expect(transform(BUILT.replace(/<link rel="stylesheet"[^>]*>/, ''))).rejects.toThrow(/no stylesheet/);
  await expect(transform(BUILT.replace('<!--first-screen-->', ''))).rejects.toThrow(/no <!--first-screen-->/);
});

it('keeps every rule the first screen needs, light, dark and with stored tasks on their way, and drops the rest', async () => {
  const css = [
    '.xl\\:grid-cols-8{grid-template-columns:repeat(8,minmax(0,1fr))}',
    '.dark\\:bg-slate-900:where(.dark,.dark *){background-color:#0f172b}',
    '.hover\\:bg-slate-100:hover{background-color:#f1f5f9}',
    '[data-tasks-pending] .no-tasks-note{visibility:hidden}',
    '.bg-emerald-500{background-color:green}',
  ].join('');
  const critical = await criticalCss(css, '<div class="xl:grid-cols-8 dark:bg-slate-900 hover:bg-slate-100"><p class="no-tasks-note">No tasks yet</p></div>');
  expect(critical).toContain('xl\\:grid-cols-8');
  expect(critical).toContain('dark\\:bg-slate-900');
  expect(critical).toContain('hover\\:bg-slate-100');
  expect(critical).toContain('[data-tasks-pending] .no-tasks-note');
  expect(critical).not.toContain('emerald');
});

it('drops the custom properties no kept rule reads, directly or through another variable', () => {
  const css = [
    '@layer theme{:root{--color-a:red;--color-b:blue;--font:var(--font-sans);--font-sans:x;--unused:var(--color-b)}}',
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    '@property --tw-rotate-x{syntax:"*";inherits:false}',
    '.a{color:var(--color-a);font-family:var(--font);box-shadow:var(--tw-shadow)}',
  ].join('');
  const out = withoutUnusedProperties(css);
  expect(out).toContain('--color-a:red');
  expect(out).toContain('--font:var(--font-sans)');
  expect(out).toContain('--font-sans:x');
  expect(out).toContain('@property --tw-shadow');
  expect(out).not.toContain('--color-b');
  expect(out).not.toContain('--unused');
  expect(out).not.toContain('--tw-rotate-x');
});

it('writes in the values of properties declared once on :root, and leaves every other variable as it is', () => {
  const css = [
    '@layer theme{:root{--spacing:.25rem;--color-a:oklch(58% .2 277);--font:var(--font-sans);--font-sans:x;--twice:1px;--reg:1px}}',
    '@media (prefers-color-scheme:dark){:root{--dim:0.5}}',
    '.b{--twice:2px}',
    '@property --reg{syntax:"*";inherits:false;initial-value:0px}',
    '.a{margin:calc(var(--spacing) * 4);color:color-mix(in oklab,var(--color-a) 30%,transparent);font-family:var(--font)}',
    '.c{width:var(--twice);height:var(--reg);opacity:var(--dim);line-height:var(--tw-leading,var(--spacing));border:var(--spacing, 1px) solid}',
  ].join('');
  const out = withThemeValues(css);
  expect(out).toContain('.a{margin:calc(.25rem * 4);color:color-mix(in oklab,oklch(58% .2 277) 30%,transparent);font-family:x}');
  // Declared twice, registered (may not inherit), under a media query, per element, or read with a fallback: kept.
  expect(out).toContain('.c{width:var(--twice);height:var(--reg);opacity:var(--dim);line-height:var(--tw-leading,.25rem);border:var(--spacing, 1px) solid}');
  // Unread now, the theme's declarations go in the next step.
  expect(withoutUnusedProperties(out)).not.toContain('--color-a');
  expect(withoutUnusedProperties(out)).toContain('--spacing:.25rem');
});

/** A browser's PerformanceObserver for 'paint', reduced to what the loader uses; `report` delivers entries by name. */
function fakePaintObserver() {
  const observers: { callback: PerformanceObserverCallback; connected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'navigation'];
    private entry: { callback: PerformanceObserverCallback; connected: boolean };
    constructor(callback: PerformanceObserverCallback) {
      this.entry = { callback, connected: false };
      observers.push(this.entry);
    }
    observe(options: PerformanceObserverInit) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      this.entry.connected = true;
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  (window as unknown as { PerformanceObserver: unknown }).PerformanceObserver = FakeObserver;
  const report = (...names: string[]) => {
    const list = { getEntriesByName: (name: string) => names.filter((entry) => entry === name).map((entry) => ({ name: entry })) };
    for (const observer of observers.filter((o) => o.connected)) observer.callback(list as unknown as PerformanceObserverEntryList, {} as PerformanceObserver);
  };
  return { report, connected: () => observers.filter((o) => o.connected).length };
}

describe('the loader', () => {
  function run(painted: boolean, tasks = false) {
    document.body.innerHTML = `<div id="root">${painted ? '<div>Some Day</div>' : ''}</div>`;
    if (tasks) document.documentElement.setAttribute('data-tasks-pending', '');
    document.head.querySelectorAll('script, link').forEach((element) => element.remove());
    const frames: FrameRequestCallback[] = [];
    jest.useFakeTimers();
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const body = /<script>([\s\S]*)<\/script>/.exec(entryLoader('/assets/index-abc.js', '/assets/index-xyz.css', ['/assets/rtk-def.js'], ['/assets/runtime-ghi.js']))![1]!;
    new Function(body)();
    const started = () => [...document.head.querySelectorAll('script')].map((script) => [script.type, script.getAttribute('src')]);
    const sheets = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    const preloads = () =>
      [...document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"][as="style"]')].map((link) => link.getAttribute('href'));
    const sheetLoaded = (type: 'load' | 'error' = 'load') => sheets()[0]!.dispatchEvent(new Event(type));
    return { frames, started, sheets, sheetLoaded, preloads };
  }
  afterEach(() => {
    delete (window as unknown as { PerformanceObserver?: unknown }).PerformanceObserver;
    document.documentElement.removeAttribute('data-tasks-pending');
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('starts the stylesheet at once where no first screen is painted, and the app once it has loaded, without the critical rules', () => {
    const { started, sheets, sheetLoaded } = run(false);
    document.head.insertAdjacentHTML('beforeend', '<style id="critical-css">.grid{display:grid}</style>');
    expect(sheets().map((link) => link.getAttribute('href'))).toEqual(['/assets/index-xyz.css']);
    expect(started()).toEqual([]);
    sheetLoaded();
    expect(started()).toEqual([['module', '/assets/index-abc.js']]);
    expect(document.getElementById('critical-css')).toBeNull();
  });

  it('where the browser does not report paints, starts the stylesheet and the modules after the frame that paints the first screen, once, and runs the app after the stylesheet', () => {
    const { frames, started, sheets, sheetLoaded, preloads } = run(true);
    expect(sheets()).toEqual([]);
    frames[0]!(0);
    expect(sheets()).toEqual([]);
    expect(preloads()).toEqual([]);
    jest.advanceTimersByTime(0);
    expect(sheets()).toHaveLength(1);
    expect(preloads()).toEqual(['/assets/index-xyz.css', '/assets/index-abc.js', '/assets/rtk-def.js']);
    expect(started()).toEqual([]);
    sheetLoaded();
    expect(started()).toEqual([['module', '/assets/index-abc.js']]);
    jest.advanceTimersByTime(1000);
    expect(sheets()).toHaveLength(1);
    expect(preloads()).toHaveLength(3);
    expect(started()).toHaveLength(1);
  });

  it('where the browser reports paints, starts once the first screen is shown (its first contentful paint), not at its frame callback', () => {
    const paints = fakePaintObserver();
    const { frames, started, sheets, sheetLoaded, preloads } = run(true);
    expect(frames).toEqual([]);
    expect(paints.connected()).toBe(1);
    paints.report('first-paint');
    jest.advanceTimersByTime(0);
    expect(sheets()).toEqual([]);
    expect(preloads()).toEqual([]);
    paints.report('first-paint', 'first-contentful-paint');
    expect(paints.connected()).toBe(0);
    expect(sheets()).toEqual([]);
    jest.advanceTimersByTime(0);
    expect(sheets()).toHaveLength(1);
    expect(preloads()).toEqual(['/assets/index-xyz.css', '/assets/index-abc.js', '/assets/rtk-def.js']);
    sheetLoaded();
    expect(started()).toEqual([['module', '/assets/index-abc.js']]);
    jest.advanceTimersByTime(1000);
    expect(sheets()).toHaveLength(1);
    expect(started()).toHaveLength(1);
  });

  it('where the browser reports paints but none comes (a background tab), starts by the timer', () => {
    fakePaintObserver();
    const { sheets } = run(true);
    jest.advanceTimersByTime(199);
    expect(sheets()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(sheets()).toHaveLength(1);
  });

  it('with stored tasks, fetches the stylesheet and the modules at once; applying the stylesheet and the app wait for the frame, not for it to be shown', () => {
    const paints = fakePaintObserver();
    const { frames, started, sheets, sheetLoaded, preloads } = run(true, true);
    expect(paints.connected()).toBe(0);
    expect(preloads()).toEqual(['/assets/index-xyz.css', '/assets/index-abc.js', '/assets/rtk-def.js']);
    expect(sheets()).toEqual([]);
    frames[0]!(0);
    jest.advanceTimersByTime(0);
    sheetLoaded();
    expect(preloads()).toHaveLength(3);
    expect(started()).toEqual([['module', '/assets/index-abc.js']]);
  });

  it('where series are stored, fetches the series code with the entry; elsewhere not at all', () => {
    localStorage.setItem('weekly-planner-series', '{"version":1,"series":[],"exceptions":[]}');
    try {
      expect(run(true, true).preloads()).toEqual(['/assets/index-xyz.css', '/assets/index-abc.js', '/assets/rtk-def.js', '/assets/runtime-ghi.js']);
    } finally {
      localStorage.removeItem('weekly-planner-series');
    }
    document.documentElement.removeAttribute('data-tasks-pending');
    expect(run(true, true).preloads()).not.toContain('/assets/runtime-ghi.js');
  });

  it('starts by the timer in a tab that gets no frames, and starts the app even if the stylesheet fails', () => {
    const { started, sheets, sheetLoaded } = run(true);
    jest.advanceTimersByTime(200);
    expect(sheets()).toHaveLength(1);
    sheetLoaded('error');
    expect(started()).toEqual([['module', '/assets/index-abc.js']]);
  });
});
