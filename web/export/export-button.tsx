import { useState } from 'react';
import { useEngine } from '../engine/engine-context.tsx';
import { useFiles } from '../state/files-store.ts';

/** "Download as Node project": a zip that `npm install && npm start` serves on http://localhost:3000. */
export function ExportButton() {
  const { filesStore } = useFiles();
  const engine = useEngine();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      // The zip and tar writers load on the first export: most visits never export.
      const { buildNodeProject, saveZip } = await import('./download-project.ts');
      saveZip(await buildNodeProject(engine, filesStore.get().files));
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: `Could not export: ${error instanceof Error ? error.message : String(error)}` });
    }
  };
  return (
    <>
      <button type="button" className="btn-ghost" disabled={state.busy} onClick={() => void download()}>
        {state.busy ? 'Preparing…' : 'Download as Node project'}
      </button>
      {state.error && (
        <span role="alert" className="text-sm text-red-800 dark:text-red-300">
          {state.error}
        </span>
      )}
    </>
  );
}
