import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What a build wrote: how many files and how many bytes in all. */
export interface SiteSize {
  files: number;
  bytes: number;
}

/** Counts the files under `dir` and their total size. */
export function measureSite(dir: string): SiteSize {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The lines `npm start` prints once the site is served: a one-line build summary, then the address, last and alone. */
export function startSummary(size: SiteSize, buildMs: number, warnings: number, url: string): string[] {
  const hidden = warnings > 0 ? ` · ${warnings} build warning${warnings === 1 ? '' : 's'} hidden (npm run build shows them)` : '';
  return [
    `Built the Halo Playground in ${(buildMs / 1000).toFixed(1)} s: ${size.files} files, ${megabytes(size.bytes)}${hidden}`,
    '',
    `  Open the playground:  ${url}`,
    '',
  ];
}
