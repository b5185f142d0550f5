import type { AppStartListening } from '../../app/listenerMiddleware';
import { THEME_KEY, themeSet, themeToggled, type Theme } from './themeSlice';

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
}

/** Persists an explicit choice and applies it to the document root. */
export function addThemeListeners(startAppListening: AppStartListening) {
  return startAppListening({
    matcher: (action) => themeToggled.match(action) || themeSet.match(action),
    effect: (_action, api) => {
      const theme = api.getState().theme;
      applyTheme(theme);
      try {
        localStorage.setItem(THEME_KEY, theme);
      } catch {
        // Storage write failures are ignored (spec §8).
      }
    },
  });
}
