import type { Lesson } from '../lessons/course/catalog.ts';
import type { Exercise } from '../../runtime/course/exercises/exercise.ts';

const shown = new WeakMap<Exercise, Lesson>();

/**
 * An exercise in the shape the lesson views take (check list, checks bar, solution dialog): one object per
 * exercise, so the views see the same "lesson" on every render. Its number is 0: it is no lesson of the course.
 */
export function exerciseAsLesson(id: string, exercise: Exercise): Lesson {
  let lesson = shown.get(exercise);
  if (!lesson) {
    lesson = {
      id,
      number: 0,
      title: exercise.title,
      summary: '',
      covers: [],
      starter: exercise.starter,
      solution: exercise.solution ?? exercise.starter,
      checks: exercise.checks,
    };
    shown.set(exercise, lesson);
  }
  return lesson;
}
