import { useStore } from '../state/store.ts';
import { useEngine } from '../engine/engine-context.tsx';
import { useExchange } from './exchange-store.ts';
import { bodyKind } from './response/format.ts';
import { formatDuration } from '../layout/units.ts';
import { useExchangeSlots } from './exchange-slots.tsx';
import { ResponseSummary } from './response/response-summary.tsx';
import { ResponseTabs, useResponseTab } from './response/response-tabs.tsx';
import { useStaleResponse } from './response/use-stale-response.ts';

/** The program's answer: status, timing, size, body (JSON tree, text or sandboxed HTML), headers. */
export function ResponsePanel() {
  const { exchangeStore } = useExchange();
  const { ResponseAction } = useExchangeSlots();
  const { pending, sent, response, error } = useStore(exchangeStore, (s) => s);
  const html = response ? bodyKind(response.contentType, response.body) === 'html' : false;
  const [tab, setTab] = useResponseTab(response, html);
  const stale = useStaleResponse(pending, response !== null);

  if (!response && !error) {
    return (
      <p className="p-3 text-sm text-slate-700 dark:text-slate-300">
        {pending ? `Waiting for ${sent}…` : 'Send a request to see the response.'}
      </p>
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col" aria-busy={pending}>
      <ResponseSummary
        response={response}
        pending={pending}
        sent={sent}
        stale={stale}
        action={ResponseAction && !pending && <ResponseAction />}
      />
      {error && (
        <p role="alert" className="mx-2 rounded border border-red-700 p-2 text-sm dark:border-red-400">
          {error}
        </p>
      )}
      {response?.timedOut && <TimedOutNotice />}
      {response && <ResponseTabs response={response} html={html} tab={tab} onSelect={setTab} />}
    </div>
  );
}

/** Why a request got no answer: it ran past the engine's limit, and the program was restarted. */
function TimedOutNotice() {
  const engine = useEngine();
  return (
    <div
      role="alert"
      className="mx-2 rounded border border-amber-700 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">Your program did not answer.</p>
      <p>
        The request ran longer than {formatDuration(engine.requestTimeoutMs)}, so the playground stopped the program and restarted it. Look
        for an endless loop or a promise that never settles, fix it, and send again.
      </p>
    </div>
  );
}
