import { useStore } from '../state/store.ts';
import { useEngine, useProgramState, useSession } from '../engine/engine-context.tsx';
import { useRequest } from '../exchange/request/request-store.ts';
import { useExchange } from '../exchange/exchange-store.ts';
import { ResponsePanel } from '../exchange/response-panel.tsx';
import { SharedCodeBanner } from '../share/shared-code-banner.tsx';
import { useApplyTheme } from '../layout/theme.ts';
import { ErrorBoundary } from '../layout/error-boundary.tsx';
import { useCompileOnEdit } from '../engine/use-compile-on-edit.ts';
import { withoutEmbed } from './embed-flag.ts';
import { FilesAndEditor } from '../editor/files-and-editor.tsx';
import { FALLBACK_ORIGIN } from '../exchange/request/request-model.ts';

/** The request line of an embed: the shared request, read-only, and Send. */
function SendBar() {
  const { requestStore } = useRequest();
  const { exchangeStore, sendRequest } = useExchange();
  const engine = useEngine();
  const program = useProgramState();
  const spec = useStore(requestStore, (s) => s.spec);
  const pending = useStore(exchangeStore, (s) => s.pending);
  const origin = program.origins[0] ?? FALLBACK_ORIGIN;
  return (
    <form
      aria-label="Request"
      className="flex shrink-0 items-center gap-2 border-y border-slate-300 bg-slate-100 px-2 py-1 dark:border-slate-700 dark:bg-slate-950"
      onSubmit={(e) => (e.preventDefault(), void sendRequest(spec, origin, engine))}
    >
      <code className="min-w-0 flex-1 truncate text-sm" data-testid="embed-request">
        {spec.method} {spec.path}
      </code>
      <button type="submit" className="btn" disabled={pending}>
        {pending ? 'Sending…' : 'Send'}
      </button>
      <a className="text-sm underline" href={withoutEmbed(location.href)} target="_blank" rel="noopener">
        Open in the playground
      </a>
    </form>
  );
}

/** Embed mode (`?embed`): one program with the editor, Send and the response, for an `<iframe>`. */
export function EmbedApp() {
  useApplyTheme();
  useCompileOnEdit();
  const { phase, runningId } = useStore(useSession().store, (s) => s);
  const { exchangeStore } = useExchange();
  return (
    // No status line in an embed: the phase and running bundle are attributes, which the e2e tests wait on.
    <main className="flex h-full flex-col" data-mode="embed" data-phase={phase} data-bundle={runningId ?? ''}>
      <SharedCodeBanner />
      <section aria-label="Program editor" className="flex min-h-0 flex-[3] flex-col">
        <ErrorBoundary name="Editor" keepPage>
          <FilesAndEditor work={exchangeStore} />
        </ErrorBoundary>
      </section>
      <SendBar />
      <section aria-label="Response" className="flex min-h-0 flex-[2] flex-col overflow-auto">
        <ErrorBoundary name="Response" keepPage>
          <ResponsePanel />
        </ErrorBoundary>
      </section>
    </main>
  );
}
