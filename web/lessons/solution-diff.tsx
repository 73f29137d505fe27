import { useEffect, useRef } from 'react';
import type { editor } from 'monaco-editor';
// The bundled Monaco (no CDN), configured before the diff editor is created.
import { editorTheme, monaco } from '../editor/monaco-setup.ts';
import { useResolvedTheme } from '../layout/theme.ts';

/**
 * Monaco's side-by-side diff: the learner's code on the left, the solution on the right (read-only).
 * Created here rather than through @monaco-editor/react, whose unmount disposes the models while the
 * widget still holds them ("TextModel got disposed before DiffEditorWidget model got reset").
 */
export function SolutionDiff({ yours, solution }: { yours: string; solution: string }) {
  const theme = useResolvedTheme();
  const host = useRef<HTMLDivElement>(null);
  const models = useRef<{ original: editor.ITextModel; modified: editor.ITextModel } | null>(null);
  useEffect(() => {
    if (!host.current) return;
    const original = monaco.editor.createModel('', 'typescript');
    const modified = monaco.editor.createModel('', 'typescript');
    const diff = monaco.editor.createDiffEditor(host.current, {
      readOnly: true,
      originalEditable: false,
      renderSideBySide: true,
      // Side by side even in a narrow window: the point is to compare.
      useInlineViewWhenSpaceIsLimited: false,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      automaticLayout: true,
      showUnused: false,
      ariaLabel: 'Your code compared with the solution',
    });
    diff.setModel({ original, modified });
    // The diff editor does not pass its side labels on to the inner editors' input elements.
    diff.getOriginalEditor().updateOptions({ ariaLabel: 'Your code' });
    diff.getModifiedEditor().updateOptions({ ariaLabel: 'Solution' });
    models.current = { original, modified };
    return () => {
      models.current = null;
      // The widget lets go of its models before they are disposed.
      diff.setModel(null);
      diff.dispose();
      original.dispose();
      modified.dispose();
    };
  }, []);
  useEffect(() => {
    if (models.current && models.current.original.getValue() !== yours) models.current.original.setValue(yours);
    if (models.current && models.current.modified.getValue() !== solution) models.current.modified.setValue(solution);
  }, [yours, solution]);
  useEffect(() => {
    monaco.editor.setTheme(editorTheme(theme));
  }, [theme]);
  return <div ref={host} className="h-full w-full" data-testid="solution-diff" />;
}
