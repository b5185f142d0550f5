import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { App } from '../App';
import { PersistGate } from './PersistGate';
import type { AppStore, RootState } from './store';

export interface AppRootProps {
  store: AppStore;
  persistor: Persistor;
  /** The state the markup being hydrated was rendered from (firstScreenState); react-redux renders it first. */
  serverState?: RootState;
}

/** The whole app: what main.tsx renders or hydrates and what the build prerenders (src/prerender.tsx). */
export function AppRoot({ store, persistor, serverState }: AppRootProps) {
  return (
    <StrictMode>
      <Provider store={store} serverState={serverState}>
        <PersistGate persistor={persistor}>
          <App />
        </PersistGate>
      </Provider>
    </StrictMode>
  );
}
