import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTsFile } from '../support/run-program.ts';

const appHttp = resolve('runtime/node/index.ts');

describe('SIGINT on a running program', () => {
  it('stops accepting, lets the in-flight request finish, and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'halo-sigint-'));
    const file = join(dir, 'slow.mts');
    writeFileSync(
      file,
      `import { App, AppHttp } from ${JSON.stringify(appHttp)};
const app = new App();
app.get('/', (req, res) => res.write('up'));
app.get('/slow', async (req, res) => {
  await new Promise((r) => setTimeout(r, 1500));
  res.write('finished');
});
await new AppHttp(app).startServer('127.0.0.1', 0);
`,
    );
    const program = await runTsFile(file);
    const inFlight = fetch(program.origin + '/slow').then(async (r) => [r.status, await r.text()]);
    await new Promise((r) => setTimeout(r, 200));
    const exit = program.interrupt('SIGINT');
    // Wait for the program to say it is shutting down rather than guessing how long the signal takes.
    for (let i = 0; i < 100 && !program.output().includes('SIGINT'); i++) await new Promise((r) => setTimeout(r, 20));
    await expect(fetch(program.origin + '/', { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    expect(await inFlight).toEqual([200, 'finished']);
    expect(await exit).toBe(0);
    expect(program.output()).toContain('SIGINT');
  });
});
