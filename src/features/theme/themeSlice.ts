import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type Theme = 'light' | 'dark';
export const THEME_KEY = 'theme';

/** The stored choice, else the system colour-scheme preference. */
export function initialTheme(): Theme {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // Storage unavailable: fall through to the system preference.
  }
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

const themeSlice = createSlice({
  name: 'theme',
  initialState: initialTheme,
  reducers: {
    themeToggled: (state: Theme) => (state === 'dark' ? 'light' : 'dark'),
    themeSet: (_state: Theme, action: PayloadAction<Theme>) => action.payload,
  },
  selectors: {
    selectTheme: (state: Theme) => state,
  },
});

export const { themeToggled, themeSet } = themeSlice.actions;
export const { selectTheme } = themeSlice.selectors;
export const themeReducer = themeSlice.reducer;
