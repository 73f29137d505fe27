import { useEffect } from 'react';
import { useSession } from './engine-context.tsx';
import { useFiles } from '../state/files-store.ts';

/** Compiles once at start and after every edit (at once); the full page and the embed both use it. */
export function useCompileOnEdit(): void {
  const { filesStore } = useFiles();
  const session = useSession();
  useEffect(() => {
    let files = filesStore.get().files;
    void session.compileNow(files);
    // Opening another file changes the store, not the program.
    const unsubscribe = filesStore.subscribe(() => {
      if (filesStore.get().files === files) return;
      files = filesStore.get().files;
      session.schedule(files);
    });
    return () => {
      unsubscribe();
      session.dispose();
    };
  }, [session, filesStore]);
}
