import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { useStore } from '../state/store.ts';
import { useEngine, useProgramState } from '../engine/engine-context.tsx';
import { useExchange } from './exchange-store.ts';
import { toCurl } from './request/curl.ts';
import { FALLBACK_ORIGIN, type RequestSpec } from './request/request-model.ts';
import { useRequest } from './request/request-store.ts';
import { RequestModeSwitch } from './request/request-mode-switch.tsx';
import { UrlBar } from './request/url-bar.tsx';
import { RequestDetails, type RequestTab } from './request/request-details.tsx';

// The WebSocket mode's panel loads when chosen: a first request is a GET with headers.
const SocketPanel = lazy(() => import('./request/socket-panel.tsx').then((m) => ({ default: m.SocketPanel })));

/** Builds and sends a request to the learner's program: method, URL, headers, body, cURL export. */
export function RequestPanel() {
  const { exchangeStore, sendRequest } = useExchange();
  const { requestStore } = useRequest();
  const engine = useEngine();
  const program = useProgramState();
  const spec = useStore(requestStore, (s) => s.spec);
  const pending = useStore(exchangeStore, (s) => s.pending);
  const [chosenOrigin, setChosenOrigin] = useState<string | null>(null);
  const [tab, setTab] = useState<RequestTab>('headers');
  const origin = program.origins.find((o) => o === chosenOrigin) ?? program.origins[0] ?? FALLBACK_ORIGIN;
  const [copied, copyCurl] = useCopyCurl(spec, origin);

  const send = () => void sendRequest(spec, origin, engine);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  };

  if (spec.mode === 'websocket') {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <RequestModeSwitch mode={spec.mode} />
        <Suspense fallback={<p className="p-2 text-sm">Loading…</p>}>
          <SocketPanel spec={spec} origin={origin} />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col" onKeyDown={onKeyDown}>
      <UrlBar
        spec={spec}
        origin={origin}
        origins={program.origins}
        onChooseOrigin={setChosenOrigin}
        pending={pending}
        onSend={send}
        onCopyCurl={() => void copyCurl()}
      />
      {/* After the URL bar: the method stays the panel's first stop (the skip link lands there). */}
      <RequestModeSwitch mode={spec.mode} />
      {copied && (
        <p role="status" className="mx-2 truncate font-mono text-xs" title={copied}>
          {copied}
        </p>
      )}
      <RequestDetails spec={spec} tab={tab} onSelect={setTab} />
      <p className="shrink-0 px-2 pb-1 text-xs text-slate-700 dark:text-slate-300">Ctrl/Cmd+Enter sends while focus is in this panel.</p>
    </div>
  );
}

/** The last Copy as cURL's outcome (a confirmation, or the command itself where the clipboard is denied) and the copy. */
function useCopyCurl(spec: RequestSpec, origin: string): [copied: string, copy: () => Promise<void>] {
  const [copied, setCopied] = useState('');
  const copy = async () => {
    const command = toCurl(spec, origin);
    try {
      await navigator.clipboard.writeText(command);
      setCopied('Copied the cURL command.');
    } catch {
      setCopied(command);
    }
  };
  return [copied, copy];
}
