/**
 * The seed a build writes for a program's new database (runtime/build/pglite-seed-cli.ts): the same bytes on every
 * build, since a learner's database is stored as its changes to the seed and one made from another seed is emptied
 * (docs/playground.md); and a data directory PGlite starts from and writes to.
 */
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from 'vitest';
import { makePgliteSeed } from '../../runtime/build/pglite-seed-plugin.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

test('two builds write the same seed, and PGlite starts from it and keeps a write', async () => {
  // One after the other: each runs initdb, and the two cores are the suite's.
  const first = await makePgliteSeed();
  const second = await makePgliteSeed();
  expect(first.length).toBeGreaterThan(1_000_000);
  expect(sha256(second)).toBe(sha256(first));

  const pg = await PGlite.create({ loadDataDir: new Blob([first as Uint8Array<ArrayBuffer>]) });
  try {
    await pg.exec('CREATE TABLE notes (id serial PRIMARY KEY, text text); INSERT INTO notes (text) VALUES ($$kept$$);');
    expect((await pg.query<{ text: string }>('SELECT text FROM notes')).rows).toEqual([{ text: 'kept' }]);
    // The clock was fixed only in the child that made the seed: this PGlite's is the real one.
    const { rows } = await pg.query<{ year: number }>('SELECT extract(year FROM now())::int AS year');
    expect(rows[0].year).toBe(new Date().getUTCFullYear());
  } finally {
    await pg.close();
  }
}, 120_000);
