/**
 * Checks a teacher can trust across days and time zones (issue 34), in Chromium through the built site. The
 * teacher records, by clicks only, a create → read-back flow whose answer holds a UUID, a date-only field, a
 * date-time and a coin flip. The coin flip is left out at record time or the proof refuses it; what a learner
 * gets passes in UTC+14 (the browser's own time zone emulation) and a day later (the solution on Node with the
 * system clock moved by libfaketime: no browser clock reaches a worker), and a wrong answer with a fixed id and a
 * made-up date fails.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Check } from '../../runtime/course/format/check-format.ts';
import { checkProgram, report } from '../../runtime/course/tools/check-program.ts';
import { settledChecks } from './harness/course-page.ts';
import { installDebianPackage } from './harness/debian-package.ts';
import { PlaygroundSession } from './harness/session.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';
import { startExercise, sendRequest } from './exercise-maker-page.ts';
import { replaceCode } from './share-page.ts';

const STARTER = `import { App, AppHttp } from 'halo';

const app = new App();
// TODO: POST /notes makes a note (a new id, today's date, the time, a lucky flag); GET /notes/:id reads it back.

await new AppHttp(app).startServer('localhost', 3000);
`;
/** The solution, or with `fixed` a wrong answer: a made-up id and dates that look right to a glance. */
const notesProgram = (fixed = false) => `import { App, AppHttp, HttpException } from 'halo';

const app = new App();
const notes = new Map<string, object>();

app.post('/notes', async (req) => {
  await req.parseBody();
  const note = {
    id: ${fixed ? "'my-note'" : 'crypto.randomUUID()'},
    text: String(req.bodyAsMap.text),
    createdOn: ${fixed ? "'today'" : "new Date().toLocaleDateString('en-CA')"},
    createdAt: ${fixed ? "'some day'" : 'new Date().toISOString()'},
    lucky: Math.random() < 0.5,
  };
  notes.set(note.id, note);
  return note;
});

app.get('/notes/:id', (req) => {
  const note = notes.get(req.params.id);
  if (!note) throw HttpException.notFound({ message: 'No such note' });
  return note;
});

await new AppHttp(app).startServer('localhost', 3000);
console.log('today is', new Date().toLocaleDateString('en-CA'));
`;
const SOLUTION = notesProgram();
const WRONG = notesProgram(true);
const DAY = 86_400_000;

let session: PlaygroundSession;
let teacher: Page;
let link = '';
let checks: Check[] = [];

/** Clicks "Add as check" and waits for the replay's report on the first check (a new one, or its next step). */
async function addAsCheck(page: Page, steps: number): Promise<string> {
  await page.getByRole('button', { name: 'Add as check', exact: true }).click();
  const card = page.getByTestId('draft-check').first();
  await expect.poll(() => card.getByTestId('draft-step').count(), WAIT).toBe(steps);
  const report = card.getByTestId('replay-report');
  await report.waitFor(ANSWER);
  return (await report.textContent()) ?? '';
}

/** Runs the proof and returns whether it passed and its text. */
async function prove(page: Page): Promise<{ ok: boolean; text: string }> {
  await page.getByRole('button', { name: 'Check and share the exercise' }).click();
  const proof = page.getByTestId('exercise-proof');
  await page.waitForFunction(() => document.querySelector('[data-testid=exercise-proof]')?.hasAttribute('data-ok'), undefined, {
    timeout: FIRST.timeout * 2,
  });
  return { ok: (await proof.getAttribute('data-ok')) === 'true', text: (await proof.textContent()) ?? '' };
}

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: 'index.html?lesson=scratch' });
  teacher = session.page;
  await teacher.setViewportSize({ width: 1400, height: 1000 });
  await startExercise(teacher, {
    title: 'Notes that remember',
    instructions: 'Make notes and read them back.',
    starter: STARTER,
    solution: SOLUTION,
    solutionMark: "import { App, AppHttp, HttpException } from 'halo';",
  });
}, FIRST.timeout * 2);

afterAll(async () => {
  await session?.close();
});

test(
  'a create → read-back flow recorded by clicks: ids captured, dates checked by kind, the coin flip never shared as a value',
  async () => {
    const page = teacher;
    const created = await sendRequest(page, 'POST', '/notes', '{ "text": "Buy milk" }');
    expect(created.status, created.body).toMatch(/^20[01] /);
    const first = await addAsCheck(page, 1);
    // The date-only value falls on another day in the replay two days later in a far zone: it cannot stay a value.
    expect(first).toMatch(/left out .*\bcreatedOn\b/);
    expect(first).toMatch(/\bcreatedAt\b/);
    expect(first).toMatch(/\bid\b/);
    const id = /"id":\s*"([0-9a-f-]{36})"/.exec(
      await page
        .getByRole('region', { name: 'Response' })
        .textContent()
        .then((t) => t ?? ''),
    );
    expect(id, 'the response shows the new note').not.toBeNull();

    await page.getByRole('button', { name: 'Add the next exchanges as steps of this check' }).click();
    expect((await sendRequest(page, 'GET', `/notes/${id![1]}`)).status).toBe('200 OK');
    await addAsCheck(page, 2);
    await page.getByRole('button', { name: 'Done adding steps' }).click();
    // The read-back sends what step 1 answered, not the literal UUID of this run.
    expect(await page.getByTestId('draft-step').nth(1).textContent()).toContain('Step 2: GET /notes/');

    // A coin flip that came out the same on every replay (1 in 16) stays a value: then the proof must refuse
    // it (its four fresh starts flip again), and the teacher unticks it, as the refusal tells them to.
    const luckyKept = !/\blucky\b/.test(first);
    let proof = await prove(page);
    if (luckyKept) {
      expect(proof.ok, proof.text).toBe(false);
      await page
        .getByRole('checkbox', { name: /^lucky = / })
        .first()
        .uncheck();
      proof = await prove(page);
    }
    expect(proof.ok, proof.text).toBe(true);
    link = await page.getByLabel('Exercise link').inputValue();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .halo-exercise file' }).click(),
    ]);
    checks = (JSON.parse(readFileSync(await download.path(), 'utf8')) as { exercise: { checks: Check[] } }).exercise.checks;
    const shared = JSON.stringify(checks);
    expect(shared).toContain('/notes/{{');
    expect(shared).not.toContain(id![1]);
    expect(shared).not.toMatch(/"lucky":\s*(true|false)/);
    expect(shared).not.toMatch(/"createdOn":\s*"\d{4}-\d{2}-\d{2}"/);
  },
  FIRST.timeout * 6,
);

test(
  'a learner in UTC+14 passes with the solution and fails with a fixed id and made-up dates',
  async () => {
    expect(link).not.toBe('');
    const context = await session.browser.newContext({ timezoneId: 'Pacific/Kiritimati' });
    context.setDefaultNavigationTimeout(FIRST.timeout);
    try {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(link);
      await page.getByRole('button', { name: 'Run shared code' }).click(FIRST);
      expect(await settledChecks(page, 1)).toEqual({ passed: 0, failed: 1 });
      await replaceCode(page, SOLUTION, "import { App, AppHttp, HttpException } from 'halo';");
      await expect.poll(() => settledChecks(page, 1), ANSWER).toEqual({ passed: 1, failed: 0 });
      // The program really ran in UTC+14: its answer carries the Kiritimati date.
      const answer = await sendRequest(page, 'POST', '/notes', '{ "text": "x" }');
      expect(answer.body).toContain(new Date().toLocaleDateString('en-CA', { timeZone: 'Pacific/Kiritimati' }));
      await replaceCode(page, WRONG, "import { App, AppHttp, HttpException } from 'halo';");
      await expect.poll(() => settledChecks(page, 1), ANSWER).toEqual({ passed: 0, failed: 1 });
    } finally {
      await context.close();
    }
  },
  FIRST.timeout * 6,
);

test(
  'the shared checks pass the solution a day later in UTC+14 (the system clock moved) and fail the wrong answer',
  async () => {
    expect(checks.length).toBe(1);
    const libfaketime = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
    const missing = installDebianPackage('libfaketime', libfaketime);
    if (missing) throw new Error(missing);
    const dir = mkdtempSync(join(tmpdir(), 'halo-next-day-'));
    const tomorrow = { TZ: 'Pacific/Kiritimati', LD_PRELOAD: libfaketime, FAKETIME: '+1d', FAKETIME_DONT_FAKE_MONOTONIC: '1' };
    try {
      for (const [name, source] of [
        ['solution.ts', SOLUTION],
        ['wrong.ts', WRONG],
      ] as const)
        writeFileSync(join(dir, name), source);
      const solution = await checkProgram({ checks }, join(dir, 'solution.ts'), { rounds: 3, env: tomorrow });
      expect(report(solution.results), solution.output).toBe('');
      // The clock really moved: the program's date is tomorrow's in Kiritimati.
      expect(solution.output).toContain(
        `today is ${new Date(Date.now() + DAY).toLocaleDateString('en-CA', { timeZone: 'Pacific/Kiritimati' })}`,
      );
      const wrong = await checkProgram({ checks }, join(dir, 'wrong.ts'), { env: tomorrow });
      expect(report(wrong.results)).toMatch(/id|createdAt/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  5 * 60_000,
);
