/** The course folder a command names first (`halo course check ../my-course --no-proofs`), else this folder, and the options after it. */
export function courseAndOptions(args: readonly string[]): { dir: string; options: string[] } {
  const named = args.length > 0 && !args[0].startsWith('-');
  return { dir: named ? args[0] : '.', options: args.slice(named ? 1 : 0) };
}
