import { createInterface } from 'node:readline/promises';

/** What `create-halo` was asked to do. */
export interface CreateOptions {
  /** The folder to write, relative to where the command runs. */
  folder: string;
  /** The course's title (course.json). */
  title: string;
  /** Whether to run `npm install` in it afterwards. */
  install: boolean;
  /** Whether to write into a folder that is not empty. */
  force: boolean;
  /** The `halo` dependency to write instead of the template's (a tarball path or another version). */
  haloSpec: string | undefined;
}

/** What `create-halo --help` prints. */
export const CREATE_USAGE = `Usage: npm create halo@latest [folder] [-- --defaults] [--no-install] [--force] [--title "…"] [--halo <spec>]

  folder        the course folder to create (asked on a terminal; my-course otherwise)
  --defaults    ask nothing: every answer its default
  --no-install  do not run npm install afterwards
  --force       write into a folder that is not empty (files of the same name are replaced)
  --title       the course's title (default "My Halo course")
  --halo        the halo dependency to write, e.g. a local tarball: --halo ./halo-2.0.0.tgz`;

const DEFAULT_FOLDER = 'my-course';
const DEFAULT_TITLE = 'My Halo course';

/** The value of `--name value` or `--name=value`, if given. */
function valueOf(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at >= 0) return args[at + 1];
  return args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** The first argument that is neither an option nor an option's value. */
function folderArgument(args: readonly string[]): string | undefined {
  const valued = new Set(['--title', '--halo']);
  return args.find((arg, index) => !arg.startsWith('-') && !valued.has(args[index - 1]));
}

/**
 * The options of `args`. Asks for the folder and the title only on a terminal, and only when no folder was given
 * and `--defaults` was not: a script, a CI job or a pipe gets the defaults without waiting for an answer.
 */
export async function readCreateOptions(args: readonly string[], interactive: boolean): Promise<CreateOptions> {
  const named = folderArgument(args);
  const options: CreateOptions = {
    folder: named ?? DEFAULT_FOLDER,
    title: valueOf(args, '--title') ?? DEFAULT_TITLE,
    install: !args.includes('--no-install'),
    force: args.includes('--force'),
    haloSpec: valueOf(args, '--halo'),
  };
  if (named !== undefined || args.includes('--defaults') || !interactive) return options;
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    options.folder = (await terminal.question(`Course folder (${DEFAULT_FOLDER}): `)).trim() || DEFAULT_FOLDER;
    options.title = (await terminal.question(`Course title (${options.title}): `)).trim() || options.title;
  } finally {
    terminal.close();
  }
  return options;
}
