/**
 * `load` wrapped so each key loads once and every caller shares its promise; a failed load is forgotten,
 * so the next call tries again (after the network came back, say).
 */
export function loadedOnce<Key, Value>(load: (key: Key) => Promise<Value>): (key: Key) => Promise<Value> {
  const loads = new Map<Key, Promise<Value>>();
  return (key) => {
    let loading = loads.get(key);
    if (!loading) {
      loading = load(key);
      const mine = loading;
      mine.catch(() => loads.get(key) === mine && loads.delete(key));
      loads.set(key, mine);
    }
    return loading;
  };
}
