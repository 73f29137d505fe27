import { Suspense, useState } from 'react';
import { useStore, type Store } from '../state/store.ts';
import { useFiles } from '../state/files-store.ts';
import { ErrorBoundary } from '../layout/error-boundary.tsx';
import { useExerciseDraft, type DraftState } from './draft-store.ts';
import { DraftCheckCard } from './draft-check-card.tsx';
import { ChecksJsonEditor } from './checks-json-editor.tsx';
import { ExerciseText } from './exercise-text.tsx';
import { ShareExercise } from './share-exercise.tsx';

/** The names of a program's files, for a line of text. */
const names = (files: Record<string, string> | null) => (files ? Object.keys(files).join(', ') : 'none yet');

/** What each section of the maker is given: the draft as it is now, and its store to change it. */
interface DraftSection {
  draft: DraftState;
  draftStore: Store<DraftState>;
}

/** The exercise's title and its instructions in Markdown, with the preview learners see. */
function InstructionsFields({ draft, draftStore }: DraftSection) {
  return (
    <>
      <label className="mt-2 flex flex-col gap-1">
        Title
        <input
          className="field"
          aria-label="Exercise title"
          value={draft.title}
          onChange={(e) => draftStore.set({ title: e.target.value })}
        />
      </label>
      <label className="mt-2 flex flex-col gap-1">
        Instructions (Markdown)
        <textarea
          className="field h-32 font-mono text-xs"
          aria-label="Exercise instructions"
          value={draft.text}
          onChange={(e) => draftStore.set({ text: e.target.value })}
        />
      </label>
      <details className="mt-1">
        <summary className="cursor-pointer text-xs">Preview, as learners see it</summary>
        <div className="rounded border border-slate-300 p-2 dark:border-slate-700" data-testid="exercise-preview">
          <ErrorBoundary name="Preview">
            <Suspense fallback={<p>Loading…</p>}>
              <ExerciseText markdown={draft.text} title={draft.title} />
            </Suspense>
          </ErrorBoundary>
        </div>
      </details>
    </>
  );
}

/** The starter's files (each but the entry file can be left out), and the editor's files to take as the starter again. */
function StarterSection({ draft, draftStore }: DraftSection) {
  const { filesStore } = useFiles();
  const { dropStarterFile } = useExerciseDraft();
  return (
    <>
      <h3 className="mt-3 font-semibold">Starter</h3>
      <p data-testid="exercise-starter">Files: {names(draft.starter)}.</p>
      {draft.starter && Object.keys(draft.starter).length > 1 && (
        <ul className="flex flex-wrap gap-1 text-xs" aria-label="Starter files">
          {Object.keys(draft.starter)
            .filter((name) => name !== 'main.ts')
            .map((name) => (
              <li key={name}>
                <button type="button" className="btn-ghost" onClick={() => dropStarterFile(name)}>
                  Leave out {name}
                </button>
              </li>
            ))}
        </ul>
      )}
      <button type="button" className="btn-ghost self-start" onClick={() => draftStore.set({ starter: filesStore.get().files })}>
        Use the editor’s files as the starter
      </button>
    </>
  );
}

/** The checks, as cards or as JSON. */
function ChecksSection({ draft }: Pick<DraftSection, 'draft'>) {
  const [asJson, setAsJson] = useState(false);
  return (
    <>
      <div className="mt-3 flex items-center gap-2">
        <h3 className="font-semibold">Checks ({draft.checks.length})</h3>
        <label className="ml-auto flex items-center gap-1 text-xs">
          <input type="checkbox" checked={asJson} onChange={(e) => setAsJson(e.target.checked)} />
          Edit as JSON
        </label>
      </div>
      {draft.checks.length === 0 && <p>Send a request and click “Add as check” on its response, or on a message in a WebSocket log.</p>}
      {asJson ? (
        <ChecksJsonEditor />
      ) : (
        <ol className="flex flex-col gap-2">
          {draft.checks.map((entry, i) => (
            <DraftCheckCard key={i} entry={entry} index={i} />
          ))}
        </ol>
      )}
    </>
  );
}

/**
 * "Make an exercise", in the lesson pane's place: instructions in Markdown (with the preview learners
 * see), the starter (the files when the maker opened, or taken again, files left out at will), the solution (the files when the
 * last check was recorded), the checks ("Add as check" on a response or a WebSocket message adds one), a
 * JSON editor for them, and "Check and share".
 */
export function ExerciseMaker() {
  const { draftStore } = useExerciseDraft();
  const draft = useStore(draftStore, (s) => s);
  return (
    <section aria-label="Make an exercise" className="relative flex min-h-0 flex-1 flex-col overflow-auto p-3 text-sm" data-slot="lesson">
      <div className="flex items-center gap-2">
        <h2 className="text-lg font-bold">Make an exercise</h2>
        <button type="button" className="btn-ghost ml-auto" onClick={() => draftStore.set({ open: false })}>
          Close
        </button>
      </div>
      <InstructionsFields draft={draft} draftStore={draftStore} />
      <StarterSection draft={draft} draftStore={draftStore} />
      <h3 className="mt-3 font-semibold">Solution</h3>
      <p>The files as they were when the last check was recorded: {names(draft.solution)}.</p>
      <label className="flex items-center gap-1">
        <input type="checkbox" checked={draft.includeSolution} onChange={(e) => draftStore.set({ includeSolution: e.target.checked })} />
        Include the solution (learners get “Show solution”)
      </label>
      <ChecksSection draft={draft} />
      <div className="mt-3">
        <ShareExercise />
      </div>
    </section>
  );
}
