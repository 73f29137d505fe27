import type { PgDriver } from '../framework/services/pg/pg-driver.ts';
import type { PgHost } from './program-host.ts';

/** Opens the database at a URL with its files kept through `pg`. */
type OpenWith = (url: string, pg: PgHost) => Promise<PgDriver>;

/** One database opened ahead: the driver, and the switch that cuts it off from the page's storage. */
interface Opened {
  driver: Promise<PgDriver>;
  cutOff(): void;
}

/**
 * Databases a spare server worker opens before any program loads (the page asks while a lesson about PgService is
 * open), so the next program's first query does not wait for PGlite's start or its first store of a new data
 * directory. The program takes one the first time it opens that URL. A database no program is given is cut off from
 * the page's storage at once (it can neither read nor write the files of whichever program loads next) and closed.
 */
export class DatabasesAhead {
  private readonly opened = new Map<string, Opened>();

  /** Opens with `openWith`, through the page's storage `pg()` (null outside the playground). */
  constructor(
    private readonly openWith: OpenWith,
    private readonly pg: () => PgHost | undefined,
  ) {}

  /** Opens `url` (closing one opened there before); resolves true once it is open and its files stored. */
  async open(url: string): Promise<boolean> {
    this.close(url);
    const pg = this.pg();
    if (!pg) return false;
    let live = true;
    const gated: PgHost = {
      assets: () => pg.assets(),
      seed: () => pg.seed(),
      load: (name) => (live ? pg.load(name) : Promise.reject(new Error('This database was closed unused.'))),
      save: (name, put, remove) => (live ? pg.save(name, put, remove) : Promise.resolve()),
    };
    // A first query stores a new database's files now, not in the program's first request.
    const driver = this.openWith(url, gated).then(async (opened) => {
      await opened.query('SELECT 1');
      return opened;
    });
    const entry: Opened = { driver, cutOff: () => (live = false) };
    this.opened.set(url, entry);
    return driver.then(
      () => true,
      () => {
        if (this.opened.get(url) === entry) this.opened.delete(url);
        return false;
      },
    );
  }

  /** The database opened ahead at `url` for the program, once (it may still be opening); undefined when there is none. */
  take(url: string): Promise<PgDriver> | undefined {
    const entry = this.opened.get(url);
    this.opened.delete(url);
    return entry?.driver;
  }

  /** Cuts off and closes every database opened ahead: the program about to load may not have them. */
  drop(): void {
    for (const url of [...this.opened.keys()]) this.close(url);
  }

  private close(url: string): void {
    const entry = this.opened.get(url);
    if (!entry) return;
    this.opened.delete(url);
    entry.cutOff();
    entry.driver.then(
      (driver) => driver.close(),
      () => undefined,
    );
  }
}
