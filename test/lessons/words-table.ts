import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { proseWords } from './prose-words.ts';
import { repoRoot } from './serve-program.ts';

// Prints the prose words of every lesson: `npx tsx test/lessons/words-table.ts [git-revision]`
// (the working tree without a revision), so a course edit can report its words before and after.

const revision = process.argv[2];
const ids = revision
  ? execFileSync('git', ['ls-tree', '--name-only', `${revision}:lessons`], { cwd: repoRoot, encoding: 'utf8' }).split('\n')
  : readdirSync(join(repoRoot, 'lessons'));
const textOf = (id: string): string =>
  revision
    ? execFileSync('git', ['show', `${revision}:lessons/${id}/lesson.md`], { cwd: repoRoot, encoding: 'utf8' })
    : readFileSync(join(repoRoot, 'lessons', id, 'lesson.md'), 'utf8');
for (const id of ids.filter((name) => /^\d\d-/.test(name)).sort()) {
  console.log(`${id}\t${proseWords(textOf(id))}`);
}
