import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { App } from '../../src/App';
import { makeStore } from '../../src/app/store';
import { MemoryStorage } from '../unit/memoryStorage';

/** The app as main.tsx mounts it (the real store, no router around it), at `path`. */
export function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  const { store } = makeStore({ storage: () => new MemoryStorage() });
  const view = render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  return { store, ...view };
}
