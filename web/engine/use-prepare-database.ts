import { useEffect } from 'react';
import { useEngine } from './engine-context.tsx';
import { importsPgService } from './imports-pg-service.ts';
import type { Files } from '../state/files-store.ts';

/**
 * While a lesson (or an exercise) whose solution uses PgService is open, PGlite and a new database's seed load in
 * the background and the lesson's database opens in a spare, so the learner's first run of such code does not wait
 * for them; leaving lets go of them. Another such lesson (`id`) prepares its own database (each workspace has its own).
 */
export function usePrepareDatabase(solution: Files | undefined, id: string | undefined): void {
  const engine = useEngine();
  const wanted = solution !== undefined && importsPgService(solution);
  useEffect(() => (wanted ? engine.prepareDatabase() : undefined), [engine, wanted, id]);
}
