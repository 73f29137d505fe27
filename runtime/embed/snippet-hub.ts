import { CompilerClient } from '../compiler/compiler-client.ts';
import { CompileCache } from '../compiler/compile-cache.ts';
import { hash53 } from '../contract/text-hash.ts';
import { ServerHost, type SparePolicy } from '../server-worker/host/server-host.ts';
import { spawnServerWorker } from '../server-worker/host/spawn-server-worker.ts';
import { answerCall } from '../engine/engine.ts';
import type { Check } from '../course/format/check-format.ts';
import { checkIssues } from '../course/format/check-schema.ts';
import { filesProblem } from '../course/exercises/file-names.ts';
import type { PgCall } from '../contract/pg-broker-protocol.ts';
import type { ProgramBundle } from '../contract/engine-api.ts';
import { cacheWorks } from './frame-storage.ts';
import { SnippetProgram } from './snippet-program.ts';
import { DATABASE_RESET_NOTE, HandedDatabases } from './handed-databases.ts';
import type { FromFrame, ToFrame } from './snippet-protocol.ts';

/** The key of what this build of the frame compiled from `files` (another build may bundle the framework otherwise). */
const compiledKey = (files: Record<string, string>) => hash53(`${import.meta.url}\u0000${JSON.stringify(files)}`);

/** How many programs one page's snippets may run at once: each is a server worker (a JavaScript engine). */
const MAX_PROGRAMS = 24;
/** The longest console line passed to the page. */
const MAX_CONSOLE_CHARS = 4000;
/** The pool keeps one booted worker ready for the next snippet's first Run (or a re-run after an edit). */
const POOL_SPARES: SparePolicy = { spares: 1, bootAtOnce: false };
/** A snippet's host keeps none of its own: it borrows the pool's, as the playground's checks' host borrows the learner's. */
const SNIPPET_SPARES: SparePolicy = { spares: 0, bootAtOnce: false };

/**
 * Every snippet of one page, in the one frame that page opened: one compiler, one sandbox frame whose server
 * workers run the programs, one per snippet, and a pool that boots the next worker ahead. esbuild-wasm starts
 * when a compile misses the compile cache, or once a program has answered (for the edits to come): a page
 * seen before runs its snippets from the cache without compiling 14 MB of wasm first. Where the browser denies
 * this third-party frame its storage, that cache keeps nothing: the page then keeps what was compiled and hands it
 * back (KeptBundle). Handles the page's checked messages (snippet-protocol.ts).
 */
export class SnippetHub {
  /** Its worker is made at the first compile (or once a program answered): a page running kept programs does not load esbuild's JS beside them. */
  private readonly compiler = new CompilerClient();
  private readonly pool: ServerHost;
  private readonly programs = new Map<string, SnippetProgram>();
  private readonly pg: (call: PgCall) => ReturnType<typeof answerCall>;
  /**
   * What the frame compiled, kept by the frame itself (the compiler worker's own cache needs that worker loaded, which
   * WebKit does not serve from the frame's offline copy): a snippet seen before runs without the compiler worker.
   */
  private readonly compiledHere = new CompileCache('halo-snippet-compiled-v1');
  /** Whether the compile cache can keep anything here (a browser blocking third-party storage throws). */
  private readonly cacheWorks = cacheWorks();
  /** The databases the page keeps for the frame, where `kept` is false (see HandedDatabases). */
  private readonly databases: HandedDatabases | null;

  /**
   * Answers with `reply`; `root` is the site's root URL (PGlite's assets), `scope` keeps this page's databases apart;
   * `kept` says whether the frame's storage is kept (if not, the page keeps the databases).
   */
  constructor(
    root: URL,
    private readonly scope: string,
    private readonly reply: (message: FromFrame) => void,
    kept = true,
  ) {
    this.databases = kept ? null : new HandedDatabases((call) => answerCall(call, root), reply, this.storageScope(''));
    this.pg = this.databases?.call ?? ((call) => answerCall(call, root));
    this.pool = new ServerHost(spawnServerWorker, { console: () => undefined, state: () => undefined }, this.pg, POOL_SPARES);
  }

  /** Acts on one checked message of the page. */
  async handle(message: ToFrame): Promise<void> {
    switch (message.type) {
      case 'run':
        return this.run(message);
      case 'send': {
        const program = this.programs.get(message.id);
        if (!program?.running) return this.reply({ type: 'refused', id: message.id, seq: message.seq, reason: 'run the snippet first' });
        const response = await program.send(message.request);
        // What the request changed reaches the page before its answer (the page writes it before showing the answer).
        await this.databases?.settled();
        this.reply({ type: 'response', id: message.id, seq: message.seq, response });
        // Only now, not beside the first answer: the edits to come then compile without waiting for esbuild.
        return this.compiler.start();
      }
      case 'checks':
        return this.check(message.id, message.seq, message.checks);
      case 'stop':
        return this.programs.get(message.id)?.stop();
      case 'databases':
        return this.databases?.receive(message.databases);
    }
  }

  /**
   * Runs the message's files, or its `bundle` (what this build compiled from them before, kept by the page) without
   * compiling, with its time limit for the start and each request.
   */
  private async run({ id, seq, files, bundle: kept, timeLimitMs }: Extract<ToFrame, { type: 'run' }>): Promise<void> {
    const problem = filesProblem(files, 'main.ts');
    if (problem) return this.reply({ type: 'ran', id, seq, ok: false, diagnostics: [], message: problem });
    const program = this.programOf(id);
    if (!program) return this.reply({ type: 'refused', id, seq, reason: `a page runs at most ${MAX_PROGRAMS} snippets` });
    const known = kept ?? (await this.compiledBefore(files));
    const compiled = known ? null : await this.compiler.compile(files, 'main.ts');
    if (compiled && !compiled.ok) {
      const diagnostics = compiled.diagnostics.map(({ file, line, column, message }) => ({ file, line, column, message }));
      return this.reply({ type: 'ran', id, seq, ok: false, diagnostics, message: 'The program has errors.' });
    }
    const bundle = compiled?.bundle ?? known;
    const { started, reset } = bundle ? await this.start(id, program, bundle, timeLimitMs) : { started: false, reset: false };
    if (!started) {
      return this.reply({ type: 'ran', id, seq, ok: false, diagnostics: [], message: 'The program failed to start: see its console.' });
    }
    const keep = compiled && !(await this.cacheWorks) ? compiled.bundle : undefined;
    if (compiled && !keep) void this.compiledHere.put(compiledKey(files), compiled);
    await this.databases?.settled();
    this.reply({
      type: 'ran',
      id,
      seq,
      ok: true,
      origin: program.origin,
      ...(keep ? { keep } : {}),
      ...(reset ? { note: DATABASE_RESET_NOTE } : {}),
    });
  }

  /**
   * Starts `bundle` as snippet `id`'s program. A database the page kept that does not open is the page's bad data: the
   * program then starts again on an empty one (`reset`); if it fails on that too, the copy was not why, and is put back.
   */
  private async start(id: string, program: SnippetProgram, bundle: ProgramBundle, timeLimitMs?: number) {
    if (await program.run(bundle, timeLimitMs)) return { started: true, reset: false };
    const undo = await this.databases?.reset(`${this.storageScope(id)}\u0000`);
    if (!undo) return { started: false, reset: false };
    if (await program.run(bundle, timeLimitMs)) return { started: true, reset: true };
    await undo();
    return { started: false, reset: false };
  }

  private async check(id: string, seq: number, checks: unknown): Promise<void> {
    const program = this.programs.get(id);
    if (!program?.running) return this.reply({ type: 'refused', id, seq, reason: 'run the snippet first' });
    const list = Array.isArray(checks) ? checks : [checks];
    const issues = list.flatMap((check, index) => checkIssues(check).map((issue) => `check ${index + 1}: ${issue}`));
    if (issues.length > 0) return this.reply({ type: 'refused', id, seq, reason: issues.slice(0, 5).join('; ') });
    this.reply({ type: 'checks', id, seq, results: await program.check(list as Check[]) });
  }

  /** What this frame compiled from `files` before, where its storage is kept (its compile cache), if anything. */
  private async compiledBefore(files: Record<string, string>): Promise<ProgramBundle | undefined> {
    if (!(await this.cacheWorks)) return undefined;
    return (await this.compiledHere.get(compiledKey(files)))?.bundle;
  }

  /** Where snippet `id`'s databases live: apart from other pages' and other snippets'. */
  private storageScope(id: string): string {
    return `embed\u0000${this.scope}\u0000${id}`;
  }

  /** The snippet's program, made on its first run (null past MAX_PROGRAMS). */
  private programOf(id: string): SnippetProgram | null {
    const known = this.programs.get(id);
    if (known) return known;
    if (this.programs.size >= MAX_PROGRAMS) return null;
    const host = new ServerHost(
      () => this.pool.lendSpare(),
      {
        console: (entry) => this.reply({ type: 'console', id, level: entry.level, text: entry.text.slice(0, MAX_CONSOLE_CHARS) }),
        state: () => undefined,
      },
      this.pg,
      SNIPPET_SPARES,
    );
    const program = new SnippetProgram(host, this.storageScope(id));
    this.programs.set(id, program);
    return program;
  }
}
