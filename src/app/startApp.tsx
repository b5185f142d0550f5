import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Persistor } from 'redux-persist';
import { takeHeldInput } from '../features/planner/heldInput';
import { AppRoot } from './AppRoot';
import { firstScreenState } from './firstScreenState';
import type { AppStore } from './store';

function whenBootstrapped(persistor: Persistor, run: () => void): void {
  if (persistor.getState().bootstrapped) return run();
  const stop = persistor.subscribe(() => {
    if (!persistor.getState().bootstrapped) return;
    stop();
    run();
  });
}

/**
 * Renders the app into `container`. Where index.html painted the planner's first screen (scripts/firstScreen.ts),
 * React takes over that markup: it was rendered from firstScreenState, so hydration renders that first, once the
 * stored tasks have been read; they and the account follow as an ordinary update. A mismatch would be a bug: React
 * then renders the page afresh, and this says so.
 */
export function startApp(container: HTMLElement, store: AppStore, persistor: Persistor): void {
  if (!container.firstChild) {
    createRoot(container).render(<AppRoot store={store} persistor={persistor} />);
    return;
  }
  whenBootstrapped(persistor, () => {
    takeHeldInput();
    hydrateRoot(container, <AppRoot store={store} persistor={persistor} serverState={firstScreenState(store.getState())} />, {
      onRecoverableError: (error) => console.error('The first screen did not hydrate:', error),
    });
  });
}
