import {
  CHECKS_COPY_SUFFIX,
  MAX_TIME_LIMIT_MS,
  type SnippetCheckResult,
  type SnippetRequest,
  type SnippetResponse,
} from '../../runtime/embed/snippet-protocol.ts';
import { assembleProgram, type SnippetFiles } from './assemble-program.ts';
import { frameLink, type FrameLink } from './frame-link.ts';
import { readSnippetSource, type SnippetSource } from './snippet-source.ts';
import { requestLine, requestOf, type RequestInput } from './snippet-request.ts';
import { SnippetView } from './snippet-view.ts';
import { watchPageTheme } from './page-theme.ts';

let snippets = 0;

/** What a snippet says under itself where the browser lets its frame keep nothing (Chromium's third-party frames). */
const NOT_KEPT_NOTE =
  'This browser keeps nothing in this example’s own frame: this page keeps its data, and it needs the network to run again.';

/** The `time-limit` attribute (seconds) in milliseconds, or undefined for the default (5 s) when absent or not a number. */
function timeLimitOf(value: string | null): number | undefined {
  const seconds = Number(value);
  if (value === null || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  return Math.min(MAX_TIME_LIMIT_MS, Math.max(100, Math.round(seconds * 1000)));
}

/**
 * `<halo-snippet>`: a code block of the page made a live Halo program with a request to send. Until Run (or,
 * with `autoload`, until it scrolls into view) it is the code and a button: the frame, compiler and sandbox
 * load at the first Run of any snippet of the page, once for all of them. The author's code runs without a
 * consent click: it is the page's own, like any script of it. Its API (`setFiles`, `getFiles`, `send`,
 * `runChecks`; events `ready`, `response`, `checks`) is documented in docs/embed.md.
 */
export class HaloSnippet extends HTMLElement {
  /** The snippet frame of the build embed.js came from; set by embed.ts. */
  static frameUrl: URL;
  /** This snippet's name in the frame (page-unique). */
  private readonly key = `s${++snippets}`;
  private source: SnippetSource | null = null;
  private view: SnippetView | null = null;
  private files: Record<string, string> = {};
  /** The program files the running program was built from (as JSON), or null when none runs. */
  private ranFrom: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private stopWatchingTheme: (() => void) | null = null;
  /** Set by Stop until the next Run: what the frame answers for the stopped work is not shown as its outcome. */
  private stopping = false;

  /** Sets the snippet up once its children are parsed (embed.js may load before the rest of the page). */
  connectedCallback(): void {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => this.setUp(), { once: true });
    else this.setUp();
  }

  /** Forgets the theme watch and stops the program: a removed snippet holds no worker. */
  disconnectedCallback(): void {
    this.stopWatchingTheme?.();
    this.stopWatchingTheme = null;
    if (this.ranFrom !== null) void this.link().tell({ type: 'stop', id: this.key });
    this.ranFrom = null;
  }

  private setUp(): void {
    if (this.view || !this.isConnected) return;
    const source = readSnippetSource(this);
    this.source = source;
    this.files = { ...source.visible };
    const editable = this.hasAttribute('editable');
    const names = Object.keys(this.files);
    // An editable snippet, or one of several files, shows its own code in place of the page's block.
    const showCode = editable || source.block === null || names.length > 1;
    if (showCode && source.block instanceof HTMLElement) {
      source.block.hidden = true;
      source.block.style.setProperty('display', 'none', 'important');
    }
    const label = this.getAttribute('label') ?? `${names[0] ?? 'program'}: ${requestLine(source.requests[0])}`;
    const height = this.getAttribute('height');
    this.view = new SnippetView(
      this.attachShadow({ mode: 'open' }),
      {
        showCode,
        editable,
        requests: source.requests,
        label,
        height: height && /^\d+$/.test(height) ? `${height}px` : height,
      },
      {
        run: () => void this.send().catch(() => undefined),
        stop: () => this.stop(),
        edited: (file, code) => (this.files[file] = code),
      },
    );
    this.view.setFiles(this.files);
    this.stopWatchingTheme = watchPageTheme(
      () => this.getAttribute('theme'),
      (dark) => this.view?.setDark(dark),
    );
    if (this.hasAttribute('autoload')) this.loadWhenSeen();
  }

  /** The files the reader sees, with their edits. */
  getFiles(): Record<string, string> {
    return { ...this.files };
  }

  /** Replaces the files the reader sees; the next Run or `send` runs them. */
  setFiles(files: Record<string, string>): void {
    if (typeof files !== 'object' || files === null || Object.values(files).some((code) => typeof code !== 'string')) {
      throw new TypeError('setFiles takes an object of file names to source text.');
    }
    this.files = { ...files };
    this.view?.setFiles(this.files);
  }

  /**
   * Sends `request` (default: the one chosen in the snippet) to the program, running it first when it does not
   * run or its code changed; resolves with the response, also sent as the `response` event. Null when the
   * program did not run (the snippet shows why).
   */
  send(request?: RequestInput): Promise<SnippetResponse | null> {
    const chosen = request === undefined ? this.chosenRequest() : requestOf(request);
    if (!chosen) return Promise.reject(new TypeError('send takes "METHOD /path" or { method, path, headers, body }.'));
    return this.serially(async () => {
      this.stopping = false;
      try {
        const fresh = await this.ensureRunning();
        if (fresh === null) return null;
        const response = await this.exchange(chosen);
        if (fresh && response && this.source?.checks) await this.checkNow();
        return response;
      } catch (error) {
        // The frame did not load (offline, blocked, moved): the reader is told, and the next Run tries again.
        return this.failed(error instanceof Error ? error.message : String(error));
      }
    });
  }

  /** Stops the program while it starts or answers (the Stop button): the reader's way out of an endless loop. */
  stop(): void {
    if (!this.view) return;
    this.stopping = true;
    const link = this.link();
    void link.tell({ type: 'stop', id: this.key });
    void link.tell({ type: 'stop', id: `${this.key}${CHECKS_COPY_SUFFIX}` });
  }

  /** Shows `message` as the outcome; nothing runs from here on. */
  private failed(message: string): null {
    this.ranFrom = null;
    this.view?.setRunWord('Run');
    this.view?.showFailure(message, []);
    this.view?.setState(message);
    return null;
  }

  /** Runs the snippet's checks (attribute `checks`) on a fresh copy of the program; resolves with the results, also the `checks` event. */
  runChecks(): Promise<SnippetCheckResult[] | null> {
    return this.serially(() => this.checkNow());
  }

  private chosenRequest(): SnippetRequest | null {
    return this.source?.requests[this.view?.requestIndex ?? 0] ?? null;
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private link(): FrameLink {
    const link = frameLink(HaloSnippet.frameUrl);
    link.onConsole(this.key, (level, text) => this.view?.addConsole(level, text));
    return link;
  }

  /** The program, built from this snippet and those it builds on (`depends-on`, ids of earlier snippets). */
  private programFiles(): Record<string, string> {
    return assembleProgram(this.chain(new Set()));
  }

  private chain(seen: Set<HaloSnippet>): SnippetFiles[] {
    if (seen.has(this)) return [];
    seen.add(this);
    const ids = (this.getAttribute('depends-on') ?? '').split(/\s+/).filter(Boolean);
    const earlier = ids.map((id) => document.getElementById(id)).filter((node) => node instanceof HaloSnippet);
    return [...earlier.flatMap((snippet) => snippet.chain(seen)), { visible: this.files, hidden: this.source?.hidden ?? {} }];
  }

  /** Runs the program unless it runs from these files already: true when it was (re)started, false when it ran, null when it failed. */
  private async ensureRunning(): Promise<boolean | null> {
    const files = this.programFiles();
    const from = JSON.stringify(files);
    if (from === this.ranFrom) return false;
    this.view?.setState('Starting the program…', true);
    const link = this.link();
    const answer = await link.run(this.key, files, timeLimitOf(this.getAttribute('time-limit')));
    if (this.stopping) {
      if (answer.type === 'ran' && answer.ok) void link.tell({ type: 'stop', id: this.key });
      return this.failed('Stopped.');
    }
    const note = answer.type === 'ran' && answer.ok ? answer.note : undefined;
    this.view?.setNote(note ?? (link.kept ? null : NOT_KEPT_NOTE));
    if (answer.type === 'ran' && answer.ok) {
      this.ranFrom = from;
      this.view?.setRunWord('Send');
      this.dispatchEvent(new CustomEvent('ready', { detail: { origin: answer.origin } }));
      return true;
    }
    this.ranFrom = null;
    const message = answer.type === 'ran' && !answer.ok ? answer.message : answer.type === 'refused' ? answer.reason : 'No answer.';
    this.view?.showFailure(message, answer.type === 'ran' && !answer.ok ? answer.diagnostics : []);
    this.view?.setState(message);
    return null;
  }

  private async exchange(request: SnippetRequest): Promise<SnippetResponse | null> {
    this.view?.setState(`Sending ${requestLine(request)}…`, true);
    const answer = await this.link().ask({ type: 'send', id: this.key, request });
    if (this.stopping) return this.failed('Stopped.');
    if (answer.type !== 'response') {
      const reason = answer.type === 'refused' ? answer.reason : 'No answer.';
      this.view?.showFailure(reason, []);
      this.view?.setState(reason);
      return null;
    }
    const { response } = answer;
    this.view?.showResponse(response);
    this.view?.setState(`${requestLine(request)}: ${response.status} in ${response.ms} ms`);
    this.dispatchEvent(new CustomEvent('response', { detail: response }));
    return response;
  }

  private async checkNow(): Promise<SnippetCheckResult[] | null> {
    const checks = this.source?.checks;
    if (checks === null || checks === undefined) return null;
    // A copy of the program of its own: the checks' requests do not change what the reader's program holds.
    const id = `${this.key}${CHECKS_COPY_SUFFIX}`;
    const link = this.link();
    const ran = await link.run(id, this.programFiles(), timeLimitOf(this.getAttribute('time-limit')));
    const answer = ran.type === 'ran' && ran.ok ? await link.ask({ type: 'checks', id, checks }) : ran;
    void link.tell({ type: 'stop', id });
    if (answer.type !== 'checks') {
      this.view?.showChecks([
        { title: 'Checks', passed: false, failures: [answer.type === 'refused' ? answer.reason : 'The program did not run.'] },
      ]);
      return null;
    }
    this.view?.showChecks(answer.results);
    this.dispatchEvent(new CustomEvent('checks', { detail: answer.results }));
    return answer.results;
  }

  /** Runs once the snippet scrolls into view (`autoload`). */
  private loadWhenSeen(): void {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void this.send().catch(() => undefined);
    });
    observer.observe(this);
  }
}
