/** A lesson folder's name: a number, a dash and a slug (`01-getting-started`). */
export const LESSON_FOLDER = /^(\d+)-[\w-]+$/;

/** A program's file name inside a `starter/` or `solution/` folder: relative, plain characters, `.ts`, `.js` or `.json`. */
export const PROGRAM_FILE = /^[\w-]+(\.[\w-]+)*(\/[\w-]+(\.[\w-]+)*)*\.(ts|js|json)$/;
