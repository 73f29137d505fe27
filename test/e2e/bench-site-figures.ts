/** Figures of a built site read from its files: what a first load fetches eagerly, and what the offline cache stores. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { offlineManifest } from '../../runtime/build/offline-worker-build.ts';
import { siteFiles } from './harness/site-files.ts';

/**
 * Bytes (gzip, best level) of what `index.html` makes the browser fetch before anything is lazy: the
 * document, its entry script, the chunks it preloads and its style sheets, and the course's data that the
 * page reads before its first render (`course/course.json`; each lesson's text waits for its lesson).
 */
export function eagerGzipBytes(site: string): { bytes: number; files: string[] } {
  const html = readFileSync(join(site, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\.\/([^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  const files = ['index.html', ...scripts, 'course/course.json'];
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(site, file)), { level: constants.Z_BEST_COMPRESSION }).byteLength,
    0,
  );
  return { bytes, files };
}

/** Bytes the offline cache stores after a first visit (its precache list, as the build's manifest has it). */
export function precacheBytes(site: string): { bytes: number; files: number } {
  const files = siteFiles(site);
  const { precache } = offlineManifest(files);
  return { bytes: precache.reduce((sum, path) => sum + files[path].byteLength, 0), files: precache.length };
}
