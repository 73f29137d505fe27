import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import entries from 'virtual:halo-api';
import { useStore } from '../state/store.ts';
import { findApiEntry, type ApiEntry } from '../../runtime/contract/api-entry.ts';
import { useApiPanel } from './api-panel-store.ts';
import { membersOf, searchApi } from './search-api.ts';

/** One paragraph of TSDoc as React nodes: `code` spans, `{@link X}` as X; never HTML. */
function inlineDoc(text: string): ReactNode[] {
  return text
    .replace(/\{@link\s+([^}\s|]+)[^}]*\}/g, '`$1`')
    .replace(/\s*\n\s*/g, ' ')
    .split('`')
    .map((part, i) =>
      i % 2 === 1 ? (
        <code key={i} className="rounded bg-slate-100 px-1 font-mono text-[0.9em] dark:bg-slate-800">
          {part}
        </code>
      ) : (
        part
      ),
    );
}

/** The first sentence of a TSDoc text, for lists. */
function summaryOf(doc: string): ReactNode[] {
  return inlineDoc(doc.split(/\n\s*\n|(?<=\.)\s/)[0]);
}

/** TSDoc text with its blank lines as paragraphs. */
function DocText({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((paragraph, p) => (
        <p key={p} className="my-1">
          {inlineDoc(paragraph)}
        </p>
      ))}
    </>
  );
}

function EntryLink({ id, children }: { id: string; children?: ReactNode }) {
  const { openApiReference } = useApiPanel();
  return (
    <button
      type="button"
      className="api-link text-left font-mono text-blue-700 underline dark:text-blue-300"
      onClick={() => openApiReference(id)}
    >
      {children ?? id}
    </button>
  );
}

function Signature({ text }: { text: string }) {
  return (
    <pre className="my-2 overflow-x-auto rounded border border-slate-300 bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap dark:border-slate-700 dark:bg-slate-950">
      {text}
    </pre>
  );
}

function EntryView({ entry, asked }: { entry: ApiEntry; asked: string }) {
  const { openApiReference } = useApiPanel();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [entry.id]);
  const members = entry.parent ? [] : membersOf(entries, entry.id);
  return (
    <article aria-labelledby="api-entry-title" className="p-3 text-sm">
      <button type="button" className="btn-ghost mb-2" onClick={() => openApiReference(null)}>
        ← All of the API
      </button>
      <h3 id="api-entry-title" ref={heading} tabIndex={-1} className="font-mono text-base font-bold">
        {entry.id} <span className="ml-1 align-middle font-sans text-xs font-normal text-slate-700 dark:text-slate-300">{entry.kind}</span>
      </h3>
      {asked !== entry.id && (
        <p className="text-xs text-slate-700 dark:text-slate-300">
          {asked} is inherited: it is {entry.id}.
        </p>
      )}
      {entry.parent && (
        <p className="text-xs">
          Member of <EntryLink id={entry.parent} />
        </p>
      )}
      <Signature text={entry.signature} />
      {entry.doc ? <DocText text={entry.doc} /> : <p className="italic">No description.</p>}
      {entry.tags.length > 0 && (
        <dl className="mt-2">
          {entry.tags.map((tag, i) => (
            <div key={i} className="my-1">
              <dt className="font-mono text-xs font-semibold">@{tag.name}</dt>
              <dd className="pl-3">
                <DocText text={tag.text} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {entry.base && (
        <p className="mt-2">
          Extends <EntryLink id={entry.base} />
        </p>
      )}
      {members.length > 0 && (
        <>
          <h4 className="mt-3 mb-1 font-semibold">Members</h4>
          <ul className="space-y-1">
            {members.map(({ entry: member, from }) => (
              <li key={member.id}>
                <EntryLink id={member.id}>{member.id.slice(from.length + 1)}</EntryLink>
                {from !== entry.id && <span className="text-xs text-slate-700 dark:text-slate-300"> (from {from})</span>}
                {member.doc && <span className="text-xs"> — {summaryOf(member.doc)}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}

/**
 * The `halo` module's API reference: made at build time from the framework's sources and their TSDoc,
 * so it works offline; a search over names and descriptions, and one page per symbol.
 */
export function ApiReference() {
  const { apiPanelStore } = useApiPanel();
  const asked = useStore(apiPanelStore, (s) => s.entry);
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchApi(entries, query), [query]);
  const entry = asked ? findApiEntry(entries, asked) : undefined;
  const searchId = useId();
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!entry) search.current?.focus();
  }, [entry]);
  if (entry && asked) return <EntryView entry={entry} asked={asked} />;
  return (
    <div className="p-3 text-sm">
      <label htmlFor={searchId} className="block font-semibold">
        Search the API
      </label>
      <input
        id={searchId}
        ref={search}
        type="search"
        className="field mt-1 w-full"
        value={query}
        placeholder="e.g. use, badRequest, MapService"
        onChange={(event) => setQuery(event.target.value)}
        aria-describedby={`${searchId}-count`}
      />
      <p id={`${searchId}-count`} className="mt-1 text-xs text-slate-700 dark:text-slate-300" aria-live="polite">
        {results.length === 0 ? 'No match.' : `${results.length} ${results.length === 1 ? 'entry' : 'entries'}`}
      </p>
      <ul className="mt-2 space-y-1" aria-label="API entries">
        {results.map((result) => (
          <li key={result.id}>
            <EntryLink id={result.id} /> <span className="text-xs text-slate-700 dark:text-slate-300">{result.kind}</span>
            {result.doc && <div className="text-xs">{summaryOf(result.doc)}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}
