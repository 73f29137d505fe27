/**
 * Share by URL in Chromium: a modified lesson program with a custom request, shared with Ctrl/Cmd+S and
 * opened in a fresh browser context, comes back with its code and request, runs only after
 * "Run shared code", and then answers like the original.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';
import { editorText, replaceCode, send, waitForProgram } from './share-page.ts';
import { shareUrl } from '../../web/share/link/share-fragment.ts';
import { encodeShare } from '../../web/share/link/share-encode.ts';
import { builtCourse } from '../support/built-course.ts';

const { findLesson } = builtCourse;

const program = `import { App, AppHttp } from 'halo';

const app = new App();

app.post('/echo', async (req) => {
  await req.parseBody();
  return { shared: 'ünïcödé ✓', name: req.bodyAsMap.name, q: req.query.lang ?? null, h: req.header('x-course') ?? null };
});

await new AppHttp(app).startServer('localhost', 3000);
`;

let session: PlaygroundSession;
let page: Page;
let fresh: BrowserContext | undefined;
let link = '';
let original = { status: '', body: '' };

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: 'index.html?lesson=04-bodies' });
  page = session.page;
  await page.setViewportSize({ width: 1280, height: 720 });
  const first = await waitForProgram(page);
  await replaceCode(page, program);
  await waitForProgram(page, first);
  await page.getByLabel('Method').selectOption('POST');
  await page.getByLabel('Path and query').fill('/echo?lang=fr');
  await page.getByRole('button', { name: '+ Add header' }).click();
  await page.getByLabel('Header 2 name').fill('X-Course');
  await page.getByLabel('Header 2 value').fill('halo');
  await page.getByRole('region', { name: 'Request' }).getByRole('tab', { name: 'Body' }).click();
  await page.getByRole('radio', { name: 'JSON' }).check();
  await page.getByLabel('JSON body').fill('{ "name": "Zoë" }');
  original = await send(page);
});

afterAll(async () => {
  await fresh?.close();
  await session?.close();
});

test('Ctrl/Cmd+S puts lesson, code and request in the fragment and shows the link', async () => {
  expect(original.status).toBe('200 OK');
  expect(original.body).toContain('ünïcödé ✓');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ControlOrMeta+S');
  const field = page.getByLabel('Share link address');
  await field.waitFor(WAIT);
  link = await field.inputValue();
  expect(link).toMatch(/#share=2\.[\w-]+$/);
  await expect.poll(() => page.url(), WAIT).toBe(link);
  expect(link.length).toBeLessThan(2_000);
  expect(await page.getByTestId('share-warning').count()).toBe(0);
});

test('a fresh browser restores code and request, and runs the code only after the click', async () => {
  fresh = await session.browser.newContext();
  const other = await fresh.newPage();
  await other.setViewportSize({ width: 1280, height: 720 });
  await other.goto(link);
  const run = other.getByRole('button', { name: 'Run shared code' });
  await run.waitFor(FIRST);
  await expect.poll(() => editorText(other), FIRST).toContain("shared: 'ünïcödé ✓'");
  await expect.poll(() => other.getByLabel('Method').inputValue(), WAIT).toBe('POST');
  await expect.poll(() => other.getByLabel('Path and query').inputValue(), WAIT).toBe('/echo?lang=fr');
  await expect.poll(() => other.getByLabel('Header 2 value').inputValue(), WAIT).toBe('halo');
  // The lesson comes back too: the address names it for the lesson navigation.
  await expect.poll(() => other.evaluate(() => localStorage.getItem('halo.active.v1')), WAIT).toBe('"04-bodies"');
  // Held: compiled maybe, but nothing runs, even after the Run button. Its build is over once the
  // status line went through compiling and settled again (on the refusal).
  const status = other.getByTestId('compile-status');
  await other.locator('[data-testid=compile-status][data-phase=waiting]').waitFor(ANSWER);
  await status.evaluate((element) => {
    const phases: string[] = ((window as unknown as { phases: string[] }).phases = []);
    new MutationObserver(() => phases.push(element.getAttribute('data-phase') ?? '')).observe(element, {
      attributes: true,
      attributeFilter: ['data-phase'],
    });
  });
  await other.getByRole('button', { name: 'Run (Ctrl/Cmd+Enter in the editor)' }).click();
  await other.waitForFunction(
    () => {
      const phases = (window as unknown as { phases: string[] }).phases;
      return (
        phases.some((phase) => phase === 'compiling' || phase === 'starting') &&
        ['ok', 'waiting', 'failed', 'error'].includes(phases.at(-1) ?? '')
      );
    },
    undefined,
    ANSWER,
  );
  expect(await status.textContent()).toContain('runs only after you click');
  expect(await status.getAttribute('data-bundle')).toBe('');
  await run.click();
  await waitForProgram(other);
  await other.getByRole('region', { name: 'Request' }).getByRole('tab', { name: 'Body' }).click();
  await expect.poll(() => other.getByLabel('JSON body').inputValue(), WAIT).toBe('{ "name": "Zoë" }');
  expect(await send(other)).toEqual(original);
}, 120_000);

test('the lesson’s own solution, shared, runs without asking', async () => {
  const lesson = findLesson('02-routes-and-methods')!;
  const value = encodeShare({
    lesson: lesson.id,
    files: lesson.solution,
    request: { method: 'GET', path: '/', headers: [], bodyType: 'none' },
  });
  const other = await fresh!.newPage();
  await other.goto(shareUrl(session.server.url + 'index.html', value));
  await waitForProgram(other);
  // Ran, and without asking: the button to run shared code never appeared.
  expect(await other.getByRole('button', { name: 'Run shared code' }).count()).toBe(0);
  await other.close();
});
