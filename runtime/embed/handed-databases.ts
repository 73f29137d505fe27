import type { PgCall, PgFile, PgReply } from '../contract/pg-broker-protocol.ts';
import { CHECKS_COPY_SUFFIX, type FromFrame, type KeptDatabase } from './snippet-protocol.ts';

/** How the frame answers a program's PGlite call (engine.ts's answerCall, bound to the site). */
type AnswerCall = (call: PgCall) => Promise<{ reply: PgReply; transfer: Transferable[] }>;

/** What a snippet says when the database the page kept for it did not open. */
export const DATABASE_RESET_NOTE = 'The data this page kept for this example could not be opened, so it starts with an empty database.';

/**
 * The snippets' databases where the browser denies the frame IndexedDB (Chromium's third-party frames): they live in
 * the frame's memory (pg-store.ts), and the page keeps a copy in its own IndexedDB (web/embed/kept-databases.ts). Each
 * change a program stores (only the files it changed, see BrokeredPgFs) is handed to the page once it is stored here,
 * in the order made, off the program's path; the frame answers the page only once every change made before the answer
 * was handed over (`settled`), and the page writes them before it shows the answer. After a reload the page hands the
 * copies back, and a program's first load of a database reads its copy. The copy is the page's data: checked by shape
 * and size (read-to-frame.ts), taken only under this page's names, and dropped when the program does not start on it.
 */
export class HandedDatabases {
  /** What the page handed back, by the frame's name, until a program loads it. */
  private readonly handed = new Map<string, PgFile[]>();
  /** The names whose handed-back files a program has loaded (and may fail to open). */
  private readonly used = new Set<string>();
  private forwarded: Promise<void> = Promise.resolve();

  /**
   * Answers with `answer`; hands changes to the page with `reply`. `prefix` starts the name of every database of this
   * page's snippets: the page can hand back nothing else.
   */
  constructor(
    private readonly answer: AnswerCall,
    private readonly reply: (message: FromFrame) => void,
    private readonly prefix: string,
  ) {}

  /** Takes the databases the page kept (its one `databases` message), those of this page's snippets only. */
  receive(databases: KeptDatabase[]): void {
    for (const { name, files } of databases) if (name.startsWith(this.prefix)) this.handed.set(name, files);
  }

  /** Resolves once every change stored so far was handed to the page (or failed to be stored here). */
  settled(): Promise<void> {
    return this.forwarded;
  }

  /** Answers a program's PGlite call: a first load reads what the page kept; a stored change is handed to the page. */
  readonly call = async (call: PgCall): ReturnType<AnswerCall> => {
    if (call.method === 'load') await this.restore(String(call.name));
    const answered = this.answer(call);
    if (call.method === 'save' && this.handsOver(String(call.name))) {
      const { name, put, remove } = call;
      // After the change is stored here and after every earlier change: the page applies them in this order (the
      // message is cloned, so the frame keeps its buffers).
      this.forwarded = this.forwarded
        .then(() => answered)
        .then(({ reply }) => {
          if (reply.ok) this.reply({ type: 'keep-database', name: String(name), put, remove });
        })
        .catch(() => undefined);
    }
    return answered;
  };

  /**
   * Empties the databases whose names start with `prefix` that were read from the page's copy (here and at the page),
   * so the program can start again on empty ones: null when there were none, else what puts them back (the program
   * failed on empty ones too, so the copy was not why).
   */
  async reset(prefix: string): Promise<(() => Promise<void>) | null> {
    const names = [...this.used].filter((name) => name.startsWith(prefix));
    if (names.length === 0) return null;
    const emptied = new Map<string, PgFile[]>();
    for (const name of names) {
      this.used.delete(name);
      const files = await this.stored(name);
      emptied.set(name, files);
      await this.call({ method: 'save', name, put: [], remove: files.map((file) => file.path) });
    }
    return async () => {
      for (const [name, put] of emptied) await this.call({ method: 'save', name, put, remove: [] });
    };
  }

  /** Whether the page keeps database `name`: not a checks' copy's, which starts fresh with every round. */
  private handsOver(name: string): boolean {
    const id = name.slice(this.prefix.length).split('\u0000')[0];
    return name.startsWith(this.prefix) && !id.endsWith(CHECKS_COPY_SUFFIX);
  }

  /** Puts the page's copy of `name` in the frame's store, unless the frame holds that database already. */
  private async restore(name: string): Promise<void> {
    const files = this.handed.get(name);
    if (!files) return;
    this.handed.delete(name);
    if ((await this.stored(name)).length > 0) return;
    this.used.add(name);
    // Not handed back to the page: it is the page's copy.
    await this.answer({ method: 'save', name, put: files, remove: [] });
  }

  private async stored(name: string): Promise<PgFile[]> {
    const { reply } = await this.answer({ method: 'load', name });
    return reply.ok && Array.isArray(reply.value) ? reply.value : [];
  }
}
