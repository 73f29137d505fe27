/**
 * Exercises by link (issue 21, part 1), in Chromium through the real service worker of the built site.
 * A teacher records three checks from real exchanges (HTTP, GraphQL, a WebSocket event), each answer
 * carrying a counted id and timestamps; the replay leaves those out; the two proofs (the solution passes,
 * the starter fails) show before the link is given. A learner in a fresh browser context consents, fails
 * the checks with the starter and passes them with the solution, 10 times in a row. The same exercise as
 * a file opens with the host gone. Hostile exercises are refused or shown as text, and nothing runs
 * before the click.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { serveStatic, type StaticServer } from './harness/static-server.ts';
import { distDir } from './harness/paths.ts';
import { settledChecks, useSolution } from './harness/course-page.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';
import { startExercise, sendRequest } from './exercise-maker-page.ts';
import { pasteIntoEditor, send, waitForProgram } from './share-page.ts';
import { shareUrl } from '../../web/share/link/share-fragment.ts';
import { toBase64Url } from '../../web/share/link/base64url.ts';
import { deflateSync, strToU8 } from 'fflate';

const STARTER_MARK = 'starter-of-the-exercise-ran';
const STARTER = `import { App, AppHttp } from 'halo';

const app = new App();
console.log('${STARTER_MARK}');
// TODO: mount a MapService at /todos, then offer it over GraphQL and WebSocket.

await new AppHttp(app).startServer('localhost', 3000);
`;
const SOLUTION = `import { App, AppHttp, MapService, graphql, websocket } from 'halo';

const app = new App();
app.use('/todos', new MapService());
graphql(app);
websocket(app);

await new AppHttp(app).startServer('localhost', 3000);
`;
const TITLE = 'Todos <b>three ways</b>';

let session: PlaygroundSession;
let teacher: Page;
let link = '';
let fileText = '';

const connection = (page: Page, name: string) => page.getByRole('region', { name: `Connection ${name}` });

/** Clicks "Add as check" on the response and waits until the replay reported on check `count`. */
async function addResponseAsCheck(page: Page, count: number): Promise<string> {
  await page.getByRole('button', { name: 'Add as check', exact: true }).click();
  const report = page
    .getByTestId('draft-check')
    .nth(count - 1)
    .getByTestId('replay-report');
  await report.waitFor(ANSWER);
  return (await report.textContent()) ?? '';
}

/** A new browser context (its own storage and service worker) with one page at `url`. */
async function freshLearner(url: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await session.browser.newContext();
  context.setDefaultNavigationTimeout(FIRST.timeout);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  return { page, close: () => context.close() };
}

/** The console pane's text. */
const consoleText = async (page: Page) => (await page.getByRole('region', { name: 'Console and problems' }).textContent()) ?? '';

/** Waits until the page shows the exercise held: the consent banner, the title, and a build that was refused. */
async function waitHeld(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Run shared code' }).waitFor(FIRST);
  await page.getByTestId('exercise-title').waitFor(WAIT);
  await page.waitForFunction(
    () => document.querySelector('[data-testid=compile-status]')?.textContent?.includes('runs only after you click'),
    undefined,
    FIRST,
  );
}

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: 'index.html?lesson=scratch' });
  teacher = session.page;
  await teacher.setViewportSize({ width: 1400, height: 1000 });
  await startExercise(teacher, {
    title: TITLE,
    instructions: '# Todos\n\nServe **todos** over REST, GraphQL and WebSocket. <img src=x onerror="window.pwned=1">',
    starter: STARTER,
    solution: SOLUTION,
    solutionMark: 'import { App, AppHttp, MapService',
  });
  expect(await teacher.getByTestId('exercise-starter').textContent()).toBe('Files: main.ts.');
}, FIRST.timeout * 2);

afterAll(async () => {
  await session?.close();
});

test(
  'a teacher records three checks from real exchanges; the replay leaves out ids and times; the proofs show before the link',
  async () => {
    const page = teacher;
    // HTTP: a create, after another one, so the recorded id is "1", not what a fresh start gives.
    await sendRequest(page, 'POST', '/todos', '{ "text": "Write the exercise" }');
    expect((await send(page)).status).toBe('201 Created');
    const rest = await addResponseAsCheck(page, 1);
    expect(rest).toMatch(/left out .*\bid\b/);
    expect(rest).toMatch(/created_at/);

    // GraphQL: a mutation.
    await page.getByLabel('Path and query').fill('/graphql');
    await page.getByRole('radio', { name: 'GraphQL' }).check();
    await page.getByTestId('graphql-query').locator('.monaco-editor').waitFor(WAIT);
    await pasteIntoEditor(page, 'mutation ($todo: JSON!) { todosCreate(data: $todo) }', '[data-testid=graphql-query]');
    await page.getByLabel('Variables (JSON)').fill('{ "todo": { "text": "Over GraphQL" } }');
    expect((await send(page)).body).toContain('Over GraphQL');
    expect(await addResponseAsCheck(page, 2)).toMatch(/left out .*data\.todosCreate\.id/);

    // WebSocket: a create sent on A, the event heard on B.
    await page.getByRole('radio', { name: 'WebSocket' }).check();
    for (const name of ['A', 'B']) {
      await connection(page, name).getByRole('button', { name: 'Connect' }).click();
      await expect.poll(() => page.getByLabel(`Connection ${name} status`).textContent(), WAIT).toBe('open');
    }
    await page.getByLabel('Message for A').fill('{"id":1,"call":"todos.create","data":{"text":"Over WebSocket"}}');
    await connection(page, 'A').getByRole('button', { name: 'Send on A' }).click();
    const event = page.getByRole('list', { name: 'Log of B' }).locator('li', { hasText: '"event":"todos created"' });
    await event.waitFor(WAIT);
    await event.getByRole('button', { name: /^Add message \d+ of B as check$/ }).click();
    const report = page.getByTestId('draft-check').nth(2).getByTestId('replay-report');
    await report.waitFor(ANSWER);
    expect(await report.textContent()).toMatch(/left out .*data\.id/);

    await page.getByRole('button', { name: 'Check and share the exercise' }).click();
    const proof = page.getByTestId('exercise-proof');
    await proof.waitFor({ timeout: FIRST.timeout * 2 });
    expect(await proof.getAttribute('data-ok')).toBe('true');
    // 59 fresh starts, fewer when the proof reached its time limit on a slow machine (it says so).
    expect(await proof.textContent()).toMatch(
      /The solution passes all 3 checks on \d+ fresh starts( \(the proof stopped at its time limit\))?, one two days later in a far time zone: /,
    );
    expect(await proof.textContent()).toContain('The starter fails 3 of 3 checks');
    link = await page.getByLabel('Exercise link').inputValue();
    expect(link).toMatch(/#share=3\.[\w-]+$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .halo-exercise file' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('todos-b-three-ways-b.halo-exercise');
    fileText = readFileSync(await download.path(), 'utf8');
    expect(JSON.parse(fileText)).toMatchObject({ format: 'halo-exercise', exercise: { title: TITLE } });
  },
  FIRST.timeout * 6,
);

test(
  'a learner in a fresh browser context consents, fails with the starter and passes with the solution, 10 times in a row',
  async () => {
    expect(link).not.toBe('');
    for (let round = 1; round <= 10; round++) {
      const learner = await freshLearner(link);
      try {
        const page = learner.page;
        await waitHeld(page);
        // Shown as text, never as markup; the text's raw HTML dropped; nothing ran before the click.
        expect(await page.getByTestId('exercise-title').textContent()).toBe(TITLE);
        expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
        expect(
          await page
            .getByRole('article', { name: `Exercise: ${TITLE}` })
            .locator('img, b')
            .count(),
        ).toBe(0);
        expect(await consoleText(page)).not.toContain(STARTER_MARK);
        await page.getByRole('button', { name: 'Run shared code' }).click();
        expect(await settledChecks(page, 3), `round ${round}, starter`).toEqual({ passed: 0, failed: 3 });
        await useSolution(page);
        await expect
          .poll(() => settledChecks(page, 3), { ...ANSWER, message: `round ${round}, solution` })
          .toEqual({ passed: 3, failed: 0 });
      } finally {
        await learner.close();
      }
    }
  },
  40 * 60_000,
);

test(
  'the same exercise as a file opens with the host gone, and passes with the solution',
  async () => {
    // A private server, so taking it down touches no other test.
    const server: StaticServer = await serveStatic(distDir());
    const learner = await freshLearner(`${server.url}index.html?lesson=scratch`);
    try {
      const page = learner.page;
      await waitForProgram(page);
      await page.waitForFunction(() => document.documentElement.dataset.offline === 'ready', undefined, { timeout: 120_000 });
      server.setDown(true);
      await page.reload();
      await page.locator('.monaco-editor .view-lines').first().waitFor(FIRST);
      await page
        .getByLabel('Exercise file')
        .setInputFiles({ name: 'todos.halo-exercise', mimeType: 'application/json', buffer: Buffer.from(fileText) });
      await waitHeld(page);
      expect(await consoleText(page)).not.toContain(STARTER_MARK);
      await page.getByRole('button', { name: 'Run shared code' }).click();
      // The first round after an offline reload starts esbuild from the cache first: bounded, not timed.
      expect(await settledChecks(page, 3, FIRST.timeout * 2)).toEqual({ passed: 0, failed: 3 });
      await useSolution(page);
      await expect.poll(() => settledChecks(page, 3), FIRST).toEqual({ passed: 3, failed: 0 });
    } finally {
      server.setDown(false);
      await learner.close();
      await server.close();
    }
  },
  FIRST.timeout * 6,
);

test(
  'hostile exercises are refused, or shown as text with nothing run before the click',
  async () => {
    const base = JSON.parse(fileText) as Record<string, unknown> & { exercise: { checks: object[] } };
    const { format: _format, version: _version, ...program } = base;
    const crafted = (text: string) => shareUrl(`${session.server.url}index.html`, `3.${toBase64Url(deflateSync(strToU8(text)))}`);
    const check = base.exercise.checks[0];
    const refused: [string, string][] = [
      ['__proto__ in a check', JSON.stringify(program).replace('"checks":[{', '"checks":[{"__proto__":{"polluted":1},')],
      ['oversized checks', JSON.stringify({ ...program, exercise: { ...base.exercise, checks: Array.from({ length: 60 }, () => check) } })],
      ['a huge check', JSON.stringify({ ...program, exercise: { ...base.exercise, checks: [{ ...check, title: 'x'.repeat(30_000) }] } })],
    ];
    const learner = await freshLearner(`${session.server.url}index.html?lesson=scratch`);
    try {
      const page = learner.page;
      await waitForProgram(page);
      for (const [what, text] of refused) {
        await page.goto(crafted(text));
        const alert = page.getByRole('alert').filter({ hasText: 'share link' });
        await alert.waitFor(WAIT);
        expect(await alert.textContent(), what).toMatch(/damaged/);
        expect(await page.getByRole('button', { name: 'Run shared code' }).count(), what).toBe(0);
        expect(await page.evaluate(() => (({}) as { polluted?: unknown }).polluted), what).toBeUndefined();
      }
      // A dropped file with __proto__ is refused too, in words.
      await page.evaluate(
        (text) => {
          const data = new DataTransfer();
          data.items.add(new File([text], 'evil.halo-exercise', { type: 'application/json' }));
          window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        },
        JSON.stringify(base).replace('"checks":[{', '"checks":[{"__proto__":{"polluted":1},'),
      );
      await page.getByRole('alert').filter({ hasText: 'This exercise file cannot be opened' }).waitFor(WAIT);
      expect(await page.getByRole('alert').filter({ hasText: 'This exercise file cannot be opened' }).textContent()).toContain(
        '"__proto__"',
      );

      // Markup in every field opens as text; the starter prints a mark, which must not appear before the click.
      const markup = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>';
      const shown = {
        ...program,
        exercise: {
          ...base.exercise,
          title: `T ${markup}`,
          text: `# H ${markup}\n\n${markup} [x](javascript:window.pwned=3)`,
          checks: [{ ...check, title: `C ${markup}` }],
        },
      };
      await page.goto(crafted(JSON.stringify(shown)));
      await waitHeld(page);
      expect(await page.getByTestId('exercise-title').textContent()).toBe(`T ${markup}`);
      const article = page.getByRole('article', { name: /^Exercise: / });
      expect(await article.locator('img, script').count()).toBe(0);
      expect(await article.getByText(`C ${markup}`).count()).toBe(1);
      expect(await article.locator('a[href^="javascript"]').count()).toBe(0);
      expect(await page.getByTestId('compile-status').getAttribute('data-bundle')).toBe('');
      expect(await consoleText(page)).not.toContain(STARTER_MARK);
      expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
      // The drop also opens exercises: a valid file dropped is held the same way.
      await page.getByRole('button', { name: 'Back to my code' }).click();
      await page.evaluate((text) => {
        const data = new DataTransfer();
        data.items.add(new File([text], 'todos.halo-exercise', { type: 'application/json' }));
        window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      }, fileText);
      await waitHeld(page);
      expect(await consoleText(page)).not.toContain(STARTER_MARK);
    } finally {
      await learner.close();
    }
  },
  FIRST.timeout * 6,
);
