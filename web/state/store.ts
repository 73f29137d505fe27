import { useSyncExternalStore } from 'react';

/** A minimal observable value store: framework-free so logic modules can use and test it. */
export interface Store<T> {
  /** The current value. */
  get: () => T;
  /** Merges a partial update and notifies the listeners. */
  set: (next: Partial<T> | ((current: T) => Partial<T>)) => void;
  /** Calls `listener` after every change; returns the function that stops it. */
  subscribe: (listener: () => void) => () => void;
}

/** Creates a store holding an object; `set` merges a partial update and notifies listeners. */
export function createStore<T extends object>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const patch = typeof next === 'function' ? next(value) : next;
      value = { ...value, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Subscribes a component to a store and returns the selected slice. */
export function useStore<T extends object, S>(store: Store<T>, select: (value: T) => S): S {
  const snapshot = () => select(store.get());
  // The same snapshot when rendered to a string (tests render components with react-dom/server).
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}
