import { useStore } from '../state/store.ts';
import { useOffline } from './offline-client.ts';

/**
 * "Ready offline" in the toolbar once every file of this version is stored: from then on the playground
 * loads, compiles and runs without a network (the host may go away). A status, so screen readers hear it
 * appear; nothing is shown while files are still being stored.
 */
export function OfflineBadge() {
  const { offlineStore } = useOffline();
  const ready = useStore(offlineStore, (s) => s.ready);
  // No taller than the toolbar's row (no vertical padding): appearing seconds after the load, it moves nothing.
  return (
    <span role="status" className="text-sm">
      {ready && (
        <span
          className="inline-flex items-center gap-1 rounded-full border border-emerald-700 px-2 text-emerald-800 dark:border-emerald-400 dark:text-emerald-200"
          title="Every file of the playground is stored in this browser: it keeps working without a network."
        >
          <span aria-hidden="true">✓</span>
          Ready offline
        </span>
      )}
    </span>
  );
}
