import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { RouterNavigation } from '../../src/app/RouterNavigation';
import { makeStore, type StoreOptions } from '../../src/app/store';

import { MemoryStorage } from '../unit/memoryStorage';

export interface ProvidersOptions extends Omit<StoreOptions, 'storage'>, Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** Where the store persists tasks; a fresh empty MemoryStorage by default. */
  storage?: Storage;
  /** The router's starting path. */
  route?: string;
  /** Options for user-event (e.g. advanceTimers when a test fakes timers). */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

/**
 * Renders `ui` inside the real store (made fresh by makeStore) and a MemoryRouter, which is also the app's
 * navigation seam (as in RoutedApp).
 * Stored tasks arrive with redux-persist's rehydration, a tick after the first render:
 * tests that seed `storage` should wait with findBy* before acting.
 */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}) {
  const { storage = new MemoryStorage(), route = '/', userOptions, preloadedState, backend, uploads, ...renderOptions } = options;
  const { store, persistor, startAppListening } = makeStore({ storage: () => storage, preloadedState, backend, uploads });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>
        <RouterNavigation>{children}</RouterNavigation>
      </MemoryRouter>
    </Provider>
  );
  const user = userEvent.setup(userOptions);
  return { store, persistor, startAppListening, storage, user, ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}
