/**
 * An embed shows someone's example inside a blog post: it must never overwrite the learner's saved
 * code or settings on this origin. Its page keeps its state in this in-memory copy of `real` instead
 * (seeded from it, so theme and other preferences still apply).
 */
export function embedStorage(real: Storage | undefined): Storage {
  const memory = new Map<string, string>();
  try {
    for (let i = 0; i < (real?.length ?? 0); i++) {
      const key = real!.key(i);
      if (key !== null) memory.set(key, real!.getItem(key) ?? '');
    }
  } catch {
    // Storage blocked (third-party iframe settings): start empty.
  }
  return {
    get length() {
      return memory.size;
    },
    clear: () => memory.clear(),
    getItem: (key) => memory.get(key) ?? null,
    key: (index) => [...memory.keys()][index] ?? null,
    removeItem: (key) => void memory.delete(key),
    setItem: (key, value) => void memory.set(key, String(value)),
  };
}
