import type { editor } from 'monaco-editor';

let current: editor.IStandaloneCodeEditor | null = null;

/** Registers the mounted editor so panes (problems, console) can move its cursor. */
export function attachEditor(instance: editor.IStandaloneCodeEditor | null): void {
  current = instance;
}

/** Moves the cursor to a 1-based line/column, scrolls it into view and focuses the editor. */
export function revealInEditor(line: number, column = 1): void {
  if (!current) return;
  current.setPosition({ lineNumber: line, column });
  current.revealLineInCenter(line);
  current.focus();
}

/** Puts the caret in the editor (where typing edits the code); false while the editor is not mounted yet. */
export function focusEditor(): boolean {
  if (!current) return false;
  current.focus();
  return current.hasTextFocus();
}

/**
 * Replaces the editor's whole code with `code` as one edit the learner can undo (Ctrl/Cmd+Z brings their
 * code back); false while the editor is not mounted yet.
 */
export function replaceEditorCode(code: string): boolean {
  const model = current?.getModel();
  if (!current || !model) return false;
  current.pushUndoStop();
  current.executeEdits('lesson', [{ range: model.getFullModelRange(), text: code, forceMoveMarkers: true }]);
  current.pushUndoStop();
  current.setPosition({ lineNumber: 1, column: 1 });
  return true;
}

/** Inserts `code` at the cursor (replacing a selection) as one undoable edit; false while the editor is not mounted yet. */
export function insertAtCursor(code: string): boolean {
  const selection = current?.getSelection();
  if (!current || !selection) return false;
  current.pushUndoStop();
  current.executeEdits('lesson', [{ range: selection, text: code, forceMoveMarkers: true }]);
  current.pushUndoStop();
  return true;
}

/** The code in the editor, or null while it is not mounted. */
export function editorCode(): string | null {
  return current?.getModel()?.getValue() ?? null;
}
