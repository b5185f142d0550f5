// Imported by the generated service worker (vite.config.ts, workbox.importScripts).
// The API never goes through the worker: with these static routes (Chromium 123+) the browser sends
// requests to the backend's paths straight to the network without starting the worker or dispatching
// a fetch event, so a live edit never waits for the worker to wake. Browsers without static routing
// still reach the network: the worker's fetch handler answers only precached files and navigations
// outside these paths.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  const paths = ['/auth/v1/*', '/rest/v1/*', '/functions/v1/*', '/realtime/v1/*', '/billing/*', '/config.json'];
  // A rejected route (an older engine that knows addRoutes but not a condition) must not fail the install.
  event.addRoutes(paths.map((pathname) => ({ condition: { urlPattern: { pathname } }, source: 'network' }))).catch(() => {});
});
