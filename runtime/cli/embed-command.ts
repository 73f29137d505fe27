import { relative, resolve } from 'node:path';
import { writeEmbedKit } from '../build/embed-kit.ts';
import { prebuiltAppDir } from '../course/tools/halo-home.ts';

/**
 * `halo embed <dir>`: writes the snippet kit (embed.js, the frame, its chunks, esbuild's wasm; PGlite, fetched only by
 * a snippet that uses PgService) into `dir`, for a docs site to host, and says what to add to its pages.
 */
export async function embedCommand(args: string[]): Promise<number> {
  const dir = args.find((arg) => !arg.startsWith('-'));
  if (dir === undefined) {
    console.error('usage: halo embed <dir>   (e.g. halo embed public/halo)');
    return 2;
  }
  const outDir = resolve(dir);
  const kit = writeEmbedKit({ siteDir: prebuiltAppDir(), outDir });
  const megabytes = (bytes: number): string => (bytes / 1e6).toFixed(1);
  console.log(`Wrote the snippet kit to ${relative(process.cwd(), outDir) || '.'}: ${kit.files.length} files, ${megabytes(kit.bytes)} MB (${megabytes(kit.pgliteBytes)} MB of it PGlite, loaded only by a snippet that uses PgService).
Load it on your pages from where that folder is served, e.g. <script src="/halo/embed.js" defer></script>, and see docs/embed.md for your docs engine's plugin.`);
  return 0;
}
