import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { REPO_ROOT } from './harness/paths.ts';

const example = readFileSync(`${REPO_ROOT}/lessons/getting-started/app.ts`, 'utf8');
let session: PlaygroundSession;

beforeAll(async () => {
  session = await PlaygroundSession.open();
});
afterAll(async () => {
  await session?.close();
});

test('smoke', async () => {
  const state = await session.run({ 'main.ts': example });
  console.log(state);
  const r = await session.fetch('http://localhost:3000/');
  console.log(r);
  console.log(await session.fetch('http://localhost:3000/headers', { headers: { 'X-Foo': 'bar' } }));
  console.log(await session.consoleEntries());
  expect(r.body).toBe('Hello, world!');
});
