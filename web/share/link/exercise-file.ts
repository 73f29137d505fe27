import { EXERCISE_FILE_FORMAT as FORMAT, MAX_EXERCISE_FILE_BYTES } from '../../../runtime/course/exercises/exercise-file-format.ts';
import { SHARE_VERSION, type SharedProgram } from './share-format.ts';
import { readSharedProgram } from './share-schemas.ts';

/** The text of a `.halo-exercise` file: the exercise link's data as readable JSON. */
export function exerciseFileText(program: SharedProgram): string {
  return JSON.stringify({ format: FORMAT, version: SHARE_VERSION, ...program }, null, 2);
}

/** Why a chosen or dropped file cannot be an exercise, or null; checked before it is read. */
export function exerciseFileSizeProblem(size: number): string | null {
  return size > MAX_EXERCISE_FILE_BYTES ? `The file is larger than ${MAX_EXERCISE_FILE_BYTES / 1024 / 1024} MB: it is no exercise.` : null;
}

/** The exercise of a `.halo-exercise` file's text; throws an Error saying, in words, what is wrong. */
export function readExerciseFile(text: string): SharedProgram & Required<Pick<SharedProgram, 'exercise'>> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error('The file is not an exercise: it is not JSON.');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data) || (data as { format?: unknown }).format !== FORMAT) {
    throw new Error('The file is not a Halo exercise.');
  }
  const { format: _format, version, ...program } = data as Record<string, unknown>;
  if (typeof version !== 'number' || version > SHARE_VERSION)
    throw new Error('The file was made by a newer version of the playground: reload the page.');
  const read = readSharedProgram(program, 3);
  if (!read.exercise) throw new Error('The file holds no exercise.');
  return { ...read, exercise: read.exercise };
}
