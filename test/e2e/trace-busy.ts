/**
 * Where a Chromium trace's time went, for warm-reload-profile.ts: how busy each thread of each process was (its
 * top-level tasks) between the trace's start and a given moment, and a thread's own time by event and kind.
 */

/** The fields of a trace event read here (Chrome's trace event format). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts?: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string } };
}

/** One thread's busy time (ms) and its longest tasks as `start+duration` (ms since the trace began). */
export interface ThreadBusy {
  process: string;
  thread: string;
  busyMs: number;
  longest: string[];
}

/** A thread's top-level unit of work in Chromium's traces. */
const TASK = 'ThreadControllerImpl::RunTask';

/** The kind of work an event of the timeline is, by its name. */
const KINDS: [RegExp, string][] = [
  [/UpdateLayoutTree|Layout|Paint|Layerize|[Rr]ecalcStyle|Lifecycle|^Commit$/, 'style, layout, paint'],
  [/^V8\.(Compile|Parse|PreParse|Maglev|Optimize)|^v8\.compile/, 'V8 compile'],
  [/produce(Module)?Cache|CompileSerialize/, 'V8 code cache written'],
  [/GC|Scavenge|MarkCompact/, 'garbage collection'],
  [/Frame::Detach|Document::shutdown/, 'the old document torn down'],
  [/ParseHTML|HTMLDocumentParser|CommitNavigation|NavigationBodyLoader|Document::Document|ResourceFetcher/, 'loading and HTML'],
  [/FunctionCall|evaluateModule|EvaluateScript|RunMicrotasks|v8\.|BytecodeBudget/, 'script'],
];

/** The kind of work (KINDS) an event named `name` is. */
export const kindOf = (name: string): string => KINDS.find(([pattern]) => pattern.test(name))?.[1] ?? 'other';

const key = (event: TraceEvent): string => `${event.pid}/${event.tid}`;

/** The time origin of a trace taken by Playwright's `browser.startTracing`: its start in the browser process. */
function origin(events: TraceEvent[]): number {
  const started = events.find((event) => event.name === 'TracingStartedInBrowser')?.ts;
  return started ?? events.reduce((first, event) => Math.min(first, event.ts ?? Infinity), Infinity);
}

/** Each thread's top-level tasks that began within `endMs` of the trace's start, by thread. */
function tasksByThread(events: TraceEvent[], endMs: number): Map<string, TraceEvent[]> {
  const start = origin(events);
  const out = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph !== 'X' || event.name !== TASK || event.ts === undefined) continue;
    const at = (event.ts - start) / 1000;
    if (at < 0 || at > endMs) continue;
    out.set(key(event), [...(out.get(key(event)) ?? []), event]);
  }
  return out;
}

/** The `count` busiest threads up to `endMs`, busiest first. */
export function busiestThreads(events: TraceEvent[], endMs: number, count = 10): ThreadBusy[] {
  const start = origin(events);
  const threads = new Map<string, string>();
  const processes = new Map<number, string>();
  for (const event of events) {
    if (event.ph !== 'M') continue;
    if (event.name === 'thread_name') threads.set(key(event), event.args?.name ?? '?');
    if (event.name === 'process_name') processes.set(event.pid, event.args?.name ?? '?');
  }
  const span = (task: TraceEvent): string => `${(((task.ts ?? 0) - start) / 1000).toFixed(0)}+${((task.dur ?? 0) / 1000).toFixed(0)}`;
  return [...tasksByThread(events, endMs)]
    .map(([id, tasks]) => ({
      process: processes.get(Number(id.split('/')[0])) ?? '?',
      thread: threads.get(id) ?? '?',
      busyMs: tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000,
      longest: [...tasks]
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 4)
        .map(span),
    }))
    .sort((a, b) => b.busyMs - a.busyMs)
    .slice(0, count);
}

/**
 * The thread `pid/tid`'s own time (ms) in each kind of event up to `endMs`: an event's duration less its inner
 * events', by event name; only time inside a task counts.
 */
export function ownTimes(events: TraceEvent[], thread: string, endMs: number): Map<string, number> {
  const start = origin(events);
  const timeline = events
    .filter((event) => event.ph === 'X' && key(event) === thread && event.ts !== undefined)
    .filter((event) => (event.ts ?? 0) >= start && ((event.ts ?? 0) - start) / 1000 <= endMs)
    .sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0) || (b.dur ?? 0) - (a.dur ?? 0));
  const out = new Map<string, number>();
  const open: { end: number; name: string; own: number }[] = [];
  const close = (until: number): void => {
    while (open.length && open[open.length - 1].end <= until) {
      const done = open.pop()!;
      out.set(done.name, (out.get(done.name) ?? 0) + done.own / 1000);
    }
  };
  for (const event of timeline) {
    const from = event.ts ?? 0;
    const dur = event.dur ?? 0;
    close(from);
    const outer = open[open.length - 1];
    if (!outer && event.name !== TASK) continue;
    if (outer) outer.own -= Math.min(dur, outer.end - from);
    open.push({ end: from + dur, name: event.name, own: dur });
  }
  close(Infinity);
  return out;
}

/** When (ms since the trace began) the thread `pid/tid` first committed a navigation: the new document's start. */
export function commitAt(events: TraceEvent[], thread: string): number | undefined {
  const commit = events.find((event) => event.name === 'DocumentLoader::CommitNavigation' && key(event) === thread);
  return commit?.ts === undefined ? undefined : (commit.ts - origin(events)) / 1000;
}

/** The `pid/tid` of the main thread of the renderer that ran a script from `urlPart` (the page's own entry). */
export function mainThreadOf(events: TraceEvent[], urlPart: string): string | undefined {
  const run = events.find((event) => event.name === 'v8.compileModule' && event.args?.data?.url?.includes(urlPart));
  return run && key(run);
}
