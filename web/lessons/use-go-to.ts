import { useCallback } from 'react';
import { useSession } from '../engine/engine-context.tsx';
import { filesStore } from '../state/files-store.ts';
import { openWorkspace, workspaceStore } from './workspace-store.ts';
import { prefillRequest } from '../exchange/request/prefill-request.ts';

/** Opens a lesson (or scratch): its code in the editor, compiled at once, and the request panel set to its first check. */
export function useGoTo(): (id: string) => void {
  const session = useSession();
  return useCallback(
    (id: string) => {
      if (id === workspaceStore.get().active) return;
      openWorkspace(id);
      prefillRequest(id);
      // Now rather than after the debounce: a build of the previous lesson still in flight becomes stale.
      void session.compileNow(filesStore.get().files);
    },
    [session],
  );
}
