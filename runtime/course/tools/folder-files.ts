import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file under `dir` by its path relative to it (`/`-separated), with its bytes: a site's files as its manifest lists them. */
export function filesUnder(dir: string): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(dir, path).split('\\').join('/')] = readFileSync(path);
  }
  return files;
}
