/**
 * A VitePress site built the way a docs author builds one: VitePress from the npm registry (installed once into
 * node_modules/.cache/halo/, so a re-run does not download it again), the `halo/markdown-it` plugin taken from the
 * built `halo` package's tarball, pages in a temp folder outside the repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { distDir, REPO_ROOT } from './paths.ts';

/** The VitePress the test builds with (1.x: the version most docs sites run). */
const VITEPRESS = 'vitepress@1.6.4';
/** Where it is installed, once per machine and version. */
const CACHE = resolve(REPO_ROOT, 'node_modules/.cache/halo', VITEPRESS.replace('@', '-'));

/** Installs VitePress into the cache unless it is there; returns its node_modules folder. */
function installVitePress(): string {
  const modules = join(CACHE, 'node_modules');
  if (existsSync(join(modules, 'vitepress/package.json'))) return modules;
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(join(CACHE, 'package.json'), '{ "name": "halo-vitepress-cache", "private": true }\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', VITEPRESS], {
    cwd: CACHE,
    stdio: 'ignore',
    timeout: 600_000,
  });
  return modules;
}

/** `halo/markdown-it` as the package ships it: `package/markdown-it.js` of the build's `halo-*.tgz`, into `dir`. */
function packagedPlugin(dir: string): string {
  const tarball = readdirSync(distDir()).find((name) => /^halo-.*\.tgz$/.test(name));
  if (!tarball) throw new Error(`${distDir()} has no halo-*.tgz (the halo package the build writes)`);
  execFileSync('tar', ['-xzf', join(distDir(), tarball), '-C', dir, 'package/markdown-it.js']);
  return join(dir, 'package/markdown-it.js');
}

/** The pages (file name → Markdown) and a theme stylesheet, built by VitePress with `embed.js` from `kitUrl`; returns the built site's folder. */
export function buildVitePressSite(kitUrl: string, pages: Record<string, string>, themeCss: string): string {
  const modules = installVitePress();
  const site = mkdtempSync(join(tmpdir(), 'halo-vitepress-'));
  symlinkSync(modules, join(site, 'node_modules'), 'dir');
  const plugin = packagedPlugin(site);
  mkdirSync(join(site, 'docs/.vitepress/theme'), { recursive: true });
  for (const [name, markdown] of Object.entries(pages)) writeFileSync(join(site, 'docs', name), markdown);
  // The config an author writes (docs/embed.md): the plugin, and embed.js in the head.
  writeFileSync(
    join(site, 'docs/.vitepress/config.mjs'),
    `import markdownItHalo from ${JSON.stringify(plugin)};
export default {
  title: 'Halo in VitePress',
  head: [['script', { src: ${JSON.stringify(`${kitUrl}embed.js`)}, defer: '' }]],
  markdown: { config: (md) => md.use(markdownItHalo) },
};
`,
  );
  writeFileSync(
    join(site, 'docs/.vitepress/theme/index.mjs'),
    `import DefaultTheme from 'vitepress/theme';\nimport './custom.css';\nexport default DefaultTheme;\n`,
  );
  writeFileSync(join(site, 'docs/.vitepress/theme/custom.css'), themeCss);
  execFileSync(process.execPath, [join(modules, 'vitepress/bin/vitepress.js'), 'build', 'docs'], {
    cwd: site,
    stdio: 'pipe',
    timeout: 300_000,
  });
  return join(site, 'docs/.vitepress/dist');
}
