import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { exerciseId, readExercise } from '../course/exercises/exercise.ts';
import { EXERCISE_FILE_EXTENSION, EXERCISE_FILE_FORMAT, MAX_EXERCISE_FILE_BYTES } from '../course/exercises/exercise-file-format.ts';
import { filesLimitProblem } from '../course/exercises/file-names.ts';
import type { ClassLesson } from './class-protocol.ts';

/** An exercise a class serves: its column on the dashboard, and its file's text for the learners' "Open". */
export interface ClassExercise {
  /** Keyed by the id the playground gives the exercise, so its check results arrive under this id. */
  lesson: ClassLesson;
  /** The `.halo-exercise` file as written: the learner's playground reads it as it reads any exercise file. */
  fileText: string;
}

/** The exercise of one `.halo-exercise` file's text, checked with the exercise schema and limits of the playground. */
function readClassExercise(text: string): ClassExercise {
  const data = JSON.parse(text) as { format?: unknown; files?: unknown; exercise?: unknown };
  if (typeof data !== 'object' || data === null || data.format !== EXERCISE_FILE_FORMAT) throw new Error('it is not a Halo exercise');
  if (typeof data.files !== 'object' || data.files === null) throw new Error('it holds no files');
  const limit = filesLimitProblem(data.files as Record<string, unknown>);
  if (limit) throw new Error(limit);
  // The exercise's starter is the file's program, as when the playground opens it.
  const exercise = readExercise({ ...(data.exercise as object), starter: data.files });
  return {
    lesson: {
      id: exerciseId(exercise),
      title: exercise.title,
      checks: exercise.checks.map((check) =>
        check.points === undefined ? { title: check.title } : { title: check.title, points: check.points },
      ),
    },
    fileText: text,
  };
}

/** The `.halo-exercise` files of folder `dir`, in name order. Throws, naming every file that is no valid exercise. */
export function readClassExercises(dir: string): ClassExercise[] {
  const names = readdirSync(dir)
    .filter((name) => name.endsWith(EXERCISE_FILE_EXTENSION))
    .sort();
  const problems: string[] = [];
  const exercises = names.flatMap((name) => {
    const file = join(dir, name);
    try {
      if (statSync(file).size > MAX_EXERCISE_FILE_BYTES) throw new Error(`it is larger than ${MAX_EXERCISE_FILE_BYTES} bytes`);
      return [readClassExercise(readFileSync(file, 'utf8'))];
    } catch (error) {
      problems.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
  });
  if (problems.length > 0) throw new Error(`The exercises in ${dir} have problems:\n${problems.join('\n')}`);
  if (exercises.length === 0) throw new Error(`${dir} holds no ${EXERCISE_FILE_EXTENSION} file.`);
  return exercises;
}
