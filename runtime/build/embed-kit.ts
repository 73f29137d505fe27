/**
 * The snippet kit: from a built playground, only what a page's `<halo-snippet>` elements load (embed.js, the
 * snippet frame, the chunks and workers it reaches, esbuild's wasm, and PGlite's files, which the frame fetches
 * only when a snippet's program uses PgService). `halo embed DIR` writes it; it reads nothing but the built site,
 * so it runs the same from this repository and from an installed package.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { ALLOWED_ORIGINS_FILE, ANY_ORIGIN_LIST } from '../contract/embed-origins-file.ts';

/** Where the frame, its service worker and the script are in a built site (embed-script-plugin.ts, vite.config.ts's `embed` input). */
const ROOTS = ['embed.js', 'web/embed/frame.html', 'web/embed/frame-sw.js'];
/** The folder of the build's hashed files (vite.config.ts's assetsDir). */
const ASSETS = 'assets';
/** The files the build compresses and the frame fetches through their `.gz` sibling (fetch-compressed.ts). */
const GZIP_SUFFIX = '.gz';
/** Files the frame reads as text to find what they load in turn. */
const TEXT = /\.(?:html|js|mjs|css)$/;
/** A file name as a chunk or page refers to another (`./x-a1b2.js`, `assets/pglite.wasm`, `new URL("x.wasm", …)`). */
const FILE_NAME = /[\w.-]+\.(?:js|mjs|css|wasm|data|tar|json|woff2?)\b/g;
/** PGlite's engine and seed: copied, but fetched only by a snippet whose program uses PgService. */
const PGLITE = /pglite|initdb/;

/** What `writeEmbedKit` wrote. */
export interface EmbedKit {
  /** The kit's files, relative to its folder. */
  files: string[];
  /** Bytes of every file. */
  bytes: number;
  /** Bytes of PGlite's files among them. */
  pgliteBytes: number;
}

/**
 * The files of `siteDir` the snippets reach from ROOTS: every file of the assets folder a reached page or chunk
 * names, in turn; for one the build compressed, its `.gz` sibling (which the frame fetches), and the file itself
 * only when it is a module a chunk may import.
 */
function reachedFiles(siteDir: string): string[] {
  const assets = new Set(existsSync(join(siteDir, ASSETS)) ? readdirSync(join(siteDir, ASSETS)) : []);
  // Data at the root (PGlite's seed); never the root's pages and scripts, which are the playground's own.
  const rootData = new Set(readdirSync(siteDir).filter((name) => !/\.(?:html|js)$/.test(name) && statSync(join(siteDir, name)).isFile()));
  const reached = new Set<string>();
  const queue = ROOTS.filter((file) => existsSync(join(siteDir, file)));
  if (queue.length < ROOTS.length) throw new Error(`${siteDir} is not a Halo Playground build: it has no ${ROOTS.join(' or ')}.`);
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (reached.has(file)) continue;
    reached.add(file);
    if (!TEXT.test(file)) continue;
    for (const [name] of readFileSync(join(siteDir, file), 'utf8').matchAll(FILE_NAME)) {
      if (assets.has(name)) queue.push(posix.join(ASSETS, name));
      else if (rootData.has(name)) queue.push(name);
    }
  }
  return [...reached].flatMap((file) => {
    if (!existsSync(join(siteDir, file + GZIP_SUFFIX))) return [file];
    return TEXT.test(file) ? [file, file + GZIP_SUFFIX] : [file + GZIP_SUFFIX];
  });
}

/**
 * Writes the snippet kit of the built playground `siteDir` into `outDir` (host it anywhere; pages load
 * `<outDir's URL>/embed.js`), and an `embed-origins.json` letting any page embed unless the site has its own.
 */
export function writeEmbedKit({ siteDir, outDir }: { siteDir: string; outDir: string }): EmbedKit {
  const files = reachedFiles(siteDir);
  let bytes = 0;
  let pgliteBytes = 0;
  for (const file of files) {
    mkdirSync(dirname(join(outDir, file)), { recursive: true });
    copyFileSync(join(siteDir, file), join(outDir, file));
    const size = statSync(join(outDir, file)).size;
    bytes += size;
    if (PGLITE.test(file)) pgliteBytes += size;
  }
  // The site's allowlist when it has one (the frame's chunk names it, so it was copied), else one letting any page.
  if (!files.includes(ALLOWED_ORIGINS_FILE)) {
    writeFileSync(join(outDir, ALLOWED_ORIGINS_FILE), ANY_ORIGIN_LIST);
    files.push(ALLOWED_ORIGINS_FILE);
    bytes += ANY_ORIGIN_LIST.length;
  }
  return { files, bytes, pgliteBytes };
}
