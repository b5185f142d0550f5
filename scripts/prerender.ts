// Build step: the app's first screen rendered in Node (src/prerender.tsx, through a Vite server in SSR mode) under a
// jsdom window, as the browser would run it up to its first render. Nothing in that render may depend on the window
// beyond what every visit shares: the visit's own differences (today, theme, the visitor's tasks and account) are
// the template's slots and hunks (firstScreen.ts) or come after hydration.
import { JSDOM } from 'jsdom';
import { createServer } from 'vite';
import { atTime } from './firstScreen.ts';

export type RenderAt = (now: Date, theme: 'light' | 'dark') => string;

/** A window for the render: jsdom's, as a desktop with a mouse (drag and drop then waits for a first intent). */
function installWindow(): () => void {
  const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', { url: 'http://localhost/', pretendToBeVisual: true });
  dom.window.matchMedia = ((query: string) => ({ matches: /hover: hover|pointer: fine/.test(query), addEventListener() {}, removeEventListener() {} })) as never;
  const added: string[] = [];
  for (const key of Object.getOwnPropertyNames(dom.window)) {
    if (key in globalThis) continue;
    const descriptor = Object.getOwnPropertyDescriptor(dom.window, key);
    if (!descriptor) continue;
    Object.defineProperty(globalThis, key, { ...descriptor, configurable: true });
    added.push(key);
  }
  return () => {
    for (const key of added) delete (globalThis as Record<string, unknown>)[key];
    dom.window.close();
  };
}

/** Runs `run` with a renderer of the first screen at a given time and theme. */
export async function withFirstScreenRenderer<T>(root: string, run: (render: RenderAt) => T): Promise<T> {
  const server = await createServer({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const restore = installWindow();
  try {
    const { renderFirstScreen } = (await server.ssrLoadModule('/src/prerender.tsx')) as typeof import('../src/prerender');
    const result = run((now, theme) => atTime(now, () => renderFirstScreen(theme)));
    // The stores' own start-up (reading no storage) settles before the window goes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return result;
  } finally {
    restore();
    await server.close();
  }
}
