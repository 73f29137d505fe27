import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useStore } from '../state/store.ts';
import { ENTRY_FILE, useFiles } from '../state/files-store.ts';
import type { Lesson } from './course/catalog.ts';

// Monaco is loaded only when the learner asks for the solution (or the editor already loaded it).
const SolutionDiff = lazy(() => import('./solution-diff.tsx').then((m) => ({ default: m.SolutionDiff })));

/**
 * A modal comparing the learner's code with the lesson's solution file by file, with "Use solution" (every
 * file, as the solution has them) and, in a program of several files, "Use this file".
 */
export function SolutionDialog({ lesson, onClose }: { lesson: Lesson; onClose: () => void }) {
  const { activeFile, filesStore, setFile } = useFiles();
  const dialog = useRef<HTMLDialogElement>(null);
  const files = useStore(filesStore, (s) => s.files);
  const names = [...new Set([...Object.keys(lesson.solution), ...Object.keys(files)])];
  // The file the learner is looking at, when the solution has it.
  const [file, setShown] = useState(() => (Object.hasOwn(lesson.solution, activeFile()) ? activeFile() : ENTRY_FILE));
  useEffect(() => {
    // showModal traps focus in the dialog and closes it on Escape.
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="solution-title"
      onClose={onClose}
      className="m-auto flex h-[85vh] w-[90vw] flex-col rounded border border-slate-400 bg-white p-0 text-slate-900 backdrop:bg-black/50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
    >
      <header className="flex items-center gap-2 border-b border-slate-300 px-3 py-2 dark:border-slate-700">
        <h2 id="solution-title" className="font-semibold">
          {lesson.number > 0 ? `Solution of lesson ${lesson.number}: ` : 'Solution: '}
          {lesson.title}
        </h2>
        <button
          type="button"
          className="btn ml-auto"
          onClick={() => {
            filesStore.set({ files: lesson.solution });
            dialog.current?.close();
          }}
        >
          Use solution
        </button>
        {names.length > 1 && Object.hasOwn(lesson.solution, file) && (
          <button type="button" className="btn-ghost" onClick={() => setFile(file, lesson.solution[file])}>
            Use this file
          </button>
        )}
        <button type="button" className="btn-ghost" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </header>
      {names.length > 1 && (
        <div role="group" aria-label="Files" className="flex flex-wrap gap-1 border-b border-slate-300 px-3 py-1 dark:border-slate-700">
          {names.map((name) => (
            <button key={name} type="button" className="btn-ghost font-mono aria-pressed:font-semibold" aria-pressed={name === file} onClick={() => setShown(name)}>
              {name}
              {!Object.hasOwn(lesson.solution, name) && ' (yours only)'}
              {!Object.hasOwn(files, name) && ' (solution only)'}
            </button>
          ))}
        </div>
      )}
      <div className="grid grid-cols-2 px-3 py-1 text-xs font-semibold text-slate-700 dark:text-slate-300">
        <span>Your code</span>
        <span>Solution</span>
      </div>
      <div className="min-h-0 flex-1">
        <Suspense fallback={<p className="p-4 text-sm">Loading the comparison…</p>}>
          <SolutionDiff yours={files[file] ?? ''} solution={lesson.solution[file] ?? ''} />
        </Suspense>
      </div>
    </dialog>
  );
}
