import { isEmbedUrl } from './embed-flag.ts';

/**
 * An embed shows someone's example inside a blog post: it must never overwrite the learner's saved
 * code or settings on this origin. Imported before any store, it gives an embedded page an in-memory
 * localStorage seeded from the real one (so theme and other preferences still apply).
 */
function isolateStorage(): void {
  const real = window.localStorage;
  const memory = new Map<string, string>();
  try {
    for (let i = 0; i < real.length; i++) {
      const key = real.key(i);
      if (key !== null) memory.set(key, real.getItem(key) ?? '');
    }
  } catch {
    // Storage blocked (third-party iframe settings): start empty.
  }
  const storage: Storage = {
    get length() {
      return memory.size;
    },
    clear: () => memory.clear(),
    getItem: (key) => memory.get(key) ?? null,
    key: (index) => [...memory.keys()][index] ?? null,
    removeItem: (key) => void memory.delete(key),
    setItem: (key, value) => void memory.set(key, String(value)),
  };
  // An own property on window shadows the prototype's getter for every later `localStorage` read.
  Object.defineProperty(window, 'localStorage', { value: storage, configurable: true });
}

if (typeof window !== 'undefined' && isEmbedUrl(location.href)) isolateStorage();
