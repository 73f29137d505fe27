import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { editorMayLoad } from './monaco-gate.ts';
import type { PendingWork } from '../state/when-quiet.ts';
import { FileTree } from './file-tree.tsx';
import { CodePlaceholder } from './code-placeholder.tsx';
import { takeOver } from './editor-takeover.ts';
import { useSession } from '../engine/engine-context.tsx';

// Monaco is most of the page's JavaScript: the file list, the code and the other panes render and work while it loads.
const CodeEditor = lazy(() => import('./code-editor.tsx').then((m) => ({ default: m.CodeEditor })));

/**
 * The program's file list above its code: shown at once, editable in a plain text area (code-placeholder.tsx)
 * until the Monaco editor has loaded (once the first program ran and `work`, the page's exchange, was quiet a
 * moment: see editorMayLoad) and took over in place.
 */
export function FilesAndEditor({ work }: { work: PendingWork }) {
  const session = useSession();
  const [mayLoad, setMayLoad] = useState(false);
  const [mounted, setMounted] = useState(false);
  const placeholder = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    let live = true;
    void editorMayLoad(session.store, work).then(() => live && setMayLoad(true));
    return () => {
      live = false;
    };
  }, [session, work]);
  return (
    <div className="flex h-full min-h-0 flex-col">
      <FileTree />
      <div data-testid="code-area" className="relative min-h-0 flex-1">
        {mayLoad && (
          <Suspense>
            <CodeEditor
              onMount={(instance) => {
                takeOver(instance, placeholder.current);
                setMounted(true);
              }}
            />
          </Suspense>
        )}
        {!mounted && <CodePlaceholder textareaRef={placeholder} />}
      </div>
    </div>
  );
}
