import { createContext, useContext, type ReactNode } from 'react';

// One context for the whole playground state; each feature reads its own part through a hook made by
// `stateHook`, so no feature imports the module that builds the state (web/playground-state.ts).
const PlaygroundStateContext = createContext<Readonly<Record<string, unknown>> | null>(null);

/** Hands the playground state (built once by `createPlaygroundState`) to every component below. */
export function PlaygroundStateProvider({ state, children }: { state: object; children: ReactNode }) {
  return <PlaygroundStateContext.Provider value={state as Record<string, unknown>}>{children}</PlaygroundStateContext.Provider>;
}

/** A hook returning the part `name` of the playground state, typed as the feature that owns it declares. */
export function stateHook<T>(name: string): () => T {
  return function usePlaygroundStatePart(): T {
    const state = useContext(PlaygroundStateContext);
    if (!state || !(name in state)) throw new Error(`PlaygroundStateProvider with "${name}" is missing above this component.`);
    return state[name] as T;
  };
}
