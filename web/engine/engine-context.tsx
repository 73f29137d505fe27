import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { PlaygroundEngine, ProgramState } from '../../runtime/contract/engine-api.ts';
import type { ProgramSession } from './program-session.ts';

interface EngineValue {
  engine: PlaygroundEngine;
  session: ProgramSession;
}

const EngineContext = createContext<EngineValue | null>(null);

/** Makes the engine and the compile-and-run session available to every pane. */
export function EngineProvider({ engine, session, children }: EngineValue & { children: ReactNode }) {
  return <EngineContext.Provider value={{ engine, session }}>{children}</EngineContext.Provider>;
}

function useEngineValue(): EngineValue {
  const value = useContext(EngineContext);
  if (!value) throw new Error('EngineProvider is missing above this component.');
  return value;
}

/** The playground engine. */
export function useEngine(): PlaygroundEngine {
  return useEngineValue().engine;
}

/** The compile-and-run session. */
export function useSession(): ProgramSession {
  return useEngineValue().session;
}

/** The running program's state (status and the origins it serves). */
export function useProgramState(): ProgramState {
  const engine = useEngine();
  const subscribe = useCallback((listener: () => void) => engine.onState(listener), [engine]);
  return useSyncExternalStore(subscribe, () => engine.state);
}
