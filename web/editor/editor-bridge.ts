import type { editor } from 'monaco-editor';
import type { FilesPart } from '../state/files-store.ts';

let current: editor.IStandaloneCodeEditor | null = null;
/** The text area showing the code until Monaco has mounted (code-placeholder.tsx). */
let placeholder: HTMLTextAreaElement | null = null;
/** A place to go to in a file the editor is about to show. */
let pending: { file: string; line: number; column: number } | null = null;

/** Registers the mounted editor so panes (problems, console) can move its cursor. */
export function attachEditor(instance: editor.IStandaloneCodeEditor | null): void {
  current = instance;
}

/** Registers the text area that takes the typing until the editor has mounted (null once it is gone). */
export function attachPlaceholder(textarea: HTMLTextAreaElement | null): void {
  placeholder = textarea;
}

function reveal(line: number, column: number): void {
  if (!current) return;
  current.setPosition({ lineNumber: line, column });
  current.revealLineInCenter(line);
  current.focus();
}

/** Moves the cursor to a 1-based line/column of `file` (opening it first), scrolls it into view and focuses the editor. */
export function revealInEditor({ activeFile, openFile }: FilesPart, line: number, column: number, file: string): void {
  if (file === activeFile()) {
    reveal(line, column);
    return;
  }
  pending = { file, line, column };
  openFile(file);
}

/**
 * The editor shows the model of `file` now: a pending reveal there happens. Called after the editor
 * restored the file's last view state, which would otherwise move the cursor back.
 */
export function fileShown(file: string): void {
  if (pending?.file !== file) return;
  const { line, column } = pending;
  pending = null;
  reveal(line, column);
}

/** Puts the caret in the editor, or in the code shown before it (where typing edits the code); false when neither is there. */
export function focusEditor(): boolean {
  if (current) {
    current.focus();
    return current.hasTextFocus();
  }
  placeholder?.focus();
  return placeholder !== null && document.activeElement === placeholder;
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
