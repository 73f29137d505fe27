import { CONNECT, PROTOCOL_VERSION, type FromFrame, type ToFrame } from '../../runtime/embed/snippet-protocol.ts';
import { dropBundle, keepBundle, keptBundle } from './kept-bundles.ts';
import { databasesWritten, keepDatabaseChange, keptDatabases } from './kept-databases.ts';

/** A message to the frame, without the sequence number the link gives it. */
type Ask = ToFrame extends infer M ? (M extends { seq: number } ? Omit<M, 'seq'> : never) : never;

/** How long the frame may take to say hello once loaded: past it, it is not a Halo frame (a 404 page, a proxy's page). */
const HELLO_AFTER_LOAD_MS = 20_000;
/** The longest an answer waits for the page to write the database changes made before it (a stuck IndexedDB). */
const WRITE_WAIT_MS = 30_000;
/** How long the frame may take to load at all. */
const LOAD_MS = 90_000;

/** An answer to one question: anything the frame sends with its `seq`. */
type Answer = Extract<FromFrame, { seq?: number }>;

/**
 * The page's one connection to the snippet frame (`web/embed/frame.html` of the playground's build): one hidden
 * frame for every snippet of the page, opened at the first Run, so the page pays for the compiler and the
 * sandbox once. Messages go over a private MessagePort; the frame cannot reach the page, nor the page the frame.
 */
export class FrameLink {
  private readonly port: Promise<MessagePort>;
  private readonly waiting = new Map<number, (answer: Answer) => void>();
  private readonly consoles = new Map<string, (level: string, text: string) => void>();
  private nextSeq = 1;
  /** The frame's build (its hello says): what the page keeps from it is handed back to it only. */
  private build = '';
  /** Whether the browser lets the frame keep storage between visits (its hello says). */
  kept = true;
  private readonly frame = document.createElement('iframe');

  /** Opens the frame at `frameUrl` in the page (never seen: it shows nothing; the snippets show its answers). */
  constructor(frameUrl: URL) {
    const frame = this.frame;
    // Scripts and its own origin (its compiler's cache); no top navigation, popups, forms or downloads.
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
    frame.title = 'Halo snippets';
    frame.hidden = true;
    // An inline !important beats any stylesheet of the page (a theme's `iframe { display: block }` beats [hidden]).
    frame.style.setProperty('display', 'none', 'important');
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    frame.src = frameUrl.href;
    this.port = new Promise<MessagePort>((resolve, reject) => {
      const unreachable = `Halo's snippet frame (${frameUrl.href}) could not be loaded`;
      let timer = setTimeout(() => reject(new Error(`${unreachable}: it did not load within ${LOAD_MS / 1000} s.`)), LOAD_MS);
      frame.addEventListener('load', () => {
        clearTimeout(timer);
        timer = setTimeout(
          () => reject(new Error(`${unreachable}: it loaded, but is not a Halo snippet frame, or it did not start.`)),
          HELLO_AFTER_LOAD_MS,
        );
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<FromFrame>) => {
          const data = event.data;
          if (data.type === 'hello') {
            clearTimeout(timer);
            this.build = data.build;
            this.kept = data.kept !== false;
            if (this.kept) return resolve(channel.port1);
            // Before any run: the frame then finds what the page kept for its databases (kept-databases.ts).
            return void keptDatabases(data.build).then((databases) => {
              const bytes = databases.flatMap((database) => database.files.flatMap((file) => (file.data ? [file.data] : [])));
              channel.port1.postMessage({ type: 'databases', databases } satisfies ToFrame, bytes);
              resolve(channel.port1);
            });
          }
          if (data.type === 'refused' && data.seq === undefined && data.id === undefined) {
            clearTimeout(timer);
            reject(new Error(`The snippet frame refused: ${data.reason}`));
          }
          this.receive(data);
        };
        frame.contentWindow?.postMessage({ type: CONNECT, version: PROTOCOL_VERSION }, frameUrl.origin, [channel.port2]);
      });
      frame.addEventListener('error', () => reject(new Error(`${unreachable}.`)));
    });
    // A failed frame is dropped: the next Run opens a new one (the reader may be back online).
    this.port.catch(() => this.close());
    document.body.append(frame);
  }

  private close(): void {
    this.frame.remove();
    if (link === this) link = null;
  }

  /** Sends `message` and resolves with the frame's answer to it. */
  async ask(message: Ask): Promise<Answer> {
    const port = await this.port;
    const seq = this.nextSeq++;
    return new Promise((resolve) => {
      this.waiting.set(seq, resolve);
      port.postMessage({ ...message, seq });
    });
  }

  /**
   * Runs `files` as snippet `id`'s program: with the program this frame's build compiled from them before, if the
   * page kept it (kept-bundles.ts), so the frame need not compile; keeps what the frame hands back to keep.
   */
  async run(id: string, files: Record<string, string>, timeLimitMs?: number): Promise<Answer> {
    await this.port;
    const from = JSON.stringify(files);
    const bundle = keptBundle(this.build, from);
    const answer = await this.ask({ type: 'run', id, files, ...(bundle ? { bundle } : {}), ...(timeLimitMs ? { timeLimitMs } : {}) });
    const ran = answer.type === 'ran' && answer.ok;
    if (ran && answer.keep) keepBundle(this.build, from, answer.keep);
    else if (bundle && !ran) dropBundle(this.build, from);
    return answer;
  }

  /** Sends `message`, which has no answer (nothing, when the frame failed: nothing runs there). */
  async tell(message: Extract<ToFrame, { type: 'stop' }>): Promise<void> {
    (await this.port.catch(() => null))?.postMessage(message);
  }

  /** Passes the console lines of snippet `id`'s program to `listener`. */
  onConsole(id: string, listener: (level: string, text: string) => void): void {
    this.consoles.set(id, listener);
  }

  private receive(data: FromFrame): void {
    if (data.type === 'console') return this.consoles.get(data.id)?.(data.level, data.text);
    // Said on the frame element, for whoever tests or debugs a page: this frame would run with no network next time.
    if (data.type === 'offline') return void (this.frame.dataset.offline = 'kept');
    if (data.type === 'keep-database') return keepDatabaseChange(this.build, String(data.name), data.put, data.remove);
    if (data.type === 'hello' || data.seq === undefined) return;
    const waiter = this.waiting.get(data.seq);
    this.waiting.delete(data.seq);
    if (this.kept) return waiter?.(data);
    // What the frame changed before this answer is written first, so a reload once the reader saw it keeps it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise((resolve) => (timer = setTimeout(resolve, WRITE_WAIT_MS)));
    void Promise.race([databasesWritten(), late]).then(() => (clearTimeout(timer), waiter?.(data)));
  }
}

let link: FrameLink | null = null;

/** The page's link to the frame at `frameUrl`, opened on first use. */
export function frameLink(frameUrl: URL): FrameLink {
  link ??= new FrameLink(frameUrl);
  return link;
}
