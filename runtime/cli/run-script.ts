/**
 * Runs one of Halo's command-line scripts (the course validator, the terminal check, the class server) as if it had
 * been started with `args`: they read `process.argv`, as `npm run <script> -- <args>` hands it to them in this
 * repository, so the `halo` command reuses them as they are instead of keeping a second parser per command.
 */
export async function runScript(load: () => Promise<unknown>, args: readonly string[]): Promise<undefined> {
  process.argv.splice(2, process.argv.length - 2, ...args);
  await load();
  // The script sets process.exitCode itself.
  return undefined;
}
