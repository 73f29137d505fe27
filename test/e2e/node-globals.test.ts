/**
 * A program has what Node gives it: the same program (test/e2e/fixtures/node-globals-app.ts) reports the
 * globals a Node 20 program uses without an import — their types, and what crypto (randomUUID, subtle's
 * digest, HMAC, AES-GCM), structuredClone, the text codecs, URL, AbortController, performance and the
 * timers do — on Node and in the playground's sandbox in Chromium, and both reports are the same.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { serveProgram, type RunningProgram } from '../../runtime/course/tools/serve-program.ts';
import { REPO_ROOT } from './harness/paths.ts';
import { PlaygroundSession } from './harness/session.ts';

const APP = resolve(REPO_ROOT, 'test/e2e/fixtures/node-globals-app.ts');
let session: PlaygroundSession;
let node: RunningProgram;

beforeAll(async () => {
  [session, node] = await Promise.all([PlaygroundSession.open(), serveProgram(APP)]);
}, 180_000);
afterAll(async () => {
  await session?.close();
  await node?.stop();
});

test('the globals of a program in the playground are those it has on Node, and behave the same', async () => {
  const onNode = (await (await fetch(`${node.origin}/globals`)).json()) as unknown;
  expect(await session.run({ 'main.ts': readFileSync(APP, 'utf8') })).toMatchObject({ status: 'running' });
  const response = await session.fetch('http://localhost:3000/globals');
  expect(response.status).toBe(200);
  expect(JSON.parse(response.body)).toEqual(onNode);
  // What the report says on Node, so the comparison is not one of two empty reports.
  expect(onNode).toMatchObject({
    types: { crypto: 'object', setImmediate: 'function', global: 'object' },
    behaviour: { uuid: true, sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', aesGcm: 'note' },
  });
}, 180_000);
