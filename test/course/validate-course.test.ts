import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

  it('names a misspelt course file key once, in words, on the line of the chapter that has it', async () => {
    const dir = fixtureCopy((at) => replaceIn(at('course.json'), '"lessons": ["05-echo"]', '"lesons": ["05-echo"]'));
    const problems = await validateCourse(dir, { proofs: false });
    expect(problems).toEqual([
      {
        file: join(dir, 'course.json'),
        line: 5,
        message: '"chapters.1.lesons" is not a key of a chapter (title, intro, lessons): did you mean "lessons"?',
      },
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
      {
        file: join(dir, '10-greeting/checks.ts'),
        line: 7,
        message: expect.stringMatching(
          /^check 1: "expected" is not a key of a check \(title, kind, request, expect.*\): did you mean "expect"\?$/,
        ),
      },
      {
        file: join(dir, '05-echo/lesson.md'),
        line: 3,
        message: expect.stringMatching(/"sumary" is not a frontmatter key .*: did you mean "summary"\?$/),
      },
    ]);
  }, 60_000);

  it('gives exactly one problem per planted fault of test/fixtures/course-faults, each at its file and line, in well under a second', async () => {
    const dir = join(import.meta.dirname, '../fixtures/course-faults');
    const started = performance.now();
    const problems = await validateCourse(dir);
    const took = performance.now() - started;
    // Each fault's line is the one after the comment that plants it.
    const planted = (file: string, fault: number) => {
      const lines = readFileSync(join(dir, file), 'utf8').split('\n');
      return lines.findIndex((line) => line.includes(`Planted fault ${fault}:`)) + 2;
    };
    expect(problems).toEqual([
      {
        file: join(dir, '10-greeting/lesson.md'),
        line: planted('10-greeting/lesson.md', 2),
        message: expect.stringContaining('"sumary" is not a frontmatter key'),
      },
      {
        file: join(dir, '10-greeting/checks.ts'),
        line: planted('10-greeting/checks.ts', 1),
        message: expect.stringMatching(/^check 2: "steps\.1\.expcet" is not a key of an HTTP step .*did you mean "expect"\?$/),
      },
      {
        file: join(dir, '05-echo/lesson.md'),
        line: planted('05-echo/lesson.md', 3),
        message: '"files" lists echo.ts, which the starter and the solution do not have',
      },
      {
        file: join(dir, '05-echo/solution.ts'),
        line: planted('05-echo/solution.ts', 4),
        message: 'imports "./greet.ts", but the solution has no file greet.ts',
      },
    ]);
    // Nothing runs: a lesson whose checks or imports are wrong is not proved, so a build that fails validation fails fast.
    expect(took).toBeLessThan(10_000);
  }, 60_000);

  it('reports a missing import of a program of several files with its path from the lesson folder, and of checks.ts at its line', async () => {
    const dir = fixtureCopy((at) => {
      mkdirSync(at('05-echo/starter'));
      renameSync(at('05-echo/starter.ts'), at('05-echo/starter/main.ts'));
      replaceIn(at('05-echo/starter/main.ts'), "from 'halo';", "from 'halo';\nimport './lib/names.ts';");
      replaceIn(at('05-echo/checks.ts'), "from 'halo/course';", "from 'halo/course';\nimport './names.ts';");
    });
    expect(await validateCourse(dir)).toEqual([
      {
        file: join(dir, '05-echo/starter/main.ts'),
        line: 2,
        message: 'imports "./lib/names.ts", but the starter has no file starter/lib/names.ts',
      },
      { file: join(dir, '05-echo/checks.ts'), line: 2, message: 'cannot be loaded: Could not resolve "./names.ts"' },
    ]);
  }, 60_000);

  it("proves test/fixtures/course-kinds on Node: its starter's wrong value of each kind fails every check, its solution passes", async () => {
    expect(await validateCourse(join(import.meta.dirname, '../fixtures/course-kinds'))).toEqual([]);
    // The same proofs see a starter whose dice roll is in range: it passes that check, which a task check must not.
    const dir = mkdtempSync(join(tmpdir(), 'halo-course-kinds-'));
    copies.push(dir);
    cpSync(join(import.meta.dirname, '../fixtures/course-kinds'), dir, { recursive: true });
    replaceIn(join(dir, '01-tokens/starter.ts'), 'roll: 7', 'roll: 3');
    expect((await validateCourse(dir)).map((problem) => problem.message)).toEqual([
      'the starter passes the task check "roll is a dice roll": mark it kind: \'observe\', or make the starter fail it',
    ]);
  }, 60_000);
});
