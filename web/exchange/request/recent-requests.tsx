import { useStore } from '../../state/store.ts';
import { useRequest } from './request-store.ts';

/** The recent requests; choosing one puts it back into the request editor. */
export function RecentRequests() {
  const { requestStore, restore } = useRequest();
  const history = useStore(requestStore, (s) => s.history);
  if (history.length === 0) return <p className="p-2 text-sm text-slate-700 dark:text-slate-300">Requests you send appear here.</p>;
  return (
    <ul aria-label="Recent requests" className="flex flex-col p-1">
      {history.map((entry) => (
        <li key={entry.time}>
          <button
            type="button"
            className="flex w-full gap-2 rounded px-2 py-1 text-left font-mono text-xs hover:bg-slate-100 dark:hover:bg-slate-800"
            onClick={() => restore(entry)}
          >
            <span className="w-16 font-semibold">{entry.spec.method}</span>
            <span className="flex-1 truncate">{entry.spec.path}</span>
            <span>{entry.status ?? '—'}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
