import { useEffect, useRef, type RefObject } from 'react';
import Editor from '@monaco-editor/react';
import type { editor } from 'monaco-editor';
import { editorTheme, monaco, sharedEditorOptions } from './monaco-setup.ts';
import { attachEditor, fileShown } from './editor-bridge.ts';
import { connectFileModels, fileOfUri, fileUri, modelOf } from './file-models.ts';
import { useApiPanel } from '../api/api-panel-store.ts';
import { useProblems } from './problems-store.ts';
import { useFiles } from '../state/files-store.ts';
import { useLayout } from '../state/layout-store.ts';
import { useStore } from '../state/store.ts';
import { useResolvedTheme } from '../layout/theme.ts';
import { useSession } from '../engine/engine-context.tsx';
import { editorTypeErrors } from './type-errors.ts';
import { registerApiHover } from './api-hover.ts';
import { syncProblems, useEditorMarkers } from './editor-markers.ts';

/**
 * The learner's files and the Monaco editor of the open one, with compile and runtime markers and Ctrl/Cmd+Enter
 * to run; `onMount` is told when the editor is there (it replaces the code shown before it).
 */
export function CodeEditor({ onMount }: { onMount?: (instance: editor.IStandaloneCodeEditor) => void }) {
  const files = useFiles();
  const { activeFile, filesStore } = files;
  // Before the editor renders: it opens the model of the shown file (connecting again does nothing).
  connectFileModels(files);
  const problems = useProblems();
  const { openApiReference } = useApiPanel();
  const { layoutStore } = useLayout();
  const session = useSession();
  const file = useStore(filesStore, activeFile);
  const largeText = useStore(layoutStore, (s) => s.largeText);
  const theme = useResolvedTheme();
  useEditorMarkers();

  useEffect(() => {
    const subscription = monaco.editor.onDidChangeMarkers(() => syncProblems(problems));
    return () => {
      session.setTypeErrorCheck(null);
      subscription.dispose();
      attachEditor(null);
    };
  }, [session, problems]);

  // The file Monaco shows, once it shows it: the file tree's choice reaches the editor a moment later.
  const frame = useRef<HTMLDivElement>(null);
  return (
    <div ref={frame} className="h-full min-h-0">
      <Editor
        // The models exist already (file-models.ts): the editor switches between them and keeps each one's view state.
        path={fileUri(file)}
        defaultValue={modelOf(file)?.getValue() ?? ''}
        keepCurrentModel
        theme={editorTheme(theme)}
        // The code is shown without Monaco until it mounts (code-placeholder.tsx).
        loading={null}
        onMount={(instance) => {
          attachEditor(instance);
          registerApiHover(openApiReference);
          followShownFile(instance, frame);
          // Here, not on first render: the check needs the models, which exist once the editor mounted.
          session.setTypeErrorCheck(editorTypeErrors);
          instance.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => void session.compileNow(filesStore.get().files));
          syncProblems(problems);
          onMount?.(instance);
        }}
        options={{
          ...sharedEditorOptions(`Program editor, ${file}.`, largeText),
          // Faded unused code falls below AA contrast; the hint stays in the hover.
          showUnused: false,
        }}
      />
    </div>
  );
}

/** Marks `frame` with the file `instance` shows (`data-shown-file`), and tells the bridge once the editor shows another. */
function followShownFile(instance: editor.IStandaloneCodeEditor, frame: RefObject<HTMLDivElement | null>): void {
  const markShown = (file: string) => frame.current?.setAttribute('data-shown-file', file);
  const first = instance.getModel();
  const firstFile = first && fileOfUri(first.uri);
  if (firstFile) markShown(firstFile);
  instance.onDidChangeModel(({ newModelUrl }) => {
    const shown = newModelUrl && fileOfUri(newModelUrl);
    if (shown) markShown(shown);
    // After this task: the editor restores the file's last view state right after switching models.
    if (shown) queueMicrotask(() => fileShown(shown));
  });
}
