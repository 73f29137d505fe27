import { useEffect, useRef } from 'react';
import type { editor } from 'monaco-editor';
import { monaco } from './monaco-setup.ts';
import { fileModels, fileOfUri } from './file-models.ts';
import { MARKER_OWNERS, mergeProblems, type Problem, type ProblemSource, type ProblemsPart } from './problems-store.ts';
import { useFiles } from '../state/files-store.ts';
import { useStore } from '../state/store.ts';
import { useSession } from '../engine/engine-context.tsx';
import { entryLocation, useConsole } from './console-store.ts';

const SOURCE_BY_OWNER = Object.fromEntries(Object.entries(MARKER_OWNERS).map(([s, o]) => [o, s])) as Record<string, ProblemSource>;

function toMarker(p: Omit<Problem, 'source'>): editor.IMarkerData {
  return {
    severity: p.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
    startLineNumber: p.line,
    startColumn: p.column,
    endLineNumber: p.line,
    // esbuild reports a point; underline to the end of the word (Monaco clamps past the line).
    endColumn: p.column + 1,
    message: p.message,
  };
}

/** Puts `problems` on the models of their files; a file with none of this owner's is cleared. */
function setOwnerMarkers(owner: string, problems: Omit<Problem, 'source'>[]): void {
  for (const [file, model] of fileModels())
    monaco.editor.setModelMarkers(model, owner, problems.filter((p) => p.file === file).map(toMarker));
}

/** Mirrors every marker of the learner's files (compile, type check, runtime) into the problems list. */
export function syncProblems({ problemsStore }: ProblemsPart): void {
  problemsStore.set({
    problems: mergeProblems(
      monaco.editor
        .getModelMarkers({})
        .filter((m) => m.severity >= monaco.MarkerSeverity.Warning)
        .flatMap((m): Problem[] => {
          const file = fileOfUri(m.resource);
          if (file === null) return [];
          const problem: Problem = {
            source: SOURCE_BY_OWNER[m.owner] ?? 'types',
            severity: m.severity === monaco.MarkerSeverity.Error ? 'error' : 'warning',
            file,
            line: m.startLineNumber,
            column: m.startColumn,
            message: m.message,
          };
          // A missing `}` is reported at the end of the file; the type checker also names the `{` it matches,
          // which is where the learner has to look.
          const related = (m.relatedInformation ?? [])
            .filter((r) => fileOfUri(r.resource) === file)
            .map((r) => ({ ...problem, line: r.startLineNumber, column: r.startColumn, message: `${m.message} ${r.message}` }));
          return [...related, problem];
        }),
    ),
  });
}

/** Keeps the compile errors of the last build and the runtime errors of the running program marked in the learner's files. */
export function useEditorMarkers(): void {
  const { filesStore } = useFiles();
  const { consoleStore } = useConsole();
  const session = useSession();
  // The file tree lists the same files: one more or one less re-marks them.
  const names = useStore(filesStore, (s) => Object.keys(s.files).join('\n'));
  const diagnostics = useStore(session.store, (s) => s.diagnostics);
  const entries = useStore(consoleStore, (s) => s.entries);

  useEffect(() => {
    setOwnerMarkers(MARKER_OWNERS.compile, diagnostics);
  }, [diagnostics, names]);

  // Runtime errors belong to the program that threw them; a new program starts clean.
  const runStartedAt = useStore(session.store, (s) => s.runStartedAt);
  const lastRuntimeMarkers = useRef('');
  useEffect(() => {
    const files = Object.keys(filesStore.get().files);
    const runtimeErrors = entries.flatMap((e) => {
      const location = e.level === 'error' && e.time >= runStartedAt ? entryLocation(e, files) : null;
      return location ? [{ severity: 'error' as const, message: e.text, ...location }] : [];
    });
    // Console output arrives in batches; markers (and the problems list) change only when errors do.
    const key = JSON.stringify([runtimeErrors, names]);
    if (key === lastRuntimeMarkers.current) return;
    lastRuntimeMarkers.current = key;
    setOwnerMarkers(MARKER_OWNERS.runtime, runtimeErrors);
  }, [entries, runStartedAt, names, filesStore]);
}
