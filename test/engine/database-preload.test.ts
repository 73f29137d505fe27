import { expect, test } from 'vitest';
import { DatabasePreload } from '../../runtime/engine/database-preload.ts';
import type { PgAssets } from '../../runtime/contract/pg-broker-protocol.ts';

/** Byte buffers standing for PGlite's files, and a count of how often each kind was fetched. */
function files() {
  const fetched = { assets: 0, seed: 0 };
  const bytes = (value: number) => new Uint8Array([value, value]).buffer;
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

/** What a worker does with the bytes it is sent: takes them (the sender's buffer is detached). */
const transfer = (buffer: ArrayBuffer) => structuredClone(buffer, { transfer: [buffer] });

test('every program gets its own copy of what was preloaded, fetched once', async () => {
  const { fetched, preload } = files();
  preload.start();
  const first = await preload.seedForProgram();
  transfer(first);
  expect(first.byteLength).toBe(0);
  const second = await preload.seedForProgram();
  expect([...new Uint8Array(second)]).toEqual([4, 4]);
  const assets = await preload.assetsForProgram();
  transfer(assets.pgliteWasm);
  expect([...new Uint8Array((await preload.assetsForProgram()).pgliteWasm)]).toEqual([1, 1]);
  expect(fetched).toEqual({ assets: 1, seed: 1 });
});

test('without a preload, or after it was let go, each program fetches its own', async () => {
  const { fetched, preload } = files();
  await preload.seedForProgram();
  preload.start();
  preload.drop();
  await preload.seedForProgram();
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
      return new ArrayBuffer(8);
    },
  );
  preload.start();
  online = true;
  expect((await preload.seedForProgram()).byteLength).toBe(8);
  expect(seedFetches).toBe(2);
  await expect(preload.assetsForProgram()).rejects.toThrow('offline');
});
