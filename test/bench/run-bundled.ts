import { spawnSync } from 'node:child_process';
import { bundleBenchmark, bundled } from './bundle.ts';
import { pinned, SERVER_CORE } from './pinning.ts';

/** Bundles the benchmark and runs the bundled entry `name` in plain node on the server core (NODE_ENV=production); returns its exit code. */
export async function runBundledPinned(name: string): Promise<number> {
  await bundleBenchmark();
  const [command, args] = pinned(SERVER_CORE, process.execPath, [bundled(name)]);
  return spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } }).status ?? 1;
}
