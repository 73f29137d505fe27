/** The extension of an exercise saved as a file, for exercises too long for a link. */
export const EXERCISE_FILE_EXTENSION = '.halo-exercise';

/** What marks the JSON of an exercise file, with the share format version its content follows. */
export const EXERCISE_FILE_FORMAT = 'halo-exercise';

/** Files larger than this are refused before they are read: an exercise is text and a few programs. */
export const MAX_EXERCISE_FILE_BYTES = 4 * 1024 * 1024;
