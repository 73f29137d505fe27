import type { editor } from 'monaco-editor';

/**
 * Puts the just-mounted editor where the learner was in the code shown before it (code-placeholder.tsx):
 * the same selection or caret, the same scroll position, and the focus if the placeholder had it, so
 * typing goes on where it was. Nothing is moved when the two show different text (another file).
 */
export function takeOver(instance: editor.IStandaloneCodeEditor, textarea: HTMLTextAreaElement | null): void {
  const model = instance.getModel();
  if (!textarea || !model || model.getValue() !== textarea.value) return;
  const start = model.getPositionAt(textarea.selectionStart);
  const end = model.getPositionAt(textarea.selectionEnd);
  // The anchor stays where the learner started selecting; the caret is at the other end.
  const [anchor, caret] = textarea.selectionDirection === 'backward' ? [end, start] : [start, end];
  instance.setSelection({
    selectionStartLineNumber: anchor.lineNumber,
    selectionStartColumn: anchor.column,
    positionLineNumber: caret.lineNumber,
    positionColumn: caret.column,
  });
  instance.setScrollPosition({ scrollTop: textarea.scrollTop, scrollLeft: textarea.scrollLeft });
  if (document.activeElement === textarea) instance.focus();
}
