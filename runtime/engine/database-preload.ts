import type { PgAssets } from '../contract/pg-broker-protocol.ts';

/**
 * PGlite's files (its wasm, its file bundle and a new database's seed: about 56 MB once inflated) fetched and
 * inflated while the learner reads a lesson whose code will use PgService, and held until the lesson closes, so
 * no run of such code waits for them: not the learner's first, nor the checks' copy starting beside it. Each
 * program gets a copy, since its worker takes the bytes it is sent.
 */
export class DatabasePreload {
  private assets: Promise<PgAssets> | null = null;
  private seed: Promise<ArrayBuffer> | null = null;

  constructor(
    private readonly fetchAssets: () => Promise<PgAssets>,
    private readonly fetchSeed: () => Promise<ArrayBuffer>,
  ) {}

  /** Starts fetching what is not held yet. */
  start(): void {
    this.assets ??= handled(this.fetchAssets());
    this.seed ??= handled(this.fetchSeed());
  }

  /** A copy of the held assets; fetched now when none are held, or the preload failed (the network may be back). */
  async assetsForProgram(): Promise<PgAssets> {
    const held = await this.assets?.catch(() => null);
    if (!held) return this.fetchAssets();
    return { pgliteWasm: held.pgliteWasm.slice(0), initdbWasm: held.initdbWasm.slice(0), fsBundle: held.fsBundle.slice(0) };
  }

  /** A copy of the held seed; fetched now when none is held. */
  async seedForProgram(): Promise<ArrayBuffer> {
    const held = await this.seed?.catch(() => null);
    return held ? held.slice(0) : this.fetchSeed();
  }

  /** Lets go of what is held (the learner left the lesson), so its memory is freed. */
  drop(): void {
    this.assets = null;
    this.seed = null;
  }
}

/** `promise`, its failure marked handled: a preload that fails before any program asks must not report an unhandled rejection. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
