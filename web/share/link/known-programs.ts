/** Line endings and trailing blanks differ between editors and copies; they never change what code does. */
function normalize(source: string): string {
  return source
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .trimEnd();
}

/**
 * Whether shared `files` are exactly one of the `known` programs (a lesson's starter or solution, a
 * template): code the playground itself ships may run without asking; anything else waits for a click.
 */
export function isKnownProgram(files: Record<string, string>, known: readonly Record<string, string>[]): boolean {
  const names = Object.keys(files);
  return known.some(
    (program) =>
      names.length === Object.keys(program).length &&
      names.every((name) => program[name] !== undefined && normalize(program[name]) === normalize(files[name])),
  );
}
