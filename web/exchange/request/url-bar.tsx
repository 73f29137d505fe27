import { METHODS, type Method } from '../../../runtime/contract/http-request.ts';
import type { RequestSpec } from './request-model.ts';
import { useRequest } from './request-store.ts';

interface UrlBarProps {
  spec: RequestSpec;
  /** The server the request goes to, one of `origins` once the program registered any. */
  origin: string;
  origins: readonly string[];
  onChooseOrigin: (origin: string) => void;
  pending: boolean;
  onSend: () => void;
  onCopyCurl: () => void;
}

/** The request panel's first row: method, server, path and query, Send and Copy as cURL. */
export function UrlBar({ spec, origin, origins, onChooseOrigin, pending, onSend, onCopyCurl }: UrlBarProps) {
  const { updateSpec } = useRequest();
  return (
    <form className="flex shrink-0 flex-wrap items-center gap-1 p-2" onSubmit={(e) => (e.preventDefault(), onSend())}>
      <select
        className="field font-semibold"
        aria-label="Method"
        value={spec.method}
        onChange={(e) => updateSpec({ method: e.target.value as Method })}
      >
        {METHODS.map((m) => (
          <option key={m}>{m}</option>
        ))}
      </select>
      <ServerChoice origin={origin} origins={origins} onChoose={onChooseOrigin} />
      <input
        className="field min-w-24 flex-1 font-mono"
        aria-label="Path and query"
        value={spec.path}
        onChange={(e) => updateSpec({ path: e.target.value })}
      />
      <button type="submit" className="btn" disabled={pending}>
        {pending ? 'Sending…' : 'Send'}
      </button>
      <button type="button" className="btn-ghost" onClick={onCopyCurl}>
        Copy as cURL
      </button>
    </form>
  );
}

/** The server: a choice when the program listens on several, else the one it listens on (or the default) as text. */
function ServerChoice({ origin, origins, onChoose }: { origin: string; origins: readonly string[]; onChoose: (origin: string) => void }) {
  if (origins.length > 1) {
    return (
      <select className="field font-mono text-xs" aria-label="Server" value={origin} onChange={(e) => onChoose(e.target.value)}>
        {origins.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    );
  }
  return (
    <span
      className="font-mono text-xs text-slate-700 dark:text-slate-300"
      title={origins.length ? 'Registered by startServer' : 'No server started yet'}
    >
      {origin}
    </span>
  );
}
