import { useSyncExternalStore, type ReactNode } from 'react';
import type { Persistor } from 'redux-persist';

/**
 * Renders its children once the persisted state has been read back, as redux-persist's own
 * PersistGate (with `loading={null}`) does; that one, a class with options the app does not use,
 * costs the first load ~0.8 kB brotli. A prerendered first screen is hydrated only once the state has
 * been read (main.tsx), so on the server and in hydration the gate is open.
 */
export function PersistGate({ persistor, children }: { persistor: Persistor; children: ReactNode }) {
  const bootstrapped = useSyncExternalStore(persistor.subscribe, () => persistor.getState().bootstrapped, () => true);
  return bootstrapped ? children : null;
}
