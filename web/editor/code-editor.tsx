import { useEffect, useRef } from 'react';
import Editor from '@monaco-editor/react';
import type { editor } from 'monaco-editor';
import { editorTheme, monaco, sharedEditorOptions } from './monaco-setup.ts';
import { attachEditor, fileShown } from './editor-bridge.ts';
import { connectFileModels, fileModels, fileOfUri, fileUri, modelOf } from './file-models.ts';
import { useApiPanel } from '../api/api-panel-store.ts';
import { MARKER_OWNERS, mergeProblems, type Problem, type ProblemSource, type ProblemsPart, useProblems } from './problems-store.ts';
import { useFiles } from '../state/files-store.ts';
import { useLayout } from '../state/layout-store.ts';
import { useStore } from '../state/store.ts';
import { useResolvedTheme } from '../layout/theme.ts';
import { useSession } from '../engine/engine-context.tsx';
import { entryLocation, useConsole } from './console-store.ts';
import { editorTypeErrors } from './type-errors.ts';
import { registerApiHover } from './api-hover.ts';

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
function syncProblems({ problemsStore }: ProblemsPart): void {
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

/**
 * The learner's files and the Monaco editor of the open one, with compile and runtime markers and Ctrl/Cmd+Enter
 * to run; `onMount` is told when the editor is there (it replaces the code shown before it).
 */
export function CodeEditor({ onMount }: { onMount?: (instance: editor.IStandaloneCodeEditor) => void }) {
  const files = useFiles();
  const { activeFile, filesStore } = files;
  // Before the editor renders: it opens the model of the shown file (connecting again does nothing).
  connectFileModels(files);
  const problems = useProblems();
  const { openApiReference } = useApiPanel();
  const { layoutStore } = useLayout();
  const { consoleStore } = useConsole();
  const session = useSession();
  const file = useStore(filesStore, activeFile);
  // The file tree lists the same files: one more or one less re-marks them.
  const names = useStore(filesStore, (s) => Object.keys(s.files).join('\n'));
  const diagnostics = useStore(session.store, (s) => s.diagnostics);
  const entries = useStore(consoleStore, (s) => s.entries);
  const largeText = useStore(layoutStore, (s) => s.largeText);
  const theme = useResolvedTheme();

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

  useEffect(() => {
    const subscription = monaco.editor.onDidChangeMarkers(() => syncProblems(problems));
    return () => {
      session.setTypeErrorCheck(null);
      subscription.dispose();
      attachEditor(null);
    };
  }, [session, problems]);

  // The file Monaco shows, once it shows it: the file tree's choice reaches the editor a moment later.
  const frame = useRef<HTMLDivElement>(null);
  return (
    <div ref={frame} className="h-full min-h-0">
      <Editor
        // The models exist already (file-models.ts): the editor switches between them and keeps each one's view state.
        path={fileUri(file)}
        defaultValue={modelOf(file)?.getValue() ?? ''}
        keepCurrentModel
        theme={editorTheme(theme)}
        // The code is shown without Monaco until it mounts (code-placeholder.tsx).
        loading={null}
        onMount={(instance) => {
          attachEditor(instance);
          registerApiHover(openApiReference);
          const markShown = (file: string) => frame.current?.setAttribute('data-shown-file', file);
          const first = instance.getModel();
          const firstFile = first && fileOfUri(first.uri);
          if (firstFile) markShown(firstFile);
          instance.onDidChangeModel(({ newModelUrl }) => {
            const shown = newModelUrl && fileOfUri(newModelUrl);
            if (shown) markShown(shown);
            // After this task: the editor restores the file's last view state right after switching models.
            if (shown) queueMicrotask(() => fileShown(shown));
          });
          // Here, not on first render: the check needs the models, which exist once the editor mounted.
          session.setTypeErrorCheck(editorTypeErrors);
          instance.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => void session.compileNow(filesStore.get().files));
          syncProblems(problems);
          onMount?.(instance);
        }}
        options={{
          ...sharedEditorOptions(`Program editor, ${file}.`, largeText),
          // Faded unused code falls below AA contrast; the hint stays in the hover.
          showUnused: false,
        }}
      />
    </div>
  );
}
