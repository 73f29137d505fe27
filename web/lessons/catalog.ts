/// <reference types="vite/client" />
import type { Check } from '../../lessons/lesson-format.ts';
import type { CompiledLessonText, LessonNode } from './lesson-tree.ts';

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
  /** The lesson text, parsed from its Markdown at build time. */
  text: LessonNode[];
  /** The program the learner starts from. */
  starter: string;
  /** A program that passes every check. */
  solution: string;
  /** The automatic checks. */
  checks: Check[];
}

// Vite inlines every lesson at build time, so the catalog needs no network at run time.
const texts = import.meta.glob<CompiledLessonText>('../../lessons/*/lesson.md', { query: '?lesson', import: 'default', eager: true });
const starters = import.meta.glob<string>('../../lessons/*/starter.ts', { query: '?raw', import: 'default', eager: true });
const solutions = import.meta.glob<string>('../../lessons/*/solution.ts', { query: '?raw', import: 'default', eager: true });
const checkModules = import.meta.glob<Check[]>('../../lessons/*/checks.ts', { import: 'default', eager: true });

const FOLDER = /\/lessons\/((\d+)-[\w-]+)\/lesson\.md$/;

/** Every lesson, sorted by number. Throws at load time when a lesson folder is incomplete. */
export const lessons: Lesson[] = Object.entries(texts)
  .flatMap(([path, text]) => {
    const folder = FOLDER.exec(path);
    if (!folder) return [];
    const [, id, number] = folder;
    const base = path.slice(0, -'lesson.md'.length);
    const part = <T>(files: Record<string, T>, name: string): T => {
      const value = files[base + name];
      if (value === undefined) throw new Error(`Lesson ${id} has no ${name}.`);
      return value;
    };
    return [{ id, number: Number(number), ...text, starter: part(starters, 'starter.ts'), solution: part(solutions, 'solution.ts'), checks: part(checkModules, 'checks.ts') }];
  })
  .sort((a, b) => a.number - b.number);

/** The lesson with `id`, if there is one. */
export function findLesson(id: string): Lesson | undefined {
  return lessons.find((lesson) => lesson.id === id);
}
