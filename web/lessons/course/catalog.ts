/// <reference types="vite/client" />
import type { Check } from '../../../runtime/checks/check-format.ts';
import type { CompiledLessonText, LessonMeta, LessonNode } from '../../../runtime/contract/lesson-tree.ts';
import type { Files } from '../../state/files-store.ts';

/** One lesson, as the playground shows it. */
export interface Lesson {
  /** The folder name, e.g. `01-getting-started`. */
  id: string;
  /** The numeric prefix, e.g. 1. */
  number: number;
  title: string;
  summary: string;
  /** Spec rule ids the lesson teaches. */
  covers: string[];
  /** The program the learner starts from: `starter.ts` as `main.ts`, or the files of the `starter/` folder. */
  starter: Files;
  /** A program that passes every check: `solution.ts` or the `solution/` folder, like the starter. */
  solution: Files;
  /** The automatic checks. */
  checks: Check[];
}

// Vite inlines every lesson's frontmatter and program at build time; each lesson's text is a chunk of its
// own, loaded when the lesson opens (lessonText), so the first load does not carry all of them.
const metas = import.meta.glob<LessonMeta>('../../../lessons/*/lesson.md', { query: '?lesson-meta', import: 'default', eager: true });
const texts = import.meta.glob<CompiledLessonText>('../../../lessons/*/lesson.md', { query: '?lesson', import: 'default' });
// A program is one file (`starter.ts`) or a folder of files (`starter/main.ts`, `starter/todos.service.ts`, …).
const programs = import.meta.glob<string>(['../../../lessons/*/{starter,solution}.ts', '../../../lessons/*/{starter,solution}/**/*.{ts,js,json}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const checkModules = import.meta.glob<Check[]>('../../../lessons/*/checks.ts', { import: 'default', eager: true });

const FOLDER = /\/lessons\/((\d+)-[\w-]+)\/lesson\.md$/;

/** Every lesson, sorted by number. Throws at load time when a lesson folder is incomplete. */
export const lessons: Lesson[] = Object.entries(metas)
  .flatMap(([path, meta]) => {
    const folder = FOLDER.exec(path);
    if (!folder) return [];
    const [, id, number] = folder;
    const base = path.slice(0, -'lesson.md'.length);
    const part = <T>(files: Record<string, T>, name: string): T => {
      const value = files[base + name];
      if (value === undefined) throw new Error(`Lesson ${id} has no ${name}.`);
      return value;
    };
    const program = (name: 'starter' | 'solution'): Files => {
      const single = programs[`${base}${name}.ts`];
      if (single !== undefined) return { 'main.ts': single };
      const folder = `${base}${name}/`;
      const files = Object.fromEntries(Object.entries(programs).filter(([file]) => file.startsWith(folder)).map(([file, source]) => [file.slice(folder.length), source]));
      if (files['main.ts'] === undefined) throw new Error(`Lesson ${id} has no ${name}.ts nor ${name}/main.ts.`);
      return files;
    };
    return [{ id, number: Number(number), ...meta, starter: program('starter'), solution: program('solution'), checks: part(checkModules, 'checks.ts') }];
  })
  .sort((a, b) => a.number - b.number);

/** The lesson with `id`, if there is one. */
export function findLesson(id: string): Lesson | undefined {
  return lessons.find((lesson) => lesson.id === id);
}

const loadedTexts = new Map<string, Promise<LessonNode[]>>();

/** The lesson's text, parsed from its Markdown at build time; one promise per lesson, so React's `use` can read it. */
export function lessonText(lesson: Lesson): Promise<LessonNode[]> {
  let text = loadedTexts.get(lesson.id);
  if (!text) {
    text = texts[`../../../lessons/${lesson.id}/lesson.md`]().then(
      (compiled) => compiled.text,
      (error: unknown) => {
        // Not kept: opening the lesson again tries again.
        loadedTexts.delete(lesson.id);
        throw error;
      },
    );
    loadedTexts.set(lesson.id, text);
  }
  return text;
}
