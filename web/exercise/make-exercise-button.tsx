import { useFiles } from '../state/files-store.ts';
import { useLayout } from '../state/layout-store.ts';
import { usePaneTabs } from '../state/pane-tabs-store.ts';
import { useExerciseDraft } from './draft-store.ts';
import { useWorkspace } from '../lessons/workspace-store.ts';
import { useCourse } from '../lessons/course/catalog.ts';

/** "Make an exercise": opens the exercise maker in the lesson pane, from the open lesson or with the editor's files as the starter. */
export function MakeExerciseButton() {
  const { filesStore } = useFiles();
  const { layoutStore } = useLayout();
  const { revealPane } = usePaneTabs();
  const { openDraft } = useExerciseDraft();
  const { workspaceStore } = useWorkspace();
  const { findLesson } = useCourse();
  return (
    <button
      type="button"
      className="btn-ghost"
      onClick={() => {
        openDraft(filesStore.get().files, findLesson(workspaceStore.get().active));
        layoutStore.set({ lessonOpen: true });
        revealPane('lesson', () => document.querySelector<HTMLElement>('[aria-label="Make an exercise"] input')?.focus());
      }}
    >
      Make an exercise
    </button>
  );
}
