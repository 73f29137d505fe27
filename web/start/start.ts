/**
 * `npm start`: builds the playground as `npm run build` does (the prebuilt app, then Halo's own course written beside
 * it) and serves it on 127.0.0.1:4173, printing a short summary and the address last (Vite's own output is a page of
 * file sizes and third-party warnings that hides it).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, createLogger, preview, type Logger } from 'vite';
import { measureSite, startSummary } from './site-summary.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const HOST = '127.0.0.1';
const PORT = 4173;

/** A logger that keeps errors on screen and only counts warnings. */
function quietLogger(): { logger: Logger; warnings: () => number } {
  const base = createLogger('error');
  let count = 0;
  const warn = () => void (count += 1);
  return { logger: { ...base, info: () => {}, warn, warnOnce: warn }, warnings: () => count };
}

function buildTypes(): void {
  // The editor's Halo types are generated from the framework; the build bundles them.
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'runtime/build/build-types.ts'], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error('Generating the Halo types for the editor failed (output above).');
  }
}

const started = Date.now();
console.log('Building the Halo Playground…');
buildTypes();
const { logger, warnings } = quietLogger();
// logLevel 'warn' also turns off Vite's progress lines; the logger keeps errors and counts warnings.
// The prebuilt playground goes to a cache folder; the course build (as `npm run build` runs it) writes dist/ from it.
mkdirSync(resolve(ROOT, 'node_modules/.cache/halo'), { recursive: true });
const appDir = mkdtempSync(resolve(ROOT, 'node_modules/.cache/halo/app-'));
try {
  await build({
    root: ROOT,
    logLevel: 'warn',
    customLogger: logger,
    build: { outDir: appDir, emptyOutDir: true, reportCompressedSize: false },
  });
  const course = spawnSync(process.execPath, ['--import', 'tsx', 'runtime/course/tools/build-cli.ts', '--appDir', appDir], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (course.status !== 0) throw new Error('The course build failed (output above).');
} finally {
  rmSync(appDir, { recursive: true, force: true });
}
const buildMs = Date.now() - started;
const server = await preview({ root: ROOT, customLogger: logger, preview: { host: HOST, port: PORT, strictPort: true } });
const url = server.resolvedUrls?.local[0] ?? `http://${HOST}:${PORT}/`;
console.log(startSummary(measureSite(resolve(ROOT, 'dist')), buildMs, warnings(), url).join('\n'));
