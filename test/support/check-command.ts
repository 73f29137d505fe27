import { runTsCommand, type CommandResult } from './run-command.ts';

/** Runs the check command (what `npm run check --` runs) in its own process with `args`; what it printed and how it exited. */
export function runCheckCommand(args: string[]): Promise<CommandResult> {
  return runTsCommand('runtime/course/tools/check-cli.ts', args);
}
