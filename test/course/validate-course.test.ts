import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateCourse } from '../../runtime/course/tools/validate-course.ts';

const FIXTURE = join(import.meta.dirname, '../fixtures/course');
const LESSONS = join(import.meta.dirname, '../../lessons');
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the two-lesson fixture course outside the repository (no package.json, no node_modules), changed by `edit`. */
function fixtureCopy(edit: (path: (file: string) => string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'halo-course-'));
  copies.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  edit((file) => join(dir, file));
  return dir;
}

const replaceIn = (file: string, from: string, to: string): void => {
  const source = readFileSync(file, 'utf8');
  if (!source.includes(from)) throw new Error(`${file} has no "${from}"`);
  writeFileSync(file, source.replace(from, to));
};

describe('validateCourse', () => {
  it('finds nothing wrong with the fixture course, run from outside the repository', async () => {
    expect(await validateCourse(fixtureCopy(() => {}))).toEqual([]);
  }, 60_000);

  it('finds nothing wrong with Halo’s own course (its programs are proved by test/lessons/lessons-run.test.ts)', async () => {
    expect(await validateCourse(LESSONS, { proofs: false })).toEqual([]);
  }, 60_000);

  it('rejects a solution that fails its checks and a starter that passes all of them, naming file and line', async () => {
    const dir = fixtureCopy((at) => {
      replaceIn(at('05-echo/solution.ts'), 'return { name: req.bodyAsMap.name };', "return { name: 'Bob' };");
      writeFileSync(at('10-greeting/starter.ts'), readFileSync(at('10-greeting/solution.ts'), 'utf8'));
    });
    const problems = await validateCourse(dir);
    // In course order: 10-greeting is the course file's first lesson.
    expect(problems).toEqual([
      {
        file: join(dir, '10-greeting/checks.ts'),
        line: 3,
        message: 'the starter passes every check: a check that cannot fail teaches nothing',
      },
      {
        file: join(dir, '05-echo/checks.ts'),
        line: 10,
        message: 'the solution fails the check "POST /echo answers the name it was sent": Expected json.name to be "Ada", but it is "Bob".',
      },
    ]);
  }, 90_000);

  it('says why a solution does not run: its output, without stack frames', async () => {
    const dir = fixtureCopy((at) => {
      replaceIn(
        at('05-echo/solution.ts'),
        "import { App, AppHttp } from 'halo';",
        "import { App, AppHttp } from 'halo';\nthrow new Error('the teacher left a typo');",
      );
    });
    const problems = await validateCourse(dir);
    const problem = problems.find((p) => p.file === join(dir, '05-echo/solution.ts'));
    expect(problem?.message).toMatch(/^the solution does not run: .*solution\.ts exited before listening on port \d+\. Output:\n/);
    expect(problem?.message).toContain('Error: the teacher left a typo');
    expect(problem?.message).not.toMatch(/\n\s+at /);
  }, 90_000);

  it('reports an observe check the starter fails and a task check it passes, at the check', async () => {
    const dir = fixtureCopy((at) => {
      replaceIn(at('05-echo/checks.ts'), "kind: 'observe',", "kind: 'task',");
      replaceIn(
        at('05-echo/checks.ts'),
        "title: 'POST /echo answers the name it was sent',",
        "title: 'POST /echo answers the name it was sent',\n    kind: 'observe',",
      );
    });
    expect(await validateCourse(dir)).toEqual([
      {
        file: join(dir, '05-echo/checks.ts'),
        line: 4,
        message: expect.stringContaining('the starter passes the task check "POST /echo answers with JSON"'),
      },
      {
        file: join(dir, '05-echo/checks.ts'),
        line: 10,
        message: expect.stringContaining('the starter fails the observe check "POST /echo answers the name it was sent"'),
      },
    ]);
  }, 90_000);

  it('names a misspelt course file key in words, on the line of the chapter that has it', async () => {
    const dir = fixtureCopy((at) => replaceIn(at('course.json'), '"lessons": ["05-echo"]', '"lesons": ["05-echo"]'));
    const problems = await validateCourse(dir, { proofs: false });
    expect(problems).toEqual([
      { file: join(dir, 'course.json'), line: 5, message: '"chapters.1.lessons" is missing' },
      { file: join(dir, 'course.json'), line: 5, message: '"chapters.1.lesons" is not a key of a chapter (title, intro, lessons)' },
    ]);
  }, 60_000);

  it('reports bad frontmatter, broken links, bad checks and a bad course file with their lines, without running anything', async () => {
    const dir = fixtureCopy((at) => {
      replaceIn(at('05-echo/lesson.md'), 'summary: Read', 'sumary: Read');
      replaceIn(at('10-greeting/lesson.md'), '(?lesson=05-echo)', '(?lesson=06-nowhere)');
      replaceIn(at('10-greeting/checks.ts'), 'expect: {', 'expected: {');
      replaceIn(at('course.json'), '"lessons": ["05-echo"]', '"lessons": ["05-echo", "07-missing"]');
    });
    const problems = await validateCourse(dir, { proofs: false });
    expect(problems).toEqual([
      {
        file: join(dir, 'course.json'),
        line: 5,
        message: 'lists the lesson "07-missing", but there is no folder 07-missing/ with a lesson.md',
      },
      { file: join(dir, '10-greeting/lesson.md'), line: 14, message: 'broken link: there is no lesson "06-nowhere"' },
      { file: join(dir, '10-greeting/checks.ts'), line: 4, message: 'check 1: "expect" is missing' },
      {
        file: join(dir, '10-greeting/checks.ts'),
        line: 7,
        message: expect.stringMatching(/^check 1: "expected" is not a key of a check \(title, kind, request, expect/),
      },
      { file: join(dir, '05-echo/lesson.md'), line: 3, message: expect.stringContaining('"sumary" is not a frontmatter key') },
    ]);
  }, 60_000);
});
