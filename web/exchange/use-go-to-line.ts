import { revealInEditor } from '../editor/editor-bridge.ts';
import { useFiles } from '../state/files-store.ts';
import type { GoToLine } from './response/trace-view.tsx';

/** Where a trace's steps of the learner's code take the editor: the learner's own files only (a trace comes from the program). */
export function useGoToLine(): GoToLine {
  const filesPart = useFiles();
  return {
    knows: (file) => Object.hasOwn(filesPart.filesStore.get().files, file),
    goTo: (at) => revealInEditor(filesPart, Number(at.line), Number(at.column) || 1, at.file),
  };
}
