import { useEffect } from 'react';
import { useSession } from './engine-context.tsx';
import { filesStore } from '../state/files-store.ts';

/** Compiles once at start and after every edit (debounced); the full page and the embed both use it. */
export function useCompileOnEdit(): void {
  const session = useSession();
  useEffect(() => {
    void session.compileNow(filesStore.get().files);
    const unsubscribe = filesStore.subscribe(() => session.schedule(filesStore.get().files));
    return () => {
      unsubscribe();
      session.dispose();
    };
  }, [session]);
}
