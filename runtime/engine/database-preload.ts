import type { PgAssets } from '../contract/pg-broker-protocol.ts';

/**
 * PGlite's files (its wasm, its file bundle and a new database's seed: about 47 MB once inflated) fetched and
 * inflated while the learner reads a lesson whose code will use PgService, so no run of such code waits for them. They
 * are held as Blobs, handed to every program by reference: no program gets a copy of its own. The wasm and the file
 * bundle are held until the lesson closes (every run starts a PGlite); the seed is handed over once, since only a new
 * database needs it and the program that got it stores that database (a later ask fetches it again).
 */
export class DatabasePreload {
  private assets: Promise<PgAssets> | null = null;
  private seed: Promise<Blob> | null = null;

  constructor(
    private readonly fetchAssets: () => Promise<PgAssets>,
    private readonly fetchSeed: () => Promise<Blob>,
  ) {}

  /** Starts fetching what is not held yet. */
  start(): void {
    this.assets ??= handled(this.fetchAssets());
    this.seed ??= handled(this.fetchSeed());
  }

  /** The held assets; fetched now when none are held, or the preload failed (the network may be back). */
  async assetsForProgram(): Promise<PgAssets> {
    return (await this.assets?.catch(() => null)) ?? this.fetchAssets();
  }

  /** The held seed, let go of as it is handed over; fetched now when none is held. */
  async seedForProgram(): Promise<Blob> {
    const held = this.seed;
    this.seed = null;
    return (await held?.catch(() => null)) ?? this.fetchSeed();
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
