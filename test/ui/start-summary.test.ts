import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { measureSite, startSummary } from '../../web/start/site-summary.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('measureSite counts every file under the build, nested ones too', () => {
  dir = mkdtempSync(join(tmpdir(), 'halo-site-'));
  mkdirSync(join(dir, 'assets/deep'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), 'x'.repeat(1_000));
  writeFileSync(join(dir, 'assets/a.js'), 'y'.repeat(500_000));
  writeFileSync(join(dir, 'assets/deep/b.wasm'), 'z'.repeat(1_500_000));
  expect(measureSite(dir)).toEqual({ files: 3, bytes: 2_001_000 });
});

test('the start summary is a few lines with the address last and alone on its line', () => {
  const lines = startSummary({ files: 131, bytes: 24_560_000 }, 41_234, 12, 'http://127.0.0.1:4173/');
  const text = lines.filter((l) => l.trim() !== '');
  expect(text).toEqual([
    'Built the Halo Playground in 41.2 s: 131 files, 24.6 MB · 12 build warnings hidden (npm run build shows them)',
    '  Open the playground:  http://127.0.0.1:4173/',
  ]);
  expect(lines.length).toBeLessThanOrEqual(5);
});
