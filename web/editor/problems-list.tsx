import { useStore } from '../state/store.ts';
import { useFiles } from '../state/files-store.ts';
import { revealInEditor } from './editor-bridge.ts';
import { type ProblemSource, useProblems } from './problems-store.ts';

const SOURCE_LABELS: Record<ProblemSource, string> = { compile: 'compile', types: 'types', runtime: 'runtime' };

/** Every problem in the learner's code; choosing one moves the editor to its line. */
export function ProblemsList() {
  const { problemsStore } = useProblems();
  const filesPart = useFiles();
  const problems = useStore(problemsStore, (s) => s.problems);
  if (problems.length === 0) return <p className="p-2 text-sm text-slate-700 dark:text-slate-300">No problems.</p>;
  return (
    <ul aria-label="Problems" className="font-mono text-xs">
      {problems.map((p, i) => (
        <li key={i}>
          <button
            type="button"
            className="line-link flex w-full gap-2 px-2 py-0.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
            onClick={() => revealInEditor(filesPart, p.line, p.column, p.file)}
          >
            <span className={p.severity === 'error' ? 'text-red-700 dark:text-red-400' : 'text-amber-800 dark:text-amber-300'}>
              {p.severity === 'error' ? '✖' : '⚠'}
            </span>
            <span className="shrink-0">
              {p.file}:{p.line}:{p.column}
            </span>
            <span className="flex-1 whitespace-pre-wrap">{p.message}</span>
            <span className="shrink-0 text-slate-600 dark:text-slate-400">{SOURCE_LABELS[p.source]}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
