import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** True when `taskset` runs here and there are at least two cores to split server and load between. */
export const CAN_PIN = availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0;

/** The command line that runs `command args` on CPU `core` (unchanged when pinning is impossible). */
export function pinned(core: number, command: string, args: string[]): [string, string[]] {
  return CAN_PIN ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];
}

/** Core the servers run on. */
export const SERVER_CORE = 0;
/** Core the load generator runs on. */
export const LOAD_CORE = 1;
