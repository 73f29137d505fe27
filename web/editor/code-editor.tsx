import { useEffect, useRef } from 'react';
import Editor from '@monaco-editor/react';
import type { editor } from 'monaco-editor';
import { editorTheme, MODEL_URI, monaco } from './monaco-setup.ts';
import { attachEditor } from './editor-bridge.ts';
import { MARKER_OWNERS, mergeProblems, problemsStore, type Problem, type ProblemSource } from './problems-store.ts';
import { ENTRY_FILE, filesStore, setFile } from '../state/files-store.ts';
import { layoutStore } from '../state/layout-store.ts';
import { useStore } from '../state/store.ts';
import { useResolvedTheme } from '../layout/theme.ts';
import { useSession } from '../engine/engine-context.tsx';
import { consoleStore, entryLocation } from '../console/console-store.ts';
import { editorTypeErrors } from './type-errors.ts';
import { registerApiHover } from './api-hover.ts';

const SOURCE_BY_OWNER = Object.fromEntries(Object.entries(MARKER_OWNERS).map(([s, o]) => [o, s])) as Record<
  string,
  ProblemSource
>;

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

function setOwnerMarkers(owner: string, problems: Omit<Problem, 'source'>[]): void {
  const model = monaco.editor.getModel(monaco.Uri.parse(MODEL_URI));
  if (model) monaco.editor.setModelMarkers(model, owner, problems.filter((p) => p.file === ENTRY_FILE).map(toMarker));
}

/** Mirrors every marker of the model (compile, type check, runtime) into the problems list. */
function syncProblems(): void {
  const markers = monaco.editor.getModelMarkers({ resource: monaco.Uri.parse(MODEL_URI) });
  problemsStore.set({
    problems: mergeProblems(
      markers
        .filter((m) => m.severity >= monaco.MarkerSeverity.Warning)
        .flatMap((m): Problem[] => {
          const problem: Problem = {
            source: SOURCE_BY_OWNER[m.owner] ?? 'types',
            severity: m.severity === monaco.MarkerSeverity.Error ? 'error' : 'warning',
            file: ENTRY_FILE,
            line: m.startLineNumber,
            column: m.startColumn,
            message: m.message,
          };
          // A missing `}` is reported at the end of the file; the type checker also names the `{` it matches,
          // which is where the learner has to look.
          const related = (m.relatedInformation ?? [])
            .filter((r) => r.resource.toString() === MODEL_URI)
            .map((r) => ({ ...problem, line: r.startLineNumber, column: r.startColumn, message: `${m.message} ${r.message}` }));
          return [...related, problem];
        }),
    ),
  });
}

/** The Monaco editor for `main.ts`, with compile and runtime markers and Ctrl/Cmd+Enter to run. */
export function CodeEditor() {
  const session = useSession();
  const source = useStore(filesStore, (s) => s.files[ENTRY_FILE] ?? '');
  const diagnostics = useStore(session.store, (s) => s.diagnostics);
  const entries = useStore(consoleStore, (s) => s.entries);
  const largeText = useStore(layoutStore, (s) => s.largeText);
  const theme = useResolvedTheme();

  useEffect(() => {
    setOwnerMarkers(MARKER_OWNERS.compile, diagnostics);
  }, [diagnostics]);

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
    const key = JSON.stringify(runtimeErrors);
    if (key === lastRuntimeMarkers.current) return;
    lastRuntimeMarkers.current = key;
    setOwnerMarkers(MARKER_OWNERS.runtime, runtimeErrors);
  }, [entries, runStartedAt]);

  useEffect(() => {
    const subscription = monaco.editor.onDidChangeMarkers(syncProblems);
    return () => {
      session.setTypeErrorCheck(null);
      subscription.dispose();
      attachEditor(null);
    };
  }, [session]);

  return (
    <Editor
      path={MODEL_URI}
      defaultLanguage="typescript"
      value={source}
      theme={editorTheme(theme)}
      loading={<p className="p-4 text-sm">Loading the editor…</p>}
      onChange={(value) => setFile(ENTRY_FILE, value ?? '')}
      onMount={(instance) => {
        attachEditor(instance);
        registerApiHover();
        // Here, not on first render: the check needs the model, which exists once the editor mounted.
        session.setTypeErrorCheck(editorTypeErrors);
        instance.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () =>
          void session.compileNow(filesStore.get().files),
        );
        syncProblems();
      }}
      options={{
        ariaLabel: 'Program editor, main.ts. Press Ctrl+M to toggle whether Tab moves focus.',
        fontSize: largeText ? 20 : 14,
        minimap: { enabled: false },
        automaticLayout: true,
        tabSize: 2,
        scrollBeyondLastLine: false,
        fixedOverflowWidgets: true,
        // Sticky lines hide code a learner is reading and add tab stops between the editor and the page.
        stickyScroll: { enabled: false },
        // Faded unused code falls below AA contrast; the hint stays in the hover.
        showUnused: false,
      }}
    />
  );
}
