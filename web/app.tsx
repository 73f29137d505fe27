import { lazy, Suspense } from 'react';
import { useStore } from './state/store.ts';
import { type LayoutState, type ThemeChoice, useLayout } from './state/layout-store.ts';
import { useFiles } from './state/files-store.ts';
import { SCRATCH, useWorkspace } from './lessons/workspace-store.ts';
import { useApplyTheme } from './layout/theme.ts';
import { Split } from './layout/split.tsx';
import { Pane } from './layout/pane.tsx';
import { Tabs } from './layout/tabs.tsx';
import { useSession } from './engine/engine-context.tsx';
import { ProblemsList } from './editor/problems-list.tsx';
import { useProblems } from './editor/problems-store.ts';
import { StatusLine } from './editor/status-line.tsx';
import { RequestPanel } from './exchange/request-panel.tsx';
import { ResponsePanel } from './exchange/response-panel.tsx';
import { ConsolePane } from './editor/console-pane.tsx';
import { useConsole } from './editor/console-store.ts';
import { useLessonChecks } from './lessons/use-lesson-checks.ts';
import { ErrorBoundary } from './layout/error-boundary.tsx';
import { ShareButton } from './share/share-button.tsx';
import { TemplateMenu } from './templates/template-menu.tsx';
import { ExportButton } from './export/export-button.tsx';
import { ModeButtons } from './modes/mode-buttons.tsx';
import { ToolbarMore } from './shell/toolbar-more.tsx';
import { OfflineBadge } from './modes/offline-badge.tsx';
import { useCompileOnEdit } from './engine/use-compile-on-edit.ts';
import { useLessonAddress } from './lessons/lesson-address.ts';
import { useConfirm } from './layout/confirm-dialog.tsx';
import { PlaygroundColumns } from './shell/playground-columns.tsx';
import { useNarrow } from './state/pane-tabs-store.ts';
import { monacoMayLoad } from './editor/monaco-gate.ts';
import { ApiButton, ApiDrawer } from './api/api-drawer.tsx';
import { FilesAndEditor } from './editor/files-and-editor.tsx';
import { useExchange } from './exchange/exchange-store.ts';
import { ExchangeSlotsContext } from './exchange/exchange-slots.tsx';
import { EXERCISE_SLOTS } from './exercise/add-as-check.tsx';
import { MakeExerciseButton } from './exercise/make-exercise-button.tsx';
import { OpenExerciseButton, useExerciseDrop } from './exercise/open-exercise-file.tsx';
import { ClassButton } from './classroom/class-button.tsx';

// A second, read-only Monaco: loads when its tab is chosen.
const CompiledOutput = lazy(() =>
  monacoMayLoad()
    .then(() => import('./output/compiled-output.tsx'))
    .then((m) => ({ default: m.CompiledOutput })),
);

const RESET_EXAMPLE = {
  title: 'Reset the example?',
  message: 'Replace your code with the example program? Your changes are lost.',
  confirmLabel: 'Replace my code',
};

function Toolbar() {
  const { layoutStore } = useLayout();
  const { filesStore } = useFiles();
  const { resetWorkspace, workspaceStore } = useWorkspace();
  const { askToConfirm } = useConfirm();
  const session = useSession();
  const { theme, largeText, lessonOpen } = useStore(layoutStore, (s) => s);
  // The stacked layout always has a Lesson tab.
  const narrow = useNarrow();
  const workspace = useStore(workspaceStore, (s) => s.active);
  return (
    <header className="flex shrink-0 flex-wrap items-center gap-2 border-b border-slate-300 bg-slate-100 px-3 py-1.5 dark:border-slate-700 dark:bg-slate-950">
      <h1 className="mr-4 text-base font-bold">Halo Playground</h1>
      <button type="button" className="btn" onClick={() => void session.compileNow(filesStore.get().files)}>
        Run <span className="sr-only">(Ctrl/Cmd+Enter in the editor)</span>
      </button>
      <ShareButton />
      <ClassButton />
      <span data-chrome="secondary" className="contents">
        <TemplateMenu />
      </span>
      <ToolbarMore>
        {/* Lessons have their own "Reset to starter"; the example belongs to the free playground. */}
        {workspace === SCRATCH && (
          <button type="button" className="btn-ghost" onClick={() => void askToConfirm(RESET_EXAMPLE).then((ok) => ok && resetWorkspace())}>
            Reset example
          </button>
        )}
        <span data-chrome="secondary" className="contents">
          <ExportButton />
        </span>
        <span data-chrome="secondary" className="contents">
          <MakeExerciseButton />
          <OpenExerciseButton />
        </span>
        <ModeButtons />
        <ApiButton />
        <div className="ml-auto flex items-center gap-3 text-sm" data-chrome="secondary">
          <label className="flex items-center gap-1" hidden={narrow}>
            <input type="checkbox" checked={lessonOpen} onChange={(e) => layoutStore.set({ lessonOpen: e.target.checked })} />
            Notes
          </label>
          <label className="flex items-center gap-1">
            <input type="checkbox" checked={largeText} onChange={(e) => layoutStore.set({ largeText: e.target.checked })} />
            Large text
          </label>
          <label className="flex items-center gap-1">
            Theme
            <select className="field" value={theme} onChange={(e) => layoutStore.set({ theme: e.target.value as ThemeChoice })}>
              <option value="system">System</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
        </div>
      </ToolbarMore>
      <span data-chrome="secondary" className="contents">
        <OfflineBadge />
      </span>
    </header>
  );
}

function Dock() {
  const { layoutStore } = useLayout();
  const { problemsStore } = useProblems();
  const { clearConsole, consoleStore } = useConsole();
  const tab = useStore(layoutStore, (s) => s.dockTab);
  const problems = useStore(problemsStore, (s) => s.problems.length);
  const lines = useStore(consoleStore, (s) => s.entries.length);
  return (
    <section aria-label="Console and problems" className="flex min-h-0 min-w-0 flex-1 flex-col bg-white dark:bg-slate-900">
      <div className="flex min-h-0 flex-1 flex-col">
        <Tabs<LayoutState['dockTab']>
          label="Console and problems"
          selected={tab}
          onSelect={(dockTab) => layoutStore.set({ dockTab })}
          tabs={[
            {
              id: 'console',
              label: `Console (${lines})`,
              content: () => (
                <ErrorBoundary name="Console">
                  <ConsolePane />
                </ErrorBoundary>
              ),
            },
            {
              id: 'problems',
              label: `Problems (${problems})`,
              content: () => (
                <ErrorBoundary name="Problems">
                  <ProblemsList />
                </ErrorBoundary>
              ),
            },
            {
              id: 'output',
              label: 'JavaScript',
              content: () => (
                <ErrorBoundary name="JavaScript">
                  <Suspense fallback={<p className="p-3 text-sm">Loading…</p>}>
                    <CompiledOutput />
                  </Suspense>
                </ErrorBoundary>
              ),
            },
          ]}
          actions={
            tab === 'console' && (
              <button type="button" className="btn-ghost" onClick={clearConsole}>
                Clear console
              </button>
            )
          }
        />
      </div>
    </section>
  );
}

/** The playground: lesson notes, the editor with its console, and the request/response column (tabs on a narrow screen). */
export function App() {
  useApplyTheme();
  useCompileOnEdit();
  useLessonChecks();
  useLessonAddress();
  useExerciseDrop();
  const { exchangeStore } = useExchange();
  const editorColumn = (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col">
      <Split id="editor" direction="column" labels={['Resize editor and console']}>
        <Pane
          id="editor-pane"
          title="Code"
          actions={
            <span className="text-xs text-slate-700 dark:text-slate-300">Ctrl/Cmd+Enter runs · Ctrl+M toggles Tab moving focus</span>
          }
        >
          <FilesAndEditor work={exchangeStore} />
        </Pane>
        <Dock />
      </Split>
      <StatusLine />
    </div>
  );
  const requestPane = (
    <Pane id="request-pane" title="Request">
      <RequestPanel />
    </Pane>
  );
  const responsePane = (
    <Pane title="Response">
      <ResponsePanel />
    </Pane>
  );
  return (
    <ExchangeSlotsContext value={EXERCISE_SLOTS}>
      <div className="flex h-full flex-col">
        <Toolbar />
        <main className="flex min-h-0 min-w-0 flex-1">
          <PlaygroundColumns editor={editorColumn} request={requestPane} response={responsePane} />
        </main>
        <ApiDrawer />
      </div>
    </ExchangeSlotsContext>
  );
}
