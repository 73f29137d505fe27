import { useCallback } from 'react';
import { useSession } from '../engine/engine-context.tsx';
import { useFiles } from '../state/files-store.ts';
import { useWorkspace } from './workspace-store.ts';
import { useCourse } from './course/catalog.ts';
import { prefillRequest } from '../exchange/request/prefill-request.ts';
import { useRequest } from '../exchange/request/request-store.ts';

/** Opens a lesson (or scratch): its code in the editor, compiled at once, and the request panel set to its first check. */
export function useGoTo(): (id: string) => void {
  const { filesStore } = useFiles();
  const { openWorkspace, workspaceStore } = useWorkspace();
  const request = useRequest();
  const session = useSession();
  const { findLesson } = useCourse();
  return useCallback(
    (id: string) => {
      if (id === workspaceStore.get().active) return;
      openWorkspace(id);
      prefillRequest(request, findLesson(id)?.checks ?? []);
      // An explicit build: it runs the new lesson afresh, and a build of the previous one still in flight becomes stale.
      void session.compileNow(filesStore.get().files);
    },
    [session, request, filesStore, workspaceStore, openWorkspace, findLesson],
  );
}
