import { useStore } from '../state/store.ts';
import { useProgramState, useSession } from '../engine/engine-context.tsx';
import { formatDuration } from '../layout/units.ts';
import type { SessionState } from '../engine/program-session.ts';

/** The words of the status line for a session state. */
export function compileStatus(s: SessionState): string {
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  switch (s.phase) {
    case 'starting':
    case 'compiling':
      // A program compiled ahead (at build time) starts while esbuild itself is still starting.
      if (s.starting === 'database') return 'Loading the database engine (15 MB, once)…';
      if (s.starting === 'database-again') return 'Starting the database engine…';
      if (s.starting === 'program') return 'Starting the program…';
      return s.phase === 'starting' ? 'Starting the compiler…' : 'Compiling…';
    case 'ok':
      return `Compiled in ${formatDuration(s.durationMs ?? 0)}${s.diagnostics.length ? `, ${count(s.diagnostics.length, 'warning')}` : ''}`;
    case 'error':
      return `${count(s.diagnostics.filter((d) => d.severity === 'error').length, 'error')}${s.runningId ? ' — the last good program keeps running' : ''}`;
    case 'held':
      return `${count(s.heldErrors, 'type error')} in your edits — the last good program keeps running (Ctrl/Cmd+Enter runs this code anyway)`;
    case 'waiting':
      return `Waiting for your click: ${s.failure}`;
    case 'failed':
      return `Could not compile or run: ${s.failure}`;
  }
}

/** One line under the editor: compile result and what the program is doing. */
export function StatusLine() {
  const session = useSession();
  const state = useStore(session.store, (s) => s);
  const program = useProgramState();
  const bad = state.phase === 'error' || state.phase === 'failed';
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-x-4 border-t border-slate-200 px-3 py-1 text-xs dark:border-slate-700">
      <span
        role="status"
        data-testid="compile-status"
        data-phase={state.phase}
        data-bundle={state.runningId ?? ''}
        className={bad ? 'font-semibold text-red-700 dark:text-red-400' : ''}
      >
        {compileStatus(state)}
      </span>
      <span className={program.status === 'crashed' ? 'font-semibold text-red-700 dark:text-red-400' : ''}>
        Program: {program.status === 'crashed' ? 'crashed (see the console)' : program.status}
        {program.origins.length > 0 && ` on ${program.origins.join(', ')}`}
      </span>
    </div>
  );
}
