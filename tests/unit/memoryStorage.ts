import { makeStore } from '../../src/app/store';

/** An in-memory Web Storage: what the tests hand to makeStore instead of the browser's localStorage. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  /** Every setItem call, including refused ones. */
  readonly writes: Array<[string, string]> = [];

  constructor(initial: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(initial)) this.items.set(key, value);
  }

  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.writes.push([key, value]);
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
  keys(): string[] {
    return [...this.items.keys()].sort();
  }
}

/** A storage that is full: every write throws as a browser does when the quota is exceeded. */
export class FullStorage extends MemoryStorage {
  override setItem(key: string, value: string): void {
    this.writes.push([key, value]);
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
}

/** A storage that refuses to be read, as some private modes do. */
export class UnreadableStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
}

/** The real store on the given storage, once redux-persist has rehydrated it. */
export async function startStore(storage: Storage) {
  const made = makeStore({ storage: () => storage });
  await new Promise<void>((resolve) => {
    const unsubscribe = made.persistor.subscribe(() => {
      if (made.persistor.getState().bootstrapped) {
        unsubscribe();
        resolve();
      }
    });
    if (made.persistor.getState().bootstrapped) resolve();
  });
  return made;
}

/** Longer than the persist throttle, so a throttled write has happened. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
