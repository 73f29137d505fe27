import { cpSync, existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The course folder create-halo copies: one lesson with its checks, the package.json, a README. */
const TEMPLATE = fileURLToPath(new URL('./template/', import.meta.url));

/**
 * Template files stored under another name: npm leaves a package's .gitignore out of its tarball, and a package.json or
 * tsconfig.json in this repository would make the template's lessons a package and a project of their own, without
 * `halo` installed (here they are type-checked and linted against this repository's `halo`).
 */
const RENAMED = { gitignore: '.gitignore', 'package.template.json': 'package.json', 'tsconfig.template.json': 'tsconfig.json' };

/** Why `dir` cannot be written without `--force`, if it cannot. */
export function folderRefusal(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  const present = readdirSync(dir);
  return present.length === 0
    ? undefined
    : `${dir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): choose another folder, or add --force to write into it.`;
}

/** A package name for the folder: npm's rules (lower case, no spaces, URL-safe). */
function packageName(dir: string): string {
  return (
    basename(dir)
      .toLowerCase()
      .replace(/[^a-z0-9._~-]+/g, '-')
      .replace(/^[._-]+|-+$/g, '') || 'halo-course'
  );
}

/** Writes the template into `dir` with its package name, the course title and (if given) another `halo` dependency. */
export function writeCourse(dir: string, { title, haloSpec }: { title: string; haloSpec: string | undefined }): void {
  cpSync(TEMPLATE, dir, { recursive: true });
  for (const [stored, name] of Object.entries(RENAMED)) renameSync(join(dir, stored), join(dir, name));
  const manifestFile = join(dir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { name: string; dependencies: Record<string, string> };
  manifest.name = packageName(dir);
  if (haloSpec !== undefined) manifest.dependencies.halo = haloSpec;
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  const courseFile = join(dir, 'course.json');
  const course = JSON.parse(readFileSync(courseFile, 'utf8')) as { title: string };
  writeFileSync(courseFile, `${JSON.stringify({ ...course, title }, null, 2)}\n`);
  const readme = join(dir, 'README.md');
  writeFileSync(readme, readFileSync(readme, 'utf8').replace('# My Halo course', `# ${title}`));
}
