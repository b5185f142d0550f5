import { applyTheme } from '../../src/features/theme/themeListeners';
import { initialTheme, selectTheme, themeSet, themeToggled } from '../../src/features/theme/themeSlice';
import { MemoryStorage, startStore } from './memoryStorage';

// jsdom has no colour-scheme preference; each test says what the system prefers.
function systemPrefers(scheme: 'dark' | 'light') {
  window.matchMedia = jest.fn((query: string) => ({
    matches: query === '(prefers-color-scheme: dark)' && scheme === 'dark',
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

const root = document.documentElement;
const originalMatchMedia = window.matchMedia;

beforeEach(() => {
  localStorage.clear();
  root.className = '';
});
afterEach(() => {
  window.matchMedia = originalMatchMedia;
  jest.restoreAllMocks();
});

describe('initialTheme', () => {
  it.each(['light', 'dark'] as const)('uses the stored %s choice over the system preference', (stored) => {
    systemPrefers(stored === 'dark' ? 'light' : 'dark');
    localStorage.setItem('theme', stored);
    expect(initialTheme()).toBe(stored);
  });

  it.each(['light', 'dark'] as const)('follows a system preference for %s when nothing is stored', (scheme) => {
    systemPrefers(scheme);
    expect(initialTheme()).toBe(scheme);
  });

  it('ignores a stored value that is not a theme', () => {
    systemPrefers('dark');
    localStorage.setItem('theme', 'purple');
    expect(initialTheme()).toBe('dark');
  });

  it('falls back to the system when storage cannot be read', () => {
    systemPrefers('dark');
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(initialTheme()).toBe('dark');
  });
});

describe('in the store', () => {
  it('starts from the stored choice', async () => {
    systemPrefers('light');
    localStorage.setItem('theme', 'dark');
    const { store } = await startStore(new MemoryStorage());
    expect(selectTheme(store.getState())).toBe('dark');
  });

  it('themeToggled applies the class on the document root and stores the choice', async () => {
    systemPrefers('light');
    const { store } = await startStore(new MemoryStorage());
    expect(selectTheme(store.getState())).toBe('light');

    store.dispatch(themeToggled());
    expect(selectTheme(store.getState())).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.classList.contains('light')).toBe(false);
    expect(localStorage.getItem('theme')).toBe('dark');

    store.dispatch(themeToggled());
    expect(root.classList.contains('light')).toBe(true);
    expect(root.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('themeSet applies and stores an explicit choice', async () => {
    systemPrefers('light');
    const { store } = await startStore(new MemoryStorage());
    store.dispatch(themeSet('dark'));
    expect(root.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('keeps toggling when storing the choice fails', async () => {
    systemPrefers('light');
    const { store } = await startStore(new MemoryStorage());
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => store.dispatch(themeToggled())).not.toThrow();
    expect(root.classList.contains('dark')).toBe(true);
  });

  it('leaves other classes on the root alone', () => {
    root.classList.add('keep-me');
    applyTheme('dark');
    applyTheme('light');
    expect([...root.classList].sort()).toEqual(['keep-me', 'light']);
    expect(root.style.colorScheme).toBe('light');
  });
});
