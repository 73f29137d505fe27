/**
 * `npm test` and `npm run test:quick` after `build:types`: the static checks (typecheck, then lint) run beside vitest
 * instead of before it. On two cores vitest runs the unit project in one worker, so the other core does the checks
 * (about 80 s off the suite's wall clock in CI's quiet clean-clone run). The checks' output is printed as one block when they
 * end; the run fails when either fails. Arguments are vitest's (`--project unit`).
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** Resolves with the exit code of `child` (1 when a signal ended it). */
function exitOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const checks = spawn('sh', ['-c', 'npm run --silent typecheck && npm run --silent lint'], { stdio: ['ignore', 'pipe', 'pipe'] });
const output: Buffer[] = [];
checks.stdout.on('data', (chunk: Buffer) => output.push(chunk));
checks.stderr.on('data', (chunk: Buffer) => output.push(chunk));
const checked = exitOf(checks).then((code) => {
  const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
  process.stdout.write(`\n── typecheck and lint ${verdict} ──\n${Buffer.concat(output).toString()}── end of typecheck and lint ──\n\n`);
  return code;
});

const tests = exitOf(spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' }));
const [checksCode, testsCode] = await Promise.all([checked, tests]);
if (checksCode !== 0) console.error(`typecheck or lint failed (exit ${checksCode}): see its block above`);
process.exitCode = checksCode || testsCode;
