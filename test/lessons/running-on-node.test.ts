import { afterEach, expect, it } from 'vitest';
import type { RunningProgram } from '../../runtime/course/tools/serve-program.ts';
import { serveProgram } from '../../runtime/course/tools/serve-program.ts';
import { lessonProgramPath } from './serve-program.ts';

// Lesson 16's point, on Node where it matters: HALO_PORT moves the server off the port the program
// names, so the solution prints and reports server.uri (the port it really got), not 3000.

let program: RunningProgram | undefined;
afterEach(async () => {
  await program?.stop();
  program = undefined;
});

/** Waits until the program has printed a line starting with `prefix`, and answers that line. */
async function printedLine(running: RunningProgram, prefix: string): Promise<string> {
  for (;;) {
    const line = running.output().split('\n').find((l) => l.startsWith(prefix));
    if (line !== undefined) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it("lesson 16's solution prints and reports the address HALO_PORT chose", async () => {
  program = await serveProgram(lessonProgramPath('16-running-on-node', 'solution'));
  expect(program.origin).not.toBe('http://localhost:3000');
  expect(await printedLine(program, 'Listening on ')).toBe(`Listening on ${program.origin}`);
  const health = await fetch(`${program.origin}/health`);
  expect(await health.json()).toEqual({ status: 'ok', uri: program.origin });
}, 30_000);

it("lesson 16's starter prints the port it names, not the one it listens on", async () => {
  program = await serveProgram(lessonProgramPath('16-running-on-node', 'starter'));
  expect(await printedLine(program, 'Listening on ')).toBe('Listening on http://localhost:3000');
  expect((await fetch(`${program.origin}/health`)).status).toBe(404);
}, 30_000);
