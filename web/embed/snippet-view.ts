import type { SnippetCheckResult, SnippetDiagnostic, SnippetRequest, SnippetResponse } from '../../runtime/embed/snippet-protocol.ts';
import { bodyKind, prettyJson, statusText } from '../exchange/response/format.ts';
import { formatDuration } from '../layout/units.ts';
import { highlightInto } from './highlight-typescript.ts';
import { requestLine } from './snippet-request.ts';
import { SNIPPET_CSS } from './snippet-styles.ts';

/** How the view was asked to look. */
export interface ViewOptions {
  /** Show the code (false when the page's own code block before the snippet shows it, read-only). */
  showCode: boolean;
  editable: boolean;
  requests: SnippetRequest[];
  /** What the snippet is, for its Run button's accessible name. */
  label: string;
  /** The code area's height (a CSS length), or null to fit the code. */
  height: string | null;
}

/** What the view tells the element. */
export interface ViewEvents {
  run(): void;
  /** The reader pressed Stop while the program started or answered. */
  stop(): void;
  edited(file: string, code: string): void;
}

/** The most console lines a snippet keeps. */
const MAX_CONSOLE_LINES = 200;

/** `tag` with `className` and text: every text the view shows goes in as text, never as HTML. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

/**
 * A snippet's shadow DOM: its files (tabs when several), the code (highlighted; a text area over it when
 * editable), the bar (Run, the request, a polite live status) and what came back (response, checks, console).
 */
export class SnippetView {
  private readonly box = el('div', 'snippet');
  private readonly files = el('div', 'files');
  private readonly code = el('div', 'code');
  private readonly runButton = el('button', 'run', 'Run');
  private readonly stopButton = el('button', 'stop', 'Stop');
  private readonly note = el('p', 'note');
  private readonly state = el('span', 'state');
  private readonly picker: HTMLSelectElement | null = null;
  private readonly out = el('section', 'out');
  private readonly checks = el('ul', 'checks');
  private readonly consoleLines = el('pre');
  private readonly consoleBox = el('details');
  private current = '';
  private sources: Record<string, string> = {};

  /** Builds the view into `shadow`. */
  constructor(
    shadow: ShadowRoot,
    private readonly options: ViewOptions,
    private readonly events: ViewEvents,
  ) {
    const style = el('style', '', SNIPPET_CSS);
    const bar = el('div', 'bar');
    this.runButton.type = 'button';
    this.runButton.setAttribute('aria-label', `Run ${options.label}`);
    this.runButton.addEventListener('click', () => events.run());
    this.stopButton.type = 'button';
    this.stopButton.hidden = true;
    this.stopButton.addEventListener('click', () => events.stop());
    bar.append(this.runButton, this.stopButton);
    if (options.requests.length > 1) {
      this.picker = el('select');
      this.picker.setAttribute('aria-label', 'Request');
      for (const [index, request] of options.requests.entries()) this.picker.append(new Option(requestLine(request), String(index)));
      bar.append(this.picker);
    } else bar.append(el('code', '', requestLine(options.requests[0])));
    this.state.setAttribute('role', 'status');
    bar.append(this.state);
    this.out.setAttribute('aria-label', 'Response');
    this.checks.setAttribute('aria-label', 'Checks');
    this.consoleBox.append(el('summary', '', 'Console'), this.consoleLines);
    this.consoleBox.hidden = true;
    this.note.hidden = true;
    if (options.height) this.code.style.setProperty('--code-height', options.height);
    this.box.append(this.code, bar, this.out, this.checks, this.consoleBox, this.note);
    shadow.append(style, this.box);
    this.code.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      events.run();
    });
  }

  /** Colours for a dark page, or a light one. */
  setDark(dark: boolean): void {
    this.box.classList.toggle('dark', dark);
  }

  /** Shows `files` (the visible ones), keeping the open file when it is still there. */
  setFiles(files: Record<string, string>): void {
    this.sources = { ...files };
    const names = Object.keys(files);
    if (!names.includes(this.current)) this.current = names[0] ?? '';
    // No strip for one file: an empty strip of one tab is noise, whatever a stylesheet says of [hidden].
    if (!this.options.showCode || names.length < 2) this.files.remove();
    else if (!this.files.isConnected) this.box.prepend(this.files);
    this.files.setAttribute('role', 'tablist');
    this.files.replaceChildren(
      ...names.map((name) => {
        const tab = el('button', '', name);
        tab.type = 'button';
        tab.setAttribute('role', 'tab');
        tab.setAttribute('aria-selected', String(name === this.current));
        tab.addEventListener('click', () => ((this.current = name), this.setFiles(this.sources)));
        return tab;
      }),
    );
    this.showCode();
  }

  private showCode(): void {
    this.code.hidden = !this.options.showCode;
    if (!this.options.showCode) return;
    const pre = el('pre');
    const text = el('code');
    pre.append(text);
    highlightInto(text, this.sources[this.current] ?? '');
    if (!this.options.editable) return void this.code.replaceChildren(pre);
    pre.setAttribute('aria-hidden', 'true');
    const area = el('textarea');
    area.value = this.sources[this.current] ?? '';
    area.spellcheck = false;
    area.setAttribute('autocapitalize', 'off');
    area.setAttribute('aria-label', `Code of ${this.current} (Ctrl+Enter runs)`);
    area.addEventListener('input', () => {
      this.sources[this.current] = area.value;
      highlightInto(text, area.value);
      this.events.edited(this.current, area.value);
    });
    this.code.replaceChildren(pre, area);
  }

  /** The request chosen. */
  get requestIndex(): number {
    return this.picker ? Number(this.picker.value) : 0;
  }

  /** Says what the snippet is doing (announced politely), and holds the button while `busy`, offering Stop instead. */
  setState(text: string, busy = false): void {
    this.state.textContent = text;
    this.runButton.disabled = busy;
    this.stopButton.hidden = !busy;
  }

  /** Shows a line under the snippet about what this browser keeps of it (null: nothing to say). */
  setNote(text: string | null): void {
    this.note.textContent = text ?? '';
    this.note.hidden = text === null;
  }

  /** The button's word: Run until the program runs, then Send. */
  setRunWord(word: 'Run' | 'Send'): void {
    this.runButton.textContent = word;
  }

  /** Shows a response: status and time, headers folded, the body as text (an HTML page in a script-less sandbox). */
  showResponse(response: SnippetResponse): void {
    const ok = response.status < 400;
    const line = `${response.status} ${statusText(response.status, response.statusText)}`.trim();
    const status = el('div', `status ${ok ? 'ok' : 'bad'}`, `${line} · ${formatDuration(response.ms)}`);
    const headers = el('details');
    headers.append(el('summary', '', 'Headers'), el('pre', '', response.headers.map(([name, value]) => `${name}: ${value}`).join('\n')));
    const type = response.headers.find(([name]) => name === 'content-type')?.[1] ?? '';
    const kind = bodyKind(type, response.body);
    let body: HTMLElement;
    if (kind === 'html') {
      body = el('iframe');
      // No scripts, an opaque origin: the page's HTML is shown, never run, never in this page's DOM.
      body.setAttribute('sandbox', '');
      body.setAttribute('title', 'HTML response');
      (body as HTMLIFrameElement).srcdoc = response.body;
    } else {
      const text = kind === 'json' ? prettyJson(response.body) : kind === 'binary' ? '(binary body)' : response.body;
      body = el('pre', '', text + (response.truncated ? '\n… (cut)' : ''));
    }
    this.out.replaceChildren(status, headers, body);
  }

  /** Shows why the program did not run. */
  showFailure(message: string, diagnostics: SnippetDiagnostic[]): void {
    const lines = diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`);
    this.out.replaceChildren(el('div', 'status bad', message), el('pre', '', lines.join('\n')));
  }

  /** Shows each check with what failed. */
  showChecks(results: SnippetCheckResult[]): void {
    this.checks.replaceChildren(
      ...results.map((result) => {
        const item = el('li', result.passed ? 'passed' : 'failed', `${result.title}: ${result.passed ? 'passed' : 'failed'}`);
        if (!result.passed) item.append(el('small', '', result.failures.join('\n')));
        return item;
      }),
    );
  }

  /** Adds a console line of the program (the oldest go past MAX_CONSOLE_LINES). */
  addConsole(level: string, text: string): void {
    this.consoleBox.hidden = false;
    const lines = `${this.consoleLines.textContent ?? ''}${level === 'log' ? '' : `[${level}] `}${text}\n`.split('\n');
    this.consoleLines.textContent = lines.slice(-MAX_CONSOLE_LINES - 1).join('\n');
  }
}
