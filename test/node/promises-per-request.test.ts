import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningProgram } from '../support/run-program.ts';
import { runTsFile } from '../support/run-program.ts';
import { rawRequest } from '../support/serve-app.ts';

// Every promise is an allocation and a microtask on the request's path; the count is exact whatever
// the machine's load, so it guards the cost of a request where a timing could not.
describe('promises created per request by the Node adapter and the pipeline', () => {
  let program: RunningProgram;
  beforeAll(async () => (program = await runTsFile(resolve('test/node/fixtures/counting-app.ts'))));
  afterAll(() => program?.interrupt('SIGKILL'));

  async function promisesFor(request: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
  }): Promise<number[]> {
    for (let i = 0; i < 3; i++) {
      const r = await rawRequest(program.origin, request);
      expect(r.status).toBe(200);
    }
    const counts = JSON.parse((await rawRequest(program.origin, { path: '/counts' })).body) as number[];
    return counts.slice(-3);
  }

  it('a synchronous GET creates none', async () => {
    expect(await promisesFor({ path: '/hello' })).toEqual([0, 0, 0]);
    expect(await promisesFor({ path: '/users/42' })).toEqual([0, 0, 0]);
  });

  // The body read (1), the async handler and its await (2), the pipeline and the adapter waiting for
  // it (2). parseBody() used to chain its decoding onto the read: one promise more.
  it('a JSON POST whose async handler awaits parseBody() creates five', async () => {
    const body = JSON.stringify({ name: 'halo', tags: ['a', 'b'] });
    expect(await promisesFor({ method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body })).toEqual([5, 5, 5]);
  });
});
