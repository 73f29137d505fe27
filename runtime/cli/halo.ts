/**
 * The `halo` command (the `halo` package's bin): one entry that dispatches to the framework's runner, the course
 * tools, the terminal check, the class server and the snippet kit. `halo help` lists the commands.
 */
import { findCommand, usage } from './commands.ts';

const words = process.argv.slice(2);
const found = findCommand(words);
if (found) {
  const code = await found.command.run(found.args);
  if (code !== undefined) process.exitCode = code;
} else {
  const asked = words.length === 0 || ['help', '--help', '-h'].includes(words[0]);
  if (asked) console.log(usage());
  else console.error(`halo: no command "${words.slice(0, 2).join(' ')}".\n\n${usage()}`);
  process.exitCode = asked ? 0 : 2;
}
