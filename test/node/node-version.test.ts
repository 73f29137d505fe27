/**
 * `.ci/use-node` puts a Node LTS line first on PATH (CI's whole `npm test` runs on 24; `.ci/node-lts` runs the unit
 * project there) and says which in HALO_TEST_NODE: this is the proof that the tests ran there, both in vitest's
 * worker and in a `node` started by name, as the tests start programs. Without HALO_TEST_NODE (the suite on the machine's own Node) there is nothing to prove.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_TARGET } from '../../runtime/build/node-target.ts';

const wanted = process.env.HALO_TEST_NODE;

describe.skipIf(!wanted)('the Node line .ci/use-node asked for', () => {
  it('runs this worker and the `node` on PATH', () => {
    expect(process.versions.node.split('.')[0]).toBe(wanted);
    expect(execFileSync('node', ['-p', 'process.execPath'], { encoding: 'utf8' }).trim()).toBe(process.execPath);
  });
});

it("packs Node code for the oldest Node that package.json's engines admits", () => {
  const { engines } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
  const oldest = /^\^(\d+)\.(\d+)\.0\b/.exec(engines.node);
  expect(NODE_TARGET).toBe(`node${oldest?.[1]}.${oldest?.[2]}`);
});
