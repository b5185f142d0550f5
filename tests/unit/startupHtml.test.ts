import type { IndexHtmlTransformContext } from 'vite';
import { entryLoader, startupHtml } from '../../scripts/startupHtml';

// The build's index.html: the stylesheet inline, the entry preloaded and started by the loader.

const BUILT = `<html><head>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/rtk-def.js">
<link rel="stylesheet" crossorigin href="/assets/index-xyz.css">
</head><body><div id="planner-shell"></div><div id="root"></div></body></html>`;

function transform(html: string) {
  // The handler uses no plugin context.
  const hook = startupHtml().transformIndexHtml as unknown as { handler: (html: string, ctx: IndexHtmlTransformContext) => string };
  const bundle = { 'assets/index-xyz.css': { type: 'asset', fileName: 'assets/index-xyz.css', source: '.grid{display:grid}' } };
  return hook.handler(html, { bundle } as unknown as IndexHtmlTransformContext);
}

it('inlines the stylesheet and turns the entry script into a preload started by the loader', () => {
  const out = transform(BUILT);
  expect(out).toContain('<style>.grid{display:grid}</style>');
  expect(out).not.toContain('rel="stylesheet"');
  expect(out).not.toContain('<script type="module"');
  expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc.js">');
  expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/rtk-def.js">');
  expect(out.indexOf(entryLoader('/assets/index-abc.js'))).toBeGreaterThan(out.indexOf('<div id="root">'));
});

it('fails the build rather than ship a page that never starts', () => {
  expect(() => transform('<html><body></body></html>')).toThrow(/no entry script/);
});

describe('the loader', () => {
  function run(withShell: boolean) {
    document.body.innerHTML = withShell ? '<div id="planner-shell"></div>' : '';
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    const frames: FrameRequestCallback[] = [];
    jest.useFakeTimers();
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const body = /<script>([\s\S]*)<\/script>/.exec(entryLoader('/assets/index-abc.js'))![1]!;
    new Function(body)();
    const started = () => [...document.head.querySelectorAll('script')].map((script) => [script.type, script.getAttribute('src')]);
    return { frames, started };
  }
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('starts the app at once where there is no shell', () => {
    const { started } = run(false);
    expect(started()).toEqual([['module', '/assets/index-abc.js']]);
  });

  it('starts the app after the frame that paints the shell, once', () => {
    const { frames, started } = run(true);
    expect(started()).toEqual([]);
    frames[0]!(0);
    expect(started()).toEqual([]);
    jest.advanceTimersByTime(0);
    expect(started()).toEqual([['module', '/assets/index-abc.js']]);
    jest.advanceTimersByTime(1000);
    expect(started()).toHaveLength(1);
  });

  it('starts the app by the timer in a tab that gets no frames', () => {
    const { started } = run(true);
    jest.advanceTimersByTime(200);
    expect(started()).toEqual([['module', '/assets/index-abc.js']]);
  });
});
