import { frameworkErrors } from '../../errors/framework-errors.ts';
import { HttpException } from '../../http-exception.ts';
import type { Page } from '../page.ts';
import type { MultiMethod, QueryParams, QueryServiceOptions } from '../query/paging.ts';
import { assertMulti, limitFor, paginationOf } from '../query/paging.ts';
import { select } from '../query/query-match.ts';
import { splitQuery } from '../query/query-split.ts';
import { orderSql, SqlParams, whereSql } from '../query/query-sql.ts';
import type { Row } from '../record.ts';
import { Service } from '../service.ts';
import { acquirePg, defaultPgUrl } from './pg-databases.ts';
import type { PgDriver, PgRow } from './pg-driver.ts';
import { databaseError } from './pg-errors.ts';
import { PgTable } from './pg-table.ts';

/** Options of a PgService; all but `table` and `database` may be changed later through `service.options`. */
export interface PgServiceOptions extends QueryServiceOptions {
  /** The table (created when missing): lower-case letters, digits and `_`. */
  table: string;
  /**
   * Where the data lives: a database URL — `postgres://…` (a PostgreSQL server, Node only),
   * `memory://`, `idb://<name>` (browser) or a directory (Node) for the embedded PGlite — or an open
   * driver. Default: the platform's — on Node `DATABASE_URL`, else `HALO_DATA_DIR`, else memory; in
   * the playground IndexedDB.
   */
  database?: string | PgDriver;
  /** The id field of records. Default `id`. */
  id?: string;
  /** Let clients remove all records with `remove(null)` (MapService rules). Default false. */
  allowRemoveAll?: boolean;
  /** Name the timestamps `created_at`/`updated_at` (true) or `createdAt`/`updatedAt`. Default true. */
  autoSnakeCaseNames?: boolean;
  /**
   * `feathers` (default, like MemoryService): the common JS CRUD-service rules — a missing id is a
   * 404, and null ids need `multi`. `map`: MapService's rules — modify/update of a missing id create
   * the record, and `remove(null)` clears the table (server-side or with allowRemoveAll) unless
   * `multi` allows removing matches.
   */
  rules?: 'map' | 'feathers';
}

/**
 * A service storing its records in a PostgreSQL table: PGlite embedded by default, or a PostgreSQL
 * server through node-postgres. Same REST mapping, hooks and string ids (`"0"`, `"1"`, … from a
 * sequence) as MapService; the MemoryService query language and pagination, translated to SQL with
 * bound parameters. Modify merges in SQL (`data || $1`), so concurrent modifies never lose a field.
 */
export class PgService extends Service<string, Row> {
  /** The options, read at every call, so they may be changed later. */
  readonly options: Omit<PgServiceOptions, 'table' | 'database'>;
  /** The id field name. */
  readonly id: string;
  private readonly sql: PgTable;
  private ready: Promise<PgDriver> | undefined;
  private release: (() => Promise<void>) | undefined;

  /** Creates the service; the database is opened (and the table created) on the first call. */
  constructor(private readonly settings: PgServiceOptions) {
    super();
    const { table, database, ...options } = settings;
    this.options = { multi: false, rules: 'feathers', ...options };
    this.id = settings.id ?? 'id';
    const snake = settings.autoSnakeCaseNames ?? true;
    this.sql = new PgTable(settings.table, this.id, snake ? 'created_at' : 'createdAt', snake ? 'updated_at' : 'updatedAt');
  }

  /** Matching records, sorted, skipped, limited and selected; a Page when paginating. */
  override async index(params?: QueryParams): Promise<Row[] | Page<Row>> {
    const { filters, where } = splitQuery(params?.query);
    const paginate = paginationOf(this.options, params);
    const p = new SqlParams();
    const condition = whereSql(where, this.sql.field, p);
    const order = orderSql(filters.$sort, this.sql.field, p, `${this.sql.table}.created_at, ${this.sql.table}.id`);
    const limit = limitFor(filters, paginate);
    const skip = filters.$skip ?? 0;
    const rows = await this.query(
      `SELECT ${this.sql.columns} FROM ${this.sql.table} WHERE ${condition} ORDER BY ${order} LIMIT ${p.add(limit !== undefined && limit >= 0 ? limit : null)} OFFSET ${p.add(skip)}`,
      p.values,
    );
    const data = rows.map((row) => this.output(row, filters.$select));
    if (!paginate) return data;
    const count = new SqlParams();
    const [{ total }] = await this.query(
      `SELECT count(*) AS total FROM ${this.sql.table} WHERE ${whereSql(where, this.sql.field, count)}`,
      count.values,
    );
    return { total: Number(total), limit: limit ?? Number(total), skip, data };
  }

  /** The record `id`, if it matches the query; else 404 `No record found for ID <id>`. */
  override async read(id: string | null, params?: QueryParams): Promise<Row> {
    const { filters, where } = splitQuery(params?.query);
    const p = new SqlParams();
    const rows = await this.query(`SELECT ${this.sql.columns} FROM ${this.sql.table} WHERE ${this.byId(id, where, p)}`, p.values);
    return select(this.found(id, rows[0]), filters.$select, this.id);
  }

  /** Stores `data` (a list when multi allows) under a new id from the sequence, with timestamps. */
  override create(data: Row, params?: QueryParams): Promise<Row>;
  override create(data: Row[], params?: QueryParams): Promise<Row[]>;
  override async create(data: Row | Row[], params?: QueryParams): Promise<Row | Row[]> {
    const { filters } = splitQuery(params?.query);
    if (!Array.isArray(data)) return select(await this.insert(data), filters.$select, this.id);
    this.assertMulti('create', params);
    const created: Row[] = [];
    for (const one of data) created.push(select(await this.insert(one), filters.$select, this.id));
    return created;
  }

  /** Merges `data` into the record `id` atomically; a missing id is created (map rules) or a 404. Null id: every match (multi), else (map rules) a new record. */
  override modify(id: string, data: Row, params?: QueryParams): Promise<Row>;
  override modify(id: null, data: Row, params?: QueryParams): Promise<Row | Row[]>;
  override async modify(id: string | null, data: Row, params?: QueryParams): Promise<Row | Row[]> {
    return this.change('modify', id, data, params);
  }

  /** Replaces the record `id` by `data`, keeping its id and creation time; a missing (map rules: or null) id is created, else a 404. */
  override async update(id: string | null, data: Row, params?: QueryParams): Promise<Row> {
    if (Service.toId(id) === null && this.rules(params) === 'feathers') {
      throw frameworkErrors.replaceMultiple();
    }
    return this.change('update', id, data, params) as Promise<Row>;
  }

  /**
   * Removes the record `id` and returns it. A null id removes every match when `multi` allows it;
   * otherwise (map rules) it clears the table and returns `{}`, for server-side calls or with allowRemoveAll.
   */
  override remove(id: string, params?: QueryParams): Promise<Row>;
  override remove(id: null, params?: QueryParams): Promise<Row | Row[]>;
  override async remove(id: string | null, params?: QueryParams): Promise<Row | Row[]> {
    const { filters, where } = splitQuery(params?.query);
    const p = new SqlParams();
    if (Service.toId(id) === null) {
      if (this.rules(params) === 'map' && !this.multiAllows('remove', params)) {
        if (!this.options.allowRemoveAll && params?.provider) throw frameworkErrors.removeAllForbidden();
        await this.query(`DELETE FROM ${this.sql.table}`);
        return {};
      }
      this.assertMulti('remove', params);
      const rows = await this.query(
        `DELETE FROM ${this.sql.table} WHERE ${whereSql(where, this.sql.field, p)} RETURNING ${this.sql.columns}`,
        p.values,
      );
      return rows.map((row) => this.output(row, filters.$select));
    }
    const rows = await this.query(`DELETE FROM ${this.sql.table} WHERE ${this.byId(id, where, p)} RETURNING ${this.sql.columns}`, p.values);
    return select(this.found(id, rows[0]), filters.$select, this.id);
  }

  /** Opens the database and creates the table when missing; every call does this first, so awaiting it only moves the wait to start-up. */
  async open(): Promise<void> {
    try {
      await this.driver();
    } catch (error) {
      throw databaseError(error);
    }
  }

  /** Lets go of the database (closed when no other service of this program uses it). */
  override async close(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    this.ready = undefined;
    await release?.();
  }

  /**
   * Modify (`data || $1`, a merge PostgreSQL does atomically under the row lock) or update (replace)
   * in one statement. When no row matched: map rules create the record with that id, unless it
   * exists and the query excluded it (then, like a concurrent create, the update is tried again).
   */
  private async change(method: 'modify' | 'update', id: string | null, data: Row, params: QueryParams | undefined): Promise<Row | Row[]> {
    const { filters, where } = splitQuery(params?.query);
    const stored = this.sql.toStored(data);
    const set = method === 'modify' ? `data = data || $1::jsonb` : `data = $1::jsonb`;
    const statement = (condition: (p: SqlParams) => string): [string, unknown[]] => {
      const p = new SqlParams();
      p.add(stored);
      return [
        `UPDATE ${this.sql.table} SET ${set}, updated_at = clock_timestamp() WHERE ${condition(p)} RETURNING ${this.sql.columns}`,
        p.values,
      ];
    };
    if (Service.toId(id) === null) {
      // MapService's rules: no id (`PATCH /null`) creates a record with a new id, unless multi allows modifying matches.
      if (method === 'update' || (this.rules(params) === 'map' && !this.multiAllows('modify', params))) {
        return select(await this.insert(data), filters.$select, this.id);
      }
      this.assertMulti('modify', params);
      const rows = await this.query(...statement((p) => whereSql(where, this.sql.field, p)));
      return rows.map((row) => this.output(row, filters.$select));
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      const [row] = await this.query(...statement((p) => this.byId(id, where, p)));
      if (row) return this.output(row, filters.$select);
      if (this.rules(params) !== 'map') break;
      const [created] = await this.query(
        `INSERT INTO ${this.sql.table} (id, data) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO NOTHING RETURNING ${this.sql.columns}`,
        [String(id), stored],
      );
      if (created) return this.output(created, filters.$select);
      if (Object.keys(where).length > 0) break;
    }
    throw this.notFound(id);
  }

  /** Inserts under the next sequence value not already taken (a modify or update may have created that id). */
  private async insert(data: Row): Promise<Row> {
    const stored = this.sql.toStored(data);
    for (let attempt = 0; attempt < 1000; attempt++) {
      const [row] = await this.query(
        `INSERT INTO ${this.sql.table} (id, data) VALUES (nextval('${this.sql.sequence}')::text, $1::jsonb) ON CONFLICT (id) DO NOTHING RETURNING ${this.sql.columns}`,
        [stored],
      );
      if (row) return this.sql.toRecord(row);
    }
    throw frameworkErrors.noFreeId(this.settings.table);
  }

  /** A row as the caller gets it: the record, reduced to the `$select`ed fields (and the id). */
  private output(row: PgRow, fields: string[] | undefined): Row {
    return select(this.sql.toRecord(row), fields, this.id);
  }

  private byId(id: string | null, where: Row, p: SqlParams): string {
    return `id = ${p.add(String(id))}::text AND ${whereSql(where, this.sql.field, p)}`;
  }

  private found(id: string | null, row: PgRow | undefined): Row {
    if (!row) throw this.notFound(id);
    return this.sql.toRecord(row);
  }

  private notFound(id: string | null): HttpException {
    return frameworkErrors.recordNotFound(id);
  }

  private rules(params: QueryParams | undefined): 'map' | 'feathers' {
    return this.optionsFor(params).rules ?? 'feathers';
  }

  private optionsFor(params: QueryParams | undefined): PgServiceOptions {
    return { ...this.settings, ...this.options, ...(params?.adapter as Partial<PgServiceOptions> | undefined) };
  }

  private multiAllows(method: MultiMethod, params: QueryParams | undefined): boolean {
    const multi = this.optionsFor(params).multi;
    return multi === true || (Array.isArray(multi) && multi.includes(method));
  }

  private assertMulti(method: MultiMethod, params: QueryParams | undefined): void {
    assertMulti(this.optionsFor(params).multi, method);
  }

  /** Runs one statement; any failure (opening the database included) becomes an HttpException. */
  private async query(sql: string, params: readonly unknown[] = []): Promise<PgRow[]> {
    try {
      return await (await this.driver()).query(sql, params);
    } catch (error) {
      throw databaseError(error);
    }
  }

  /** Opens the database and creates the table on first use; a failed open is retried by the next call. */
  private driver(): Promise<PgDriver> {
    this.ready ??= this.connect().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private async connect(): Promise<PgDriver> {
    const database = this.settings.database ?? defaultPgUrl();
    let driver: PgDriver;
    if (typeof database === 'string') {
      const shared = acquirePg(database);
      this.release = shared.release;
      driver = await shared.driver;
    } else {
      driver = database;
    }
    for (const statement of this.sql.createStatements) await createIfMissing(driver, statement);
    return driver;
  }
}

/** `CREATE … IF NOT EXISTS` can still collide with another connection creating the same table: then it exists. */
async function createIfMissing(driver: PgDriver, statement: string): Promise<void> {
  try {
    await driver.query(statement);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== '23505' && code !== '42P07') throw error;
  }
}
