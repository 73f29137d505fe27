import type { Row } from '../record.ts';
import { recordCopy } from '../record.ts';
import type { PgRow } from './pg-driver.ts';
import type { SqlParams } from '../query/query-sql.ts';

/** Table names PgService accepts: they are written into SQL (quoted), so only plain identifiers. */
const TABLE_NAME = /^[a-z_][a-z0-9_]{0,50}$/;

/** A timestamp column as ISO-8601 UTC text with milliseconds, the format MapService uses. */
const iso = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The SQL shape of one PgService table: `id text`, the record as `data jsonb`, `created_at` and
 * `updated_at`, plus a sequence for new ids. Knows how a record field reads in SQL and how a row
 * becomes a record; builds only fixed SQL text around the validated, quoted table name.
 */
export class PgTable {
  /** The quoted table name. */
  readonly table: string;
  /** The quoted name of the id sequence. */
  readonly sequence: string;
  /** The columns every statement returns. */
  readonly columns = `id, data, ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at`;

  /** Checks `name` (lower-case letters, digits, `_`; at most 51 characters). */
  constructor(
    name: string,
    private readonly idField: string,
    private readonly createdKey: string,
    private readonly updatedKey: string,
  ) {
    if (!TABLE_NAME.test(name)) {
      throw new Error(
        `Invalid PgService table name ${JSON.stringify(name)}: use lower-case letters, digits and _, starting with a letter or _ (at most 51).`,
      );
    }
    this.table = `"${name}"`;
    this.sequence = `"${name}_id_seq"`;
  }

  /** The statements that create the table and its id sequence when they are missing. */
  get createStatements(): string[] {
    return [
      `CREATE TABLE IF NOT EXISTS ${this.table} (id text PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}', ` +
        `created_at timestamptz NOT NULL DEFAULT clock_timestamp(), updated_at timestamptz NOT NULL DEFAULT clock_timestamp())`,
      // Ids start at "0" like MapService's, and a sequence never hands out a value twice.
      `CREATE SEQUENCE IF NOT EXISTS ${this.sequence} MINVALUE 0 START 0`,
    ];
  }

  /** The SQL (jsonb) of record field `key`: the id and timestamps from their columns, the rest from `data`. */
  readonly field = (key: string, params: SqlParams): string => {
    if (key === this.idField) return 'to_jsonb(id)';
    if (key === this.createdKey) return `to_jsonb(${iso('created_at')})`;
    if (key === this.updatedKey) return `to_jsonb(${iso('updated_at')})`;
    return `(data -> ${params.add(key)}::text)`;
  };

  /** The record of a row: its data, then the id and timestamps. */
  toRecord(row: PgRow): Row {
    const data = typeof row.data === 'string' ? (JSON.parse(row.data) as Row) : (row.data as Row);
    return { ...data, [this.idField]: row.id, [this.createdKey]: row.created_at, [this.updatedKey]: row.updated_at };
  }

  /** What `data` of a create/modify/update stores: its JSON copy (see recordCopy) without the id and timestamps, which have columns. */
  toStored(data: unknown): string {
    const stored = recordCopy(data);
    delete stored[this.idField];
    delete stored[this.createdKey];
    delete stored[this.updatedKey];
    return JSON.stringify(stored);
  }
}
