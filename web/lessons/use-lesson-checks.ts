import { useEffect } from 'react';
import { useEngine, useSession } from '../engine/engine-context.tsx';
import { useLessonChecksState } from './lesson-checks.ts';

/** Keeps the open lesson's checks running after every good build, whether or not the lesson pane is shown. */
export function useLessonChecks(): void {
  const { connectLessonChecks } = useLessonChecksState();
  const engine = useEngine();
  const session = useSession();
  useEffect(() => connectLessonChecks(engine, session), [connectLessonChecks, engine, session]);
}
