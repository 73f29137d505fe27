import { useState } from 'react';
import { useSession } from '../../engine/engine-context.tsx';
import { useStore } from '../../state/store.ts';

/**
 * Whether the response shown came from a program that no longer runs: once another program runs, its answer
 * describes code that is gone.
 */
export function useStaleResponse(pending: boolean, hasResponse: boolean): boolean {
  const session = useSession();
  const running = useStore(session.store, (s) => s.runningId);
  // The program a request went to.
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Set while rendering, when a send starts (React's pattern for state that follows a prop), not in an effect.
  const [wasPending, setWasPending] = useState(false);
  if (pending !== wasPending) {
    setWasPending(pending);
    if (pending) setSentTo(running);
  }
  return hasResponse && !pending && sentTo !== null && running !== null && running !== sentTo;
}
