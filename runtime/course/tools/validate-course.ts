import { kindOf, type Check } from '../format/check-format.ts';
import { checkIssuesAt, issueWords } from '../format/check-schema.ts';
import { checkProgram } from './check-program.ts';
import type { CourseProblem } from './course-problem.ts';
import { ChecksLoadError, loadChecks, type LoadedChecks } from './load-checks.ts';
import { importProblems, lessonTextProblems } from './lesson-file-problems.ts';
import { readCourse, type LessonOnDisk } from './read-course.ts';

/** How much validateCourse does. */
export interface ValidateOptions {
  /**
   * Run every starter and solution on Node against its checks (the default). Off, only the files are
   * read: schemas, links and names.
   */
  proofs?: boolean;
  /** How many lessons are proved at once. Default 2. */
  concurrency?: number;
}

/**
 * Everything wrong with the course in folder `dir`, each problem with its file and line: the course
 * file, lesson folder and program file names, every lesson's frontmatter and links, its checks against
 * the check schema, and (with proofs) that the solution passes every check and the starter fails at least
 * one — every `task` check, while passing every `observe` check — each program served on Node by the real
 * framework in a child process. An empty list: the course is good.
 */
export async function validateCourse(dir: string, options: ValidateOptions = {}): Promise<CourseProblem[]> {
  const { course, problems } = readCourse(dir);
  const ids = new Set([...course.lessons.map((lesson) => lesson.id), 'scratch']);
  const checked = course.lessons.map((lesson) => ({ lesson, text: [...lessonTextProblems(lesson, ids), ...importProblems(lesson)] }));
  const loaded = await Promise.all(checked.map(async ({ lesson }) => checksOf(lesson)));
  const queue = checked.map((entry, index) => ({ ...entry, ...loaded[index] }));
  for (const entry of queue) problems.push(...entry.text, ...entry.problems);
  if (options.proofs ?? true) {
    const provable = queue.filter(
      // A program with a missing import stops at its first line: that problem is reported once, not as a failed run too.
      (entry): entry is typeof entry & { checks: Check[]; source: LoadedChecks } =>
        entry.checks !== null && entry.source !== null && !entry.text.some((p) => p.file !== entry.lesson.textFile),
    );
    // A few lessons at a time, each reported in course order whichever finishes first.
    const proved: CourseProblem[][] = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let index = next++; index < provable.length; index = next++)
        proved[index] = await proveLesson(provable[index].lesson, provable[index].checks, provable[index].source);
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
    problems.push(...proved.flat());
  }
  return problems;
}

/** The lesson's checks once loaded and checked against the schema; null when they cannot be used. */
async function checksOf(lesson: LessonOnDisk): Promise<{ checks: Check[] | null; source: LoadedChecks | null; problems: CourseProblem[] }> {
  const file = lesson.checksFile;
  let source: LoadedChecks;
  try {
    source = await loadChecks(file);
  } catch (error) {
    const line = error instanceof ChecksLoadError ? error.line : 1;
    return { checks: null, source: null, problems: [{ file, line, message: `cannot be loaded: ${(error as Error).message}` }] };
  }
  if (!Array.isArray(source.value))
    return {
      checks: null,
      source,
      problems: [{ file, line: source.exportLine, message: 'must export a list of checks by default: export default defineChecks([...])' }],
    };
  if (source.value.length === 0)
    return { checks: null, source, problems: [{ file, line: source.exportLine, message: 'has no check: a lesson needs at least one' }] };
  const problems = source.value.flatMap((check: unknown, index) => {
    const found = checkIssuesAt(check).map((issue) => ({
      file,
      // A missing key is at the object that lacks it.
      line: source.lineOf(index, issue.message === 'is missing' ? issue.path.slice(0, -1) : issue.path),
      message: `check ${index + 1}: ${issueWords(issue)}`,
    }));
    // A union's branches can report the same words twice.
    return found.filter((p, i) => found.findIndex((q) => q.message === p.message) === i).sort((a, b) => a.line - b.line);
  });
  return { checks: problems.length === 0 ? (source.value as Check[]) : null, source, problems };
}

/**
 * How long a proof's request may take before it counts as failed: a bound for a program that never answers,
 * well above the 10 s a learner's round allows, so a correct solution on a loaded machine is not failed for
 * being slow.
 */
const PROOF_REQUEST_MS = 60_000;

/**
 * How long a proved program may take to listen. A program that never listens usually exits at once (nothing holds it open),
 * so this bound only meets a program still starting: lesson 19's database took over 60 s to open beside two
 * CPU-burning processes, and a proof must not fail a correct course for a busy machine.
 */
const PROOF_START_MS = 180_000;

/** A program's failure with its output's first lines but no stack frames: what the teacher needs to see why. */
const withoutStack = (message: string): string =>
  message
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s+at /.test(line))
    .slice(0, 6)
    .join('\n  ');

/** Runs the lesson's solution and starter against its checks; each problem points at the check in checks.ts. */
async function proveLesson(lesson: LessonOnDisk, checks: Check[], source: LoadedChecks): Promise<CourseProblem[]> {
  const problems: CourseProblem[] = [];
  const at = (index: number): number => source.lines[index] ?? source.exportLine;
  const run = async (program: 'solution' | 'starter') => {
    try {
      return (await checkProgram({ checks }, lesson[program].entry, { timeoutMs: PROOF_REQUEST_MS, startMs: PROOF_START_MS })).results;
    } catch (error) {
      problems.push({
        file: lesson[program].entry,
        line: 0,
        message: `the ${program} does not run: ${withoutStack((error as Error).message)}`,
      });
      return null;
    }
  };
  const solution = await run('solution');
  solution?.forEach((result, index) => {
    if (result.passed) return;
    const why = result.steps.flatMap((step) => step.failures).join(' ');
    problems.push({ file: lesson.checksFile, line: at(index), message: `the solution fails the check "${result.title}": ${why}` });
  });
  const starter = await run('starter');
  if (starter) {
    if (starter.every((result) => result.passed))
      problems.push({
        file: lesson.checksFile,
        line: source.exportLine,
        message: 'the starter passes every check: a check that cannot fail teaches nothing',
      });
    starter.forEach((result, index) => {
      const kind = kindOf(checks[index]);
      if (kind === 'task' && result.passed && !starter.every((r) => r.passed))
        problems.push({
          file: lesson.checksFile,
          line: at(index),
          message: `the starter passes the task check "${result.title}": mark it kind: 'observe', or make the starter fail it`,
        });
      if (kind === 'observe' && !result.passed)
        problems.push({
          file: lesson.checksFile,
          line: at(index),
          message: `the starter fails the observe check "${result.title}": an observe check shows what the starter already does`,
        });
    });
  }
  return problems;
}
