import { useEffect } from 'react';
import { useStore } from '../state/store.ts';
import { useEngine } from '../engine/engine-context.tsx';
import { useOffline } from './offline-client.ts';

/** "New version — reload" when a deployment replaced this one; marks the page once it works offline. */
export function OfflineStatus() {
  const { connectOffline, offlineStore } = useOffline();
  const engine = useEngine();
  const { ready, updated } = useStore(offlineStore, (s) => s);
  useEffect(() => connectOffline(engine.ready), [connectOffline, engine]);
  useEffect(() => {
    // An attribute rather than chrome: readiness matters to tests and the curious, not to every lesson.
    document.documentElement.dataset.offline = ready ? 'ready' : 'pending';
  }, [ready]);
  if (!updated) return null;
  return (
    <div
      role="status"
      className="flex shrink-0 items-center gap-3 border-b border-blue-700 bg-blue-50 px-3 py-1.5 text-sm text-blue-950 dark:bg-blue-950 dark:text-blue-50"
    >
      A new version of the playground is available.
      <button type="button" className="btn" onClick={() => location.reload()}>
        Reload
      </button>
    </div>
  );
}
