import { spawn } from 'node:child_process';
import { programImport } from '../course/tools/halo-home.ts';

/**
 * `halo serve app.ts [--port n]`: runs a Halo program on Node, TypeScript included, with `halo` resolved to this
 * framework even in a folder that has not installed it; `--port` overrides the port the program names (HALO_PORT).
 * Ends as the program ends, with its exit code; Ctrl-C reaches the program, which closes its server itself.
 */
export async function serveCommand(args: readonly string[]): Promise<number> {
  const portAt = args.indexOf('--port');
  const port = portAt >= 0 ? args[portAt + 1] : undefined;
  const rest = portAt >= 0 ? args.filter((_, i) => i !== portAt && i !== portAt + 1) : [...args];
  const file = rest.find((arg) => !arg.startsWith('-'));
  if (!file || (port !== undefined && !/^\d+$/.test(port))) {
    console.error('usage: halo serve <file.ts> [--port <number>]');
    return 2;
  }
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), '--import', programImport('resolve-halo'), ...rest], {
    stdio: 'inherit',
    env: { ...process.env, ...(port === undefined ? {} : { HALO_PORT: port }) },
  });
  // The terminal sends Ctrl-C to both processes: this one waits for the program to finish closing.
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', () => {});
  process.on('SIGTERM', forward);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}
