import { readFileSync } from 'node:fs';
import { HALO_ROOT } from '../course/tools/halo-home.ts';
import { courseAndOptions } from './command-args.ts';
import { runScript } from './run-script.ts';
import { serveCommand } from './serve-command.ts';

/** One command of `halo`: its words, what it does, and how it runs with the arguments after its words. */
export interface HaloCommand {
  /** The words that name it (`course check`). */
  name: string;
  /** Its arguments, as `halo help` shows them. */
  synopsis: string;
  /** One line on what it does. */
  summary: string;
  /** Runs it; the exit code, or undefined when the command set `process.exitCode` itself. */
  run: (args: string[]) => Promise<number | undefined>;
}

/** `args` as the scripts read a course folder: `--course <dir>` then the options. */
function withCourse(args: readonly string[]): string[] {
  const { dir, options } = courseAndOptions(args);
  return ['--course', dir, ...options];
}

/** Every command of `halo`, in the order `halo help` lists them; each loads its modules only when it runs (`halo help` stays instant). */
const COMMANDS: readonly HaloCommand[] = [
  {
    name: 'serve',
    synopsis: '<file.ts> [--port n]',
    summary: 'Run a Halo program on Node (TypeScript as it is).',
    run: serveCommand,
  },
  {
    name: 'course check',
    synopsis: '[dir] [--no-proofs]',
    summary: "Validate a course: files, schemas, links, and each lesson's solution passes and starter fails.",
    run: (args) => {
      const { dir, options } = courseAndOptions(args);
      return runScript(() => import('../course/tools/validate-cli.ts'), [dir, ...options]);
    },
  },
  {
    name: 'course build',
    synopsis: '[dir] [--out dist] [--no-proofs]',
    summary: "Validate the course, then write its static site (the prebuilt playground + the course's data) to --out.",
    run: async (args) => (await import('./course-commands.ts')).courseBuildCommand(args),
  },
  {
    name: 'course author',
    synopsis: '[dir] [--port 5173] [--host 127.0.0.1]',
    summary: 'Author mode: the playground with the course on disk; each save reloads the page and lists problems.',
    run: async (args) => (await import('./course-commands.ts')).courseAuthorCommand(args),
  },
  {
    name: 'check',
    synopsis: '--lesson <id> --url <origin> [--course dir] [--timeout s] [--trace]',
    summary: "Run a lesson's checks against a running server.",
    run: (args) => runScript(() => import('../course/tools/check-cli.ts'), args.includes('--course') ? args : ['--course', '.', ...args]),
  },
  {
    name: 'class',
    synopsis: '[dir] [--host h] [--port p] [--exercises dir] [--keep dir] …',
    summary: 'Run a class from your laptop: the course, the class server and the dashboard.',
    run: (args) => runScript(() => import('../classroom/classroom-cli.ts'), withCourse(args)),
  },
  {
    name: 'embed',
    synopsis: '<dir>',
    summary: 'Write the snippet kit (embed.js and the frame, no playground) into dir, for a docs site to host.',
    run: async (args) => (await import('./embed-command.ts')).embedCommand(args),
  },
  {
    name: 'version',
    synopsis: '',
    summary: "Print halo's version.",
    run: async () => {
      console.log((JSON.parse(readFileSync(`${HALO_ROOT}package.json`, 'utf8')) as { version: string }).version);
      return 0;
    },
  },
];

/** The command `words` name and the arguments after its name, if any. */
export function findCommand(words: readonly string[]): { command: HaloCommand; args: string[] } | undefined {
  const aliases: Record<string, string> = { '--version': 'version', '-v': 'version' };
  const first = aliases[words[0]] ?? words[0];
  const command = COMMANDS.find((entry) => entry.name === first) ?? COMMANDS.find((entry) => entry.name === `${first} ${words[1]}`);
  if (!command) return undefined;
  return { command, args: words.slice(command.name.split(' ').length) };
}

/** What `halo help` prints. */
export function usage(): string {
  const lines = COMMANDS.map((command) => `  halo ${command.name} ${command.synopsis}\n      ${command.summary}`);
  return `Usage: halo <command> [options]\n\n${lines.join('\n')}`;
}
