/** One thing wrong with a course, where it is: the file (absolute path) and its 1-based line (0: the file as a whole). */
export interface CourseProblem {
  file: string;
  line: number;
  message: string;
}

/** `file:line: message`, the form editors and terminals turn into a link. */
export function formatProblem(problem: CourseProblem, relativeTo?: (file: string) => string): string {
  const file = relativeTo ? relativeTo(problem.file) : problem.file;
  return `${file}${problem.line > 0 ? `:${problem.line}` : ''}: ${problem.message}`;
}

/** The 1-based line of the first match of `pattern` in `source`, or 1 when there is none. */
export function lineOf(source: string, pattern: RegExp | string): number {
  const at = typeof pattern === 'string' ? source.indexOf(pattern) : source.search(pattern);
  return at < 0 ? 1 : source.slice(0, at).split('\n').length;
}
