/**
 * The page keeps programs' PGlite files in its own IndexedDB; a program must not be able to fill the
 * origin's storage quota (the offline cache needs it too). The store refuses a change that would take
 * all databases together past MAX_STORED_PG_BYTES (128 MB), and takes changes again once files are removed.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';

let session: PlaygroundSession;

beforeAll(async () => {
  session = await PlaygroundSession.open();
});

afterAll(async () => {
  await session?.close();
});

test('a save past the stored-database limit is refused with a plain message; removing files makes room again', async () => {
  const replies = await session.page.evaluate(async () => {
    const { answerPgCall, maxBytes } = window.__halo.pgStore;
    // Three such files pass the limit, two do not (IndexedDB itself refuses one value past ~127 MB).
    const size = Math.ceil(maxBytes * 0.4);
    const file = (path: string) => ({ path, mode: 33188, mtime: 0, data: new ArrayBuffer(size) });
    const save = async (name: string, put: ReturnType<typeof file>[], remove: string[] = []) =>
      (await answerPgCall({ method: 'save', name, put, remove })).reply;
    const first = await save('quota-a', [file('/base/1'), file('/base/2')]);
    // A second program's database: together they would pass the limit.
    const second = await save('quota-b', [file('/base/1')]).catch((error: Error) => ({ ok: false, message: error.message }));
    const freed = await save('quota-a', [], ['/base/2']);
    const third = await save('quota-b', [file('/base/1')]);
    await save('quota-a', [], ['/base/1']);
    await save('quota-b', [], ['/base/1']);
    return { first, second, freed, third };
  });
  expect(replies.first).toEqual({ ok: true, value: null });
  expect(replies.second.ok).toBe(false);
  expect((replies.second as { message: string }).message).toMatch(/more than the 128 MB the playground keeps: this change was not stored/);
  expect(replies.freed).toEqual({ ok: true, value: null });
  expect(replies.third).toEqual({ ok: true, value: null });
});
