import { lazy, Suspense } from 'react';
import { monacoMayLoad } from './monaco-gate.ts';
import { FileTree } from './file-tree.tsx';

// Monaco is most of the page's JavaScript: the file list and the other panes render and work while it loads.
const CodeEditor = lazy(() =>
  monacoMayLoad()
    .then(() => import('./code-editor.tsx'))
    .then((m) => ({ default: m.CodeEditor })),
);

/** The program's file list (shown at once) above the editor (loaded when Monaco may load). */
export function FilesAndEditor() {
  return (
    <div className="flex h-full min-h-0 flex-col">
      <FileTree />
      <div className="min-h-0 flex-1">
        <Suspense fallback={<p className="p-4 text-sm">Loading the editor…</p>}>
          <CodeEditor />
        </Suspense>
      </div>
    </div>
  );
}
