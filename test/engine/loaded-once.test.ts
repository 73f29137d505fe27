/** loadedOnce: one load per key shared by every caller; a failed load is forgotten and tried again. */
import { expect, it } from 'vitest';
import { loadedOnce } from '../../runtime/server-worker/handed-in/loaded-once.ts';

it('loads each key once, and again after a failure', async () => {
  const calls: string[] = [];
  let fail = true;
  const load = loadedOnce(async (key: string) => {
    calls.push(key);
    if (fail) throw new Error('offline');
    return `${key}!`;
  });
  await expect(load('a')).rejects.toThrow('offline');
  fail = false;
  const [first, second] = await Promise.all([load('a'), load('a')]);
  expect([first, second]).toEqual(['a!', 'a!']);
  expect(await load('a')).toBe('a!');
  expect(calls).toEqual(['a', 'a']);
});
