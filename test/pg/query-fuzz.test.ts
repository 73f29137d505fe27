/**
 * Issue 25 part 2 / 2b: no query a client can write gets a 5xx, and MemoryService and PgService answer
 * every query alike — on a real PostgreSQL server whose database collation is not C (ICU en-US), with
 * records holding missing and null fields, mixed types, and mixed-case non-ASCII strings. A seeded
 * generator of query shapes (good and bad) runs against MemoryService, MapService and PgService, over
 * real sockets and app.fetch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, MapService, MemoryService, PgService } from '../../runtime/node/index.ts';
import type { PgDriver } from '../../runtime/node/index.ts';
import { openNodePostgres } from '../../runtime/node/pg/node-postgres-driver.ts';
import { transports } from '../support/transports.ts';
import type { PostgresServer } from './postgres-server.ts';
import { startPostgres } from './postgres-server.ts';

type Row = Record<string, unknown>;
type Send = (path: string, init?: RequestInit) => Promise<Response>;

const SEED = 25_2025;
const QUERIES = 300;

const NAMES = ['ada', 'Bob', 'ALAN', 'émile', 'Émile', 'Zoë', 'zoe', 'ß', 'Ångström', '日本', '😀', 'ｚ', 'b', ''];
const NUMBERS: unknown[] = [1, 2, 10, -3, 1.5, 0, '2', null, true, false, undefined];
/** The seeded records: field `n` of mixed types or missing, `name` mixed case and non-ASCII or null or missing. */
const RECORDS: Row[] = Array.from({ length: 18 }, (_, i) => {
  const row: Row = { k: i };
  const n = NUMBERS[(i * 7) % NUMBERS.length];
  if (n !== undefined) row.n = n;
  if (i % 9 !== 4) row.name = i % 9 === 8 ? null : NAMES[(i * 5) % NAMES.length];
  if (i % 3 === 0) row.flag = i % 2 === 0;
  return row;
});

/** mulberry32: a small seeded generator, so a failing query can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Query-string pieces, encoded; each shape a client could send, well-formed or not. */
function queryGenerator(next: () => number): () => string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const fields = ['n', 'name', 'flag', 'k', 'missing'];
  const values = [
    '1',
    '2',
    '-3',
    '1.5',
    '10',
    '0',
    'abc',
    'ada',
    'ALAN',
    'Bob',
    'émile',
    'Zoë',
    'ß',
    '日本',
    '😀',
    'null',
    'true',
    'false',
    '',
    'a%00b',
  ];
  const operators = ['$gt', '$gte', '$lt', '$lte', '$ne', '$in', '$nin', '$gt', '$lt', '$ne', '$in', '$nin', '$eq', '$regex'];
  const value = (): string => {
    const v = pick(values);
    return v.includes('%') ? v : encodeURIComponent(v);
  };
  const condition = (prefix: string): string => {
    const f = pick(fields);
    const op = pick(operators);
    switch (Math.floor(next() * 12)) {
      case 0:
      case 9:
      case 10:
      case 11:
        return next() < 0.5 ? `${prefix}${f}=${value()}` : `${prefix}${f}[${op}]=${value()}`;
      case 1:
        return `${prefix}${f}=${value()}&${prefix}${f}=${value()}`;
      case 2:
      case 3:
        return `${prefix}${f}[${op}]=${value()}`;
      case 4:
        return `${prefix}${f}[${op}]=${value()}&${prefix}${f}[${op}]=${value()}`;
      case 5:
        return `${prefix}${f}[${op}][${pick([op, 'a', 'x', '$gt'])}]=${value()}`;
      case 6:
        return `${prefix}${f}[${op}][]=${value()}&${prefix}${f}[${op}][]=${value()}`;
      case 7:
        return `${prefix}${f}[a]=${value()}`;
      default:
        return `${prefix}${f}[${op}][0]=${value()}&${prefix}${f}[${op}][1]=${value()}`;
    }
  };
  const logical = (prefix: string, depth: number): string => {
    const op = pick(['$or', '$and']);
    if (next() < 0.15) return `${prefix}${op}=${value()}`;
    if (next() < 0.1) return `${prefix}${op}[0]=${value()}`;
    const parts = [0, 1].map((i) =>
      depth > 0 && next() < 0.4 ? logical(`${prefix}${op}[${i}]`, depth - 1) : condition(`${prefix}${op}[${i}]`),
    );
    return parts.join('&');
  };
  const filter = (): string => {
    switch (Math.floor(next() * 5)) {
      case 0:
        return `$limit=${pick(['0', '1', '2', '5', '-1', 'abc', '1.5', ''])}${next() < 0.1 ? '&$limit=2' : ''}`;
      case 1:
        return `$skip=${pick(['0', '1', '3', '-5', 'x', '2.5'])}${next() < 0.1 ? '&$skip=1' : ''}`;
      case 2: {
        const keys = [pick(fields), pick(fields)].slice(0, 1 + Math.floor(next() * 2));
        if (next() < 0.1) return `$sort=${pick(fields)}`;
        if (next() < 0.1) return `$sort[${pick(fields)}][x]=1`;
        return keys.map((f) => `$sort[${f}]=${pick(['1', '-1', '1', '-1', '0', '2', 'x'])}`).join('&');
      }
      case 3:
        return pick([`$select[]=${pick(fields)}&$select[]=${pick(fields)}`, `$select=${pick(fields)}`, '$select[0][a]=1']);
      default:
        return `$sort[${pick(fields)}]=${pick(['1', '-1'])}&$skip=${pick(['0', '1', '2'])}&$limit=${pick(['1', '3', '20'])}`;
    }
  };
  return () => {
    const pieces = Array.from({ length: 1 + Math.floor(next() * 2) }, () => {
      const roll = next();
      return roll < 0.45 ? condition('') : roll < 0.6 ? logical('', 2) : filter();
    });
    return pieces.join('&');
  };
}

/** A 2xx body as compared between services: ids as text (MemoryService numbers, PgService strings), without PgService's timestamps. */
function normalised(body: unknown): unknown {
  if (!Array.isArray(body)) return body;
  return body.map(({ created_at: _created, updated_at: _updated, ...row }: Row) => ('id' in row ? { ...row, id: String(row.id) } : row));
}

let server: PostgresServer;
let database: PgDriver;
let collation: { provider: string; locale: string };
const app = new App();

beforeAll(async () => {
  server = await startPostgres();
  const admin = await openNodePostgres(server.url);
  try {
    await admin.query(`CREATE DATABASE fuzz_icu TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C'`);
  } finally {
    await admin.close();
  }
  database = await openNodePostgres(server.url.replace(/\/postgres$/, '/fuzz_icu'));
  const [row] = await database.query(
    `SELECT datlocprovider AS provider, daticulocale AS locale FROM pg_database WHERE datname = current_database()`,
  );
  collation = row as typeof collation;
  const memory = app.use('/memory', new MemoryService());
  const map = app.use('/map', new MapService());
  const pg = app.use('/pg', new PgService({ table: 'fuzz', database }));
  for (const record of RECORDS) {
    await memory.create({ ...record });
    await map.create({ ...record });
    await pg.create({ ...record });
  }
}, 120_000);

afterAll(async () => {
  await app.close();
  await database?.close();
  await server?.stop();
});

describe('the database the fuzz runs on', () => {
  it('has an ICU en-US default collation, which orders ada, Bob, ALAN as ada, ALAN, Bob', async () => {
    expect(collation).toEqual({ provider: 'i', locale: 'en-US' });
    const [row] = await database.query(`SELECT array_agg(x ORDER BY x) AS sorted FROM unnest(ARRAY['ada', 'Bob', 'ALAN']) AS x`);
    expect(row.sorted).toEqual(['ada', 'ALAN', 'Bob']);
  });
});

describe.each(transports)('queries via $name', (transport) => {
  let send: Send;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ send, stop } = await transport.start(app));
  });
  afterAll(() => stop());

  const get = async (path: string): Promise<{ status: number; body: unknown }> => {
    const response = await send(path);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  it('sorts missing before null before values, and strings by code point, on both services', async () => {
    for (const base of ['/memory', '/pg']) {
      const sorted = (await get(`${base}?$sort[n]=1&$select[]=n`)).body as Row[];
      const kinds = sorted.map((row) => ('n' in row ? (row.n === null ? 'null' : typeof row.n) : 'missing'));
      expect(kinds.indexOf('null')).toBeGreaterThan(kinds.lastIndexOf('missing'));
      expect(kinds.indexOf('string')).toBeGreaterThan(kinds.lastIndexOf('null'));
      const names = ((await get(`${base}?name[$in][]=ada&name[$in][]=Bob&name[$in][]=ALAN&$sort[name]=1`)).body as Row[]).map(
        (row) => row.name,
      );
      expect(names, base).toEqual(['ALAN', 'Bob', 'ada', 'ada']);
    }
  });

  it.each([
    ['name[$gt]=a&name[$gt]=b', /\$gt on "name" takes one value, not a list/],
    ['n[$gt][$gt]=1', /\$gt on "n" takes one value, not an object/],
    ['n[$gt][a]=1', /\$gt on "n" takes one value, not an object/],
    ['n[$lt][x]=1', /\$lt on "n" takes one value, not an object/],
    ['n[$in][a]=1', /\$in on "n" takes a list of values, not an object/],
    ['n[$in][0][$gt]=1', /\$in on "n" takes a list of values, not a list holding an object/],
    ['$limit[]=1', /^\$limit must be a whole number, 0 or more, not a list/],
    ['$skip=-5', /^\$skip must be a whole number, 0 or more, not "-5"/],
    ['$sort[n]=2', /^\$sort\[n\] must be 1 or -1, not "2"/],
    ['$select[0][a]=1', /^\$select must be a list of field names, not a list holding an object/],
    ['name=a%00b', /^A query must not contain a NUL byte \(%00\); "name" does/],
    [`$or[0]${'[$or][0]'.repeat(8)}[n]=1`, /^\$or and \$and may nest at most 8 levels deep/],
  ])('%s is a 400 naming what was wrong, on every query service', async (query, message) => {
    for (const base of ['/memory', '/pg']) {
      const answer = await get(`${base}?${query}`);
      expect(answer.status, `${base}?${query}`).toBe(400);
      expect((answer.body as { message: string }).message, `${base}?${query}`).toMatch(message);
    }
  });

  it(`${QUERIES} seeded query shapes: no 5xx anywhere, and MemoryService and PgService agree on every answer`, async () => {
    const nextQuery = queryGenerator(random(SEED));
    const seen = { ok: 0, refused: 0 };
    for (let i = 0; i < QUERIES; i++) {
      const query = nextQuery();
      const [memory, map, pg] = await Promise.all(['/memory', '/map', '/pg'].map((base) => get(`${base}?${query}`)));
      expect(memory.status, `/memory?${query}`).toBeLessThan(500);
      expect(map.status, `/map?${query}`).toBeLessThan(500);
      expect(pg.status, `/pg?${query}`).toBeLessThan(500);
      expect({ status: pg.status, body: normalised(pg.body) }, `query #${i}: ?${query}`).toEqual({
        status: memory.status,
        body: normalised(memory.body),
      });
      if (memory.status < 300) seen.ok++;
      else seen.refused++;
    }
    // The generator exercises both sides: answers and refusals.
    expect(seen.ok).toBeGreaterThan(QUERIES / 5);
    expect(seen.refused).toBeGreaterThan(QUERIES / 10);
  }, 60_000);
});
