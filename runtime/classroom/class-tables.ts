import { PgService } from 'halo';

/** A plain record as the class keeps it (JSON). */
type StoredRecord = Record<string, unknown>;

/** Where a service of the class writes its records through to, so a restart finds them again. */
export interface RecordMirror {
  /** Every record kept, to start from. */
  all(): Promise<StoredRecord[]>;
  /** Keeps `record` under `id`, replacing what was there. */
  put(id: string, record: StoredRecord): Promise<void>;
  /** Forgets the record `id`. */
  drop(id: string): Promise<void>;
  /** Forgets every record whose `field` is `value`. */
  dropWhere(field: string, value: string): Promise<void>;
}

/** The mirror of a class that lives in memory only: nothing is kept. */
const NO_MIRROR: RecordMirror = {
  all: async () => [],
  put: async () => {},
  drop: async () => {},
  dropWhere: async () => {},
};

/** A PgService table as a mirror (map rules: `update` of a missing id creates it under that id). */
function tableMirror(table: PgService): RecordMirror {
  return {
    all: async () => {
      const rows = await table.index();
      return (Array.isArray(rows) ? rows : rows.data).map(({ created_at: _created, updated_at: _updated, ...record }) => record);
    },
    put: async (id, record) => void (await table.update(id, record)),
    drop: async (id) => void (await table.remove(id).catch(() => undefined)),
    dropWhere: async (field, value) => void (await table.remove(null, { query: { [field]: value } })),
  };
}

/** Where a class keeps its data: a mirror per service, and a way to let go of the database. */
export interface ClassTables {
  /** The class itself: its code, teacher key and lock switch (one record, id `class`). */
  classes: RecordMirror;
  learners: RecordMirror;
  results: RecordMirror;
  code: RecordMirror;
  /** Lets go of the database (its files stay in the folder). */
  close(): Promise<void>;
}

/** A class kept nowhere: it ends with the process (the default). */
export const MEMORY_ONLY: ClassTables = {
  classes: NO_MIRROR,
  learners: NO_MIRROR,
  results: NO_MIRROR,
  code: NO_MIRROR,
  close: async () => {},
};

/**
 * The class's tables in the PGlite database of folder `dir` (`--keep`): every change is written through before
 * it is answered, so Ctrl-C and a restart bring the class back. PgService tables, never mounted: no client
 * reaches them but through the class's own services and their hooks.
 */
export function keptClassTables(dir: string): ClassTables {
  const services = ['classes', 'learners', 'results', 'code'].map(
    (name) => new PgService({ table: `class_${name}`, database: dir, rules: 'map', multi: ['remove'] }),
  );
  const [classes, learners, results, code] = services.map(tableMirror);
  return {
    classes,
    learners,
    results,
    code,
    close: async () => {
      for (const service of services) await service.close();
    },
  };
}

/** A stored field as text ('' when missing): records come back from the database as plain JSON. */
export function text(row: StoredRecord, field: string): string {
  const value = row[field];
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}
