import { expect, test } from 'vitest';
import { DatabasePreload } from '../../runtime/engine/database-preload.ts';
import type { PgAssets } from '../../runtime/contract/pg-broker-protocol.ts';

/** Blobs standing for PGlite's files, and a count of how often each kind was fetched. */
function files() {
  const fetched = { assets: 0, seed: 0 };
  const bytes = (value: number) => new Blob([new Uint8Array([value, value])]);
  const fetchAssets = async (): Promise<PgAssets> => {
    fetched.assets++;
    return { pgliteWasm: bytes(1), initdbWasm: bytes(2), fsBundle: bytes(3) };
  };
  const fetchSeed = async () => {
    fetched.seed++;
    return bytes(4);
  };
  return { fetched, preload: new DatabasePreload(fetchAssets, fetchSeed) };
}

test('every program is handed the one preloaded copy of the assets (no copy per program), fetched once; the seed is handed over once', async () => {
  const { fetched, preload } = files();
  preload.start();
  const first = await preload.seedForProgram();
  // What a worker gets: the Blob cloned by reference; the page's copy stays whole.
  const cloned = structuredClone(first);
  expect([...new Uint8Array(await cloned.arrayBuffer())]).toEqual([4, 4]);
  const assets = await preload.assetsForProgram();
  expect((await preload.assetsForProgram()).pgliteWasm).toBe(assets.pgliteWasm);
  expect([...new Uint8Array(await assets.pgliteWasm.arrayBuffer())]).toEqual([1, 1]);
  expect(fetched).toEqual({ assets: 1, seed: 1 });
  // The preload let go of the seed it handed over: a second new database fetches its own.
  const second = await preload.seedForProgram();
  expect(second).not.toBe(first);
  expect(fetched).toEqual({ assets: 1, seed: 2 });
});

test('without a preload, or after it was let go, each program fetches its own', async () => {
  const { fetched, preload } = files();
  const before = await preload.seedForProgram();
  preload.start();
  preload.drop();
  const after = await preload.seedForProgram();
  expect(after).not.toBe(before);
  await preload.assetsForProgram();
  expect(fetched).toEqual({ assets: 2, seed: 3 });
});

test('a preload that failed (offline) is fetched again when a program asks, and reports nothing unhandled', async () => {
  let online = false;
  let seedFetches = 0;
  const preload = new DatabasePreload(
    async () => {
      throw new Error('offline');
    },
    async () => {
      seedFetches++;
      if (!online) throw new Error('offline');
      return new Blob([new Uint8Array(8)]);
    },
  );
  preload.start();
  online = true;
  expect((await preload.seedForProgram()).size).toBe(8);
  expect(seedFetches).toBe(2);
  await expect(preload.assetsForProgram()).rejects.toThrow('offline');
});
