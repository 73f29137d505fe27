import { useEffect, useRef } from 'react';
import { useSession } from '../engine/engine-context.tsx';
import { useFiles } from '../state/files-store.ts';
import { useWorkspace } from '../lessons/workspace-store.ts';
import { useRequest } from '../exchange/request/request-store.ts';
import { useShare } from '../share/share-store.ts';
import { EXERCISE_FILE_EXTENSION } from '../../runtime/course/exercises/exercise-file-format.ts';

/**
 * Opening the text of a `.halo-exercise` file (chosen, dropped or handed out by a class): checked as a
 * link's data is, and opened as an exercise link opens — its code held until the learner runs it.
 * `read` gives the text; its failure is shown as the file's.
 */
export function useOpenExerciseText(): (read: () => Promise<string>) => Promise<void> {
  const workspace = useWorkspace();
  const request = useRequest();
  const { shareStore, target } = useShare();
  const session = useSession();
  const { filesStore } = useFiles();
  return async (read) => {
    try {
      // The reader and the link's opener load with the first exercise opened, not with the page.
      const [{ readExerciseFile }, { openSharedProgram }] = await Promise.all([
        import('../share/link/exercise-file.ts'),
        import('../share/open-shared-link.ts'),
      ]);
      const program = readExerciseFile(await read());
      shareStore.set({ error: null });
      openSharedProgram({ workspace, request }, program, target);
      // Compiled at once (held code compiles, never runs), as a link's code is.
      void session.compileNow(filesStore.get().files);
    } catch (error) {
      shareStore.set({ error: `This exercise file cannot be opened: ${error instanceof Error ? error.message : String(error)}` });
    }
  };
}

/** Opening a `.halo-exercise` file, chosen or dropped: read locally (no network, so also offline), its size checked first. */
function useOpenExerciseFile(): (file: File) => Promise<void> {
  const open = useOpenExerciseText();
  return (file) =>
    open(async () => {
      const { exerciseFileSizeProblem } = await import('../share/link/exercise-file.ts');
      const tooLarge = exerciseFileSizeProblem(file.size);
      if (tooLarge) throw new Error(tooLarge);
      return file.text();
    });
}

/** "Open exercise…": picks a `.halo-exercise` file. */
export function OpenExerciseButton() {
  const input = useRef<HTMLInputElement>(null);
  const open = useOpenExerciseFile();
  return (
    <>
      <button type="button" className="btn-ghost" onClick={() => input.current?.click()}>
        Open exercise…
      </button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label="Exercise file"
        accept={`${EXERCISE_FILE_EXTENSION},application/json`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void open(file);
        }}
      />
    </>
  );
}

/** Opens a `.halo-exercise` file dropped anywhere on the page (other drops are left alone). */
export function useExerciseDrop(): void {
  const open = useOpenExerciseFile();
  const latest = useRef(open);
  useEffect(() => {
    latest.current = open;
  });
  useEffect(() => {
    const exerciseFile = (event: DragEvent) => [...(event.dataTransfer?.files ?? [])].find((f) => f.name.endsWith(EXERCISE_FILE_EXTENSION));
    const onDragOver = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      const file = exerciseFile(event);
      if (!file) return;
      event.preventDefault();
      void latest.current(file);
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
}
