import { startApp } from './app/startApp';
import { makeStore } from './app/store';
import { registerServiceWorker } from './lib/serviceWorker';
import './index.css';

// A build without analytics has no key, and then not this import: its code stays off the first load either way.
if (import.meta.env.VITE_POSTHOG_KEY) void import('./lib/analytics').then(({ initAnalytics }) => initAnalytics());
const { store, persistor } = makeStore();
// The bench build (npm run bench) drives the real store; other builds drop this line.
if (import.meta.env.VITE_EXPOSE_STORE === '1') Object.assign(window, { __plannerStore: store, __plannerPersistor: persistor });

// Throttled writes must not be lost when the tab closes, nor when a phone puts it away unannounced.
addEventListener('pagehide', () => void persistor.flush());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') void persistor.flush();
});

// Offline start and installation; not in `npm run dev`, where a cached shell would hide edits.
if (import.meta.env.PROD) registerServiceWorker();

startApp(document.getElementById('root')!, store, persistor);
