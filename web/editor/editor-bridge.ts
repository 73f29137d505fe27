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
