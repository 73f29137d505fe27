import { relative } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { formatProblem, type CourseProblem } from './course-problem.ts';
import { REPO_ROOT } from './course-dir.ts';
import { readCourse } from './read-course.ts';
import { validateCourse } from './validate-course.ts';

const MODULE = 'virtual:halo-course';
const RESOLVED = `\0${MODULE}`;
/** What a course's `checks.ts` imports `defineChecks` from, wherever the course folder is. */
const CHECK_FORMAT_MODULE = 'halo/course';
const CHECK_FORMAT_FILE = `${REPO_ROOT}runtime/course/format/check-format.ts`;

/**
 * The course module's source: every lesson's frontmatter (`?lesson-meta`), programs and checks, each
 * lesson's text (`?lesson`) a chunk loaded on demand.
 */
function courseModule(dir: string, problems: string[]): string {
  const { course, problems: found } = readCourse(dir);
  problems.push(...found.map((problem) => formatProblem(problem)));
  const imports = course.lessons.flatMap((lesson, index) => [
    `import meta${index} from ${JSON.stringify(`${lesson.textFile}?lesson-meta`)};`,
    `import checks${index} from ${JSON.stringify(lesson.checksFile)};`,
  ]);
  const lessons = course.lessons.map((lesson, index) => {
    const fields = { id: lesson.id, number: lesson.number, starter: lesson.starter.files, solution: lesson.solution.files };
    return `{ ...meta${index}, ...${JSON.stringify(fields)}, checks: checks${index}, text: () => import(${JSON.stringify(`${lesson.textFile}?lesson`)}).then((m) => m.default) }`;
  });
  return `${imports.join('\n')}
export default { title: ${JSON.stringify(course.title)}, chapters: ${JSON.stringify(course.chapters)}, first: ${JSON.stringify(course.first)}, example: ${JSON.stringify(course.example?.files ?? { 'main.ts': '' })}, lessons: [\n${lessons.join(',\n')}\n] };`;
}

/**
 * `import course from 'virtual:halo-course'`: the course of folder `dir` (lessons/ by default) as the page
 * reads it. The build runs the validator and writes nothing when it finds a problem; the dev server (`npm run author`)
 * watches the folder, validates it on every save, prints the problems with file and line, and reloads the page.
 */
export function coursePlugin(dir: string, options: { validateOnSave?: boolean; proofs?: boolean } = {}): Plugin {
  let building = false;
  let validation: Promise<CourseProblem[]> = Promise.resolve([]);
  return {
    name: 'halo-course',
    config: () => ({ server: { fs: { allow: [REPO_ROOT, dir] } } }),
    configResolved(config) {
      building = config.command === 'build' && !config.build.ssr;
    },
    buildStart() {
      // The proofs run programs for a while: alongside the bundling, awaited before anything is written.
      if (building) validation = validateCourse(dir, { proofs: options.proofs ?? true });
    },
    async generateBundle() {
      const problems = await validation;
      if (problems.length > 0)
        this.error(
          `The course ${dir} has ${problems.length} problem(s):\n${problems.map((p) => formatProblem(p, (file) => relative(process.cwd(), file))).join('\n')}`,
        );
    },
    resolveId: (id) => (id === MODULE ? RESOLVED : id === CHECK_FORMAT_MODULE ? CHECK_FORMAT_FILE : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const problems: string[] = [];
      const source = courseModule(dir, problems);
      if (problems.length > 0 && building) this.error(problems.join('\n'));
      return source;
    },
    configureServer(server) {
      server.watcher.add(dir);
      const onSave = savedCourseHandler(server, dir, options.validateOnSave ?? false);
      server.watcher.on('all', (_event, file) => {
        if (!relative(dir, file).startsWith('..')) onSave();
      });
    },
  };
}

/**
 * After a save in the course folder: the course module is made again and the page reloads (the learner's
 * code and progress are in localStorage, so they survive); then, when asked, the validator runs (one run
 * at a time, the latest save last) and prints what it finds.
 */
function savedCourseHandler(server: ViteDevServer, dir: string, validate: boolean): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  return () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const module = server.moduleGraph.getModuleById(RESOLVED);
      if (module) server.moduleGraph.invalidateModule(module);
      server.ws.send({ type: 'full-reload' });
      if (!validate) return;
      running = running.then(async () => {
        const problems = await validateCourse(dir);
        const at = (file: string) => relative(process.cwd(), file);
        console.log(
          problems.length === 0
            ? `[course] ${at(dir) || '.'}: no problems.`
            : `[course] ${problems.length} problem(s):\n${problems.map((p) => formatProblem(p, at)).join('\n')}`,
        );
      });
    }, 150);
  };
}
