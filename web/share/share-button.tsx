import { useEffect, useRef, useState } from 'react';
import { useStore } from '../state/store.ts';
import { makeShareLink } from './make-share-link.ts';
import { useShare } from './share-store.ts';
import { useFiles } from '../state/files-store.ts';
import { useRequest } from '../exchange/request/request-store.ts';

/** The toolbar's Share button and the link it made (copied, or selected for a manual copy). */
export function ShareButton() {
  const files = useFiles();
  const request = useRequest();
  const sharing = useShare();
  const { shareStore } = sharing;
  const made = useStore(shareStore, (s) => s.made);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (made && !made.copied) field.current?.select();
  }, [made]);
  const share = async () => {
    setBusy(true);
    try {
      await makeShareLink(files, request, sharing, sharing.target);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="relative">
      <button type="button" className="btn-ghost" disabled={busy} onClick={() => void share()} aria-keyshortcuts="Control+S Meta+S">
        Share <span className="sr-only">(Ctrl/Cmd+S)</span>
      </button>
      {made && (
        <div
          role="dialog"
          aria-label="Share link"
          className="absolute top-full left-0 z-40 mt-1 flex w-[28rem] max-w-[90vw] flex-col gap-2 rounded border border-slate-400 bg-white p-3 text-sm shadow-lg dark:border-slate-600 dark:bg-slate-950"
          onKeyDown={(e) => e.key === 'Escape' && shareStore.set({ made: null })}
        >
          <p role="status" data-testid="share-status">
            {made.copied ? 'Link copied to the clipboard' : 'Copy this link'} ({made.url.length.toLocaleString('en')} characters).
          </p>
          <input
            ref={field}
            className="field w-full font-mono text-xs"
            readOnly
            value={made.url}
            aria-label="Share link address"
            onFocus={(e) => e.target.select()}
          />
          {made.warning && (
            <p
              role="alert"
              data-testid="share-warning"
              className="rounded border border-amber-600 bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
            >
              {made.warning}
            </p>
          )}
          <button type="button" className="btn-ghost self-end" onClick={() => shareStore.set({ made: null })}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}
