// The build's entry for the planner's first screen (scripts/firstScreen.ts): the app itself, rendered to HTML in
// Node from the state a visit hydrates it with (app/firstScreenState.ts). The caller sets the clock (today).
import { renderToString } from 'react-dom/server';
import { AppRoot } from './app/AppRoot';
import { firstScreenState } from './app/firstScreenState';
import { makeStore } from './app/store';
import type { Theme } from './features/theme/themeSlice';

/** The markup of #root for the planner at `/` today, in that theme, for a visitor whose tasks are not yet shown. */
export function renderFirstScreen(theme: Theme): string {
  const { store, persistor } = makeStore({ storage: () => undefined, tabLink: null, preloadedState: { theme } });
  const html = renderToString(<AppRoot store={store} persistor={persistor} serverState={firstScreenState(store.getState())} />);
  persistor.pause();
  return html;
}
