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

/**
 * Resolves once `instance` has been laid out at a real size and has drawn its lines: what the code shown before
 * it waits for before it goes. Mounted is not drawn: WebKit showed an empty editor for about a second between the
 * two. A hidden editor (another tab of a narrow screen) waits until it is shown.
 */
export function whenLaidOut(instance: editor.IStandaloneCodeEditor): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const check = (): void => {
      if (done) return;
      const { width, height } = instance.getLayoutInfo();
      if (width === 0 || height === 0) return;
      const empty = (instance.getModel()?.getValueLength() ?? 0) === 0;
      // Laid out, its lines drawn in a frame to come.
      if (!empty && !instance.getDomNode()?.querySelector('.view-lines .view-line')) return void requestAnimationFrame(check);
      done = true;
      layouts.dispose();
      resolve();
    };
    const layouts = instance.onDidLayoutChange(() => requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
}
