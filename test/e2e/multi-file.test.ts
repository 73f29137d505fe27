/**
 * Programs of several files, in Chromium: the several-files lesson opens as main.ts + planets.service.ts; types flow
 * between the files; an error thrown in the service and a compile error in it point at its lines (console
 * link, problems list) and open it; "Use this file" from the solution passes the checks; in the free
 * playground a learner creates, renames and deletes files with the keyboard (bad names refused in words),
 * a reload keeps them, a share link carries them, and the Node export holds them all.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { REPO_ROOT } from './harness/paths.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';
import { editorText, openFile, replaceCode, send, waitForEditorText, waitForProgram } from './share-page.ts';
import { builtCourse } from '../support/built-course.ts';
import { serveProgram, type RunningProgram } from '../../runtime/course/tools/serve-program.ts';

const { findLesson } = builtCourse;

const LESSON = findLesson('26-several-files')!;

let session: PlaygroundSession;
let page: Page;
const served: RunningProgram[] = [];
let dir = '';

const fileList = () => page.getByRole('navigation', { name: 'Files' });
const fileButton = (name: string) => fileList().getByRole('button', { name, exact: true });
const openFileName = () => fileList().locator('button[aria-current=true]').textContent();
const problems = () => page.getByRole('list', { name: 'Problems' });
/** The line the caret is on: Monaco marks its number. */
const caretLine = () => page.locator('.monaco-editor .line-numbers.active-line-number').first().textContent();

async function setRequest(method: string, path: string): Promise<void> {
  await page.getByLabel('Method').selectOption(method);
  await page.getByLabel('Path and query').fill(path);
}

async function open(query: string): Promise<string> {
  await page.goto(new URL(`index.html${query}`, page.url()).href);
  return waitForProgram(page);
}

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: 'index.html?lesson=26-several-files' });
  page = session.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await waitForProgram(page);
  // Inside the repository, so that `halo` resolves to the package itself when the export runs on Node.
  const artifacts = join(REPO_ROOT, 'test/.artifacts');
  mkdirSync(artifacts, { recursive: true });
  dir = mkdtempSync(join(artifacts, 'multi-file-export-'));
});

afterAll(async () => {
  await Promise.all(served.map((program) => program.stop()));
  await session?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the several-files lesson opens as two files; types flow from planets.service.ts into main.ts', async () => {
  // The editor loads after the first program runs.
  await fileButton('planets.service.ts').waitFor(WAIT);
  await expect
    .poll(() => fileList().getByRole('button').allTextContents(), WAIT)
    .toEqual(expect.arrayContaining(['main.ts', 'planets.service.ts']));
  await expect.poll(openFileName, WAIT).toBe('main.ts');
  await waitForEditorText(page, "import { PlanetService } from './planets.service.ts';");
  // The import resolves in the type checker: no "Cannot find module" for the starter.
  await page.getByRole('tab', { name: /Problems/ }).click();
  await expect.poll(() => page.getByRole('tab', { name: /Problems/ }).textContent(), WAIT).toBe('Problems (0)');

  await fileButton('planets.service.ts').click();
  await waitForEditorText(page, 'export class PlanetService extends Service');
  await expect.poll(openFileName, WAIT).toBe('planets.service.ts');

  // A method the service does not have is a type error in main.ts, named by the service's type.
  // Paste only once the editor shows main.ts again, or the paste lands in the file it is leaving.
  await openFile(page, 'main.ts');
  await replaceCode(page, `${LESSON.starter['main.ts']}planets.reed('earth');\n`, "planets.reed('earth');");
  await expect
    .poll(() => problems().textContent(), WAIT)
    .toMatch(/main\.ts:\d+:\d+.*Property 'reed' does not exist on type 'PlanetService'/);
  await replaceCode(page, LESSON.starter['main.ts'], "import { PlanetService } from './planets.service.ts';");
  await expect.poll(() => page.getByRole('tab', { name: /Problems/ }).textContent(), WAIT).toBe('Problems (0)');
}, 120_000);

test('an error thrown in planets.service.ts links to its line there; a compile error in it is listed under its name', async () => {
  const broken = LESSON.solution['planets.service.ts'].replace(
    'const planet = PLANETS.find((p) => p.id === id);',
    "if (id === 'boom') throw new Error('boom in the service');\n    const planet = PLANETS.find((p) => p.id === id);",
  );
  const boomLine = broken.split('\n').findIndex((line) => line.includes('boom in the service')) + 1;
  const before = await waitForProgram(page);
  await openFile(page, 'planets.service.ts');
  await replaceCode(page, broken, 'const byId = new Map');
  await waitForProgram(page, before);
  await page.getByRole('tab', { name: /Console/ }).click();
  await page.getByRole('button', { name: 'Clear console' }).click();
  await setRequest('GET', '/planets/boom');
  expect((await send(page)).status).toBe('500 Internal Server Error');
  // The entry's link names the service's file and line; from main.ts it opens that file there.
  await fileButton('main.ts').click();
  const link = page
    .getByRole('list', { name: 'Console output' })
    .getByRole('button', { name: `planets.service.ts:${boomLine}`, exact: true });
  await link.waitFor(WAIT);
  await link.click();
  await expect.poll(openFileName, WAIT).toBe('planets.service.ts');
  await expect.poll(caretLine, WAIT).toBe(String(boomLine));

  // A syntax error in the service: the problems list names the file; choosing it from main.ts opens it.
  await replaceCode(
    page,
    broken.replace('override async index(): Promise<Planet[]> {', 'override async index(): Promise<Planet[]> {{'),
    'const byId = new Map',
  );
  await page.getByRole('tab', { name: /Problems/ }).click();
  const compileProblem = problems()
    .getByRole('button', { name: /planets\.service\.ts:\d+:\d+/ })
    .first();
  await compileProblem.waitFor(WAIT);
  await fileButton('main.ts').click();
  // Read and chosen at once: the type checker's reports may still join the list and reorder it.
  const shown = await compileProblem.evaluate((button: HTMLButtonElement) => {
    const text = button.textContent ?? '';
    button.click();
    return text;
  });
  const [, line] = /planets\.service\.ts:(\d+)/.exec(shown)!;
  await expect.poll(openFileName, WAIT).toBe('planets.service.ts');
  await expect.poll(caretLine, WAIT).toBe(line);
}, 120_000);

test('"Use this file" takes the solution of the open file only, and the checks pass', async () => {
  /** Shows the solution's `file` in the dialog and takes that file only. */
  const useSolutionOf = async (file: string) => {
    await page.getByRole('button', { name: /Show solution/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: file, exact: true }).click();
    await dialog.locator('.monaco-diff-editor .view-lines').first().waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Use this file' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
  };
  await useSolutionOf('planets.service.ts');
  await fileButton('planets.service.ts').click();
  await expect.poll(() => editorText(page), WAIT).not.toContain('boom in the service');
  // The task is in main.ts, which the service's solution left as it was.
  await fileButton('main.ts').click();
  await waitForEditorText(page, 'TODO: GET /planets/:id/text');
  await useSolutionOf('main.ts');
  await page.getByTestId('lesson-complete').waitFor(ANSWER);
}, 120_000);

const greetModule = 'export const greet = (name: string): string => `Hello, ${name} from greet.ts`;\n';
const scratchMain = (from: string) => `import { App, AppHttp } from 'halo';
import { greet } from './${from}';
import { routes } from './lib/routes.json';

const app = new App();
app.get('/greet/:name', (req, res) => {
  res.write(greet(req.params.name));
});
app.get('/routes', () => routes);

await new AppHttp(app).startServer('localhost', 3000);
`;

test('the free playground: create, rename and delete files with the keyboard; bad names are refused in words', async () => {
  await open('?lesson=scratch');
  await fileList().waitFor(WAIT);
  // The list shows main.ts as the open file (whose row would hold the buttons) before their absence counts.
  await expect.poll(openFileName, WAIT).toBe('main.ts');
  expect(await fileList().getByRole('button', { name: 'Rename main.ts' }).count()).toBe(0);
  expect(await fileList().getByRole('button', { name: 'Delete main.ts' }).count()).toBe(0);

  await fileList().getByRole('button', { name: 'New file' }).click();
  const name = page.getByLabel('New file name');
  await name.fill('../outside.ts');
  await name.press('Enter');
  await expect.poll(() => fileList().getByRole('alert').textContent(), WAIT).toMatch(/no \.\./);
  await name.fill('notes.txt');
  await name.press('Enter');
  await expect.poll(() => fileList().getByRole('alert').textContent(), WAIT).toMatch(/\.ts, \.js, \.json/);
  await name.fill('main.ts');
  await name.press('Enter');
  await expect.poll(() => fileList().getByRole('alert').textContent(), WAIT).toMatch(/already a file named main\.ts/);
  await name.fill('hello.ts');
  await name.press('Enter');
  await expect.poll(openFileName, WAIT).toBe('hello.ts');
  // The caret is in the new, empty file: typing goes there.
  await page.keyboard.type('// typed into hello.ts');
  await waitForEditorText(page, '// typed into hello.ts');
  await replaceCode(page, greetModule, 'export const greet');

  await fileList().getByRole('button', { name: 'New file' }).click();
  await page.getByLabel('New file name').fill('lib/routes.json');
  await page.keyboard.press('Enter');
  await expect.poll(openFileName, WAIT).toBe('lib/routes.json');
  await replaceCode(page, '{ "routes": ["/greet/:name", "/routes"] }', '"routes"');

  await openFile(page, 'main.ts');
  await replaceCode(page, scratchMain('hello.ts'), "import { greet } from './hello.ts';");
  // Each new file made a new program too: the answer tells when the one with all of them runs.
  await setRequest('GET', '/greet/Ada');
  await expect.poll(() => send(page), { timeout: 60_000 }).toEqual({ status: '200 OK', body: 'Hello, Ada from greet.ts' });

  // Rename with the keyboard: the import names the old file, so the program stops compiling until it follows.
  await fileButton('hello.ts').focus();
  await page.keyboard.press('Enter');
  await expect.poll(openFileName, WAIT).toBe('hello.ts');
  await fileList().getByRole('button', { name: 'Rename hello.ts' }).click();
  const rename = page.getByLabel('New name for hello.ts');
  await rename.fill('greet.ts');
  await rename.press('Enter');
  await expect.poll(openFileName, WAIT).toBe('greet.ts');
  await page.getByRole('tab', { name: /Problems/ }).click();
  await expect.poll(() => problems().textContent(), WAIT).toMatch(/main\.ts:2:\d+.*hello\.ts/);
  await openFile(page, 'main.ts');
  await replaceCode(page, scratchMain('greet.ts'), "import { greet } from './greet.ts';");
  await setRequest('GET', '/routes');
  await expect.poll(async () => (await send(page)).body, { timeout: 60_000 }).toContain('/routes');

  // Delete asks first; Cancel keeps the file.
  await fileButton('lib/routes.json').click();
  await fileList().getByRole('button', { name: 'Delete lib/routes.json' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT });
  expect(await fileButton('lib/routes.json').count()).toBe(1);
  await fileList().getByRole('button', { name: 'Delete lib/routes.json' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => fileButton('lib/routes.json').count(), WAIT).toBe(0);
  await expect.poll(openFileName, WAIT).toBe('main.ts');
  // main.ts still imports it: the problems list says which file is missing.
  await expect.poll(() => problems().textContent(), WAIT).toMatch(/lib\/routes\.json/);
  await fileList().getByRole('button', { name: 'New file' }).click();
  await page.getByLabel('New file name').fill('lib/routes.json');
  await page.keyboard.press('Enter');
  // The paste must land in the new file, not in main.ts still open under it.
  await expect.poll(openFileName, WAIT).toBe('lib/routes.json');
  await replaceCode(page, '{ "routes": ["/greet/:name"] }', '"routes"');
  await expect.poll(async () => (await send(page)).body, { timeout: 60_000 }).not.toContain('/routes');
  // That answer was the new file's list, not an error without one.
  expect(await page.getByRole('region', { name: 'Response' }).getByRole('tabpanel').textContent()).toContain('/greet/:name');
}, 240_000);

test('a reload keeps every file; a share link carries them to a fresh browser', async () => {
  await page.reload();
  await waitForProgram(page);
  await expect
    .poll(() => fileList().getByRole('button').allTextContents(), WAIT)
    .toEqual(expect.arrayContaining(['main.ts', 'greet.ts', 'lib/routes.json']));
  await fileButton('greet.ts').click();
  await waitForEditorText(page, 'from greet.ts');

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ControlOrMeta+S');
  const field = page.getByLabel('Share link address');
  await field.waitFor(WAIT);
  const link = await field.inputValue();
  const fresh = await session.browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.setViewportSize({ width: 1280, height: 720 });
    await other.goto(link);
    await other.getByRole('button', { name: 'Run shared code' }).waitFor(FIRST);
    const files = other.getByRole('navigation', { name: 'Files' });
    await expect
      .poll(() => files.getByRole('button').allTextContents(), WAIT)
      .toEqual(expect.arrayContaining(['main.ts', 'greet.ts', 'lib/routes.json']));
    await files.getByRole('button', { name: 'lib/routes.json', exact: true }).click();
    await waitForEditorText(other, '"/greet/:name"');
  } finally {
    await fresh.close();
  }
}, 120_000);

test('the Node project holds every file: its program.js and its src/ (via npm run serve) answer like the browser', async () => {
  await setRequest('GET', '/greet/Zoë');
  const inBrowser = await send(page);
  expect(inBrowser).toEqual({ status: '200 OK', body: 'Hello, Zoë from greet.ts' });
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: 'Download as Node project' }).click(),
  ]);
  const zipPath = join(dir, 'halo-program.zip');
  await download.saveAs(zipPath);
  const entries = Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(readFileSync(zipPath)))).filter(([name]) => !name.endsWith('/')),
  );
  expect(Object.keys(entries)).toEqual(
    expect.arrayContaining(
      ['src/main.ts', 'src/greet.ts', 'src/lib/routes.json', 'program.js', 'app.js'].map((name) => `halo-program/${name}`),
    ),
  );
  // Without the project's package.json, `halo` resolves to this repository's package (no npm install here).
  for (const [name, bytes] of Object.entries(entries).filter(([name]) => !name.endsWith('/package.json'))) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), bytes);
  }
  // `npm run serve` is `node --import tsx <file>`, as serveProgram runs it; `halo` resolves to this repository.
  for (const entry of ['src/main.ts', 'app.js']) {
    const program = await serveProgram(join(dir, 'halo-program', entry));
    served.push(program);
    const response = await fetch(`${program.origin}/greet/Zo%C3%AB`);
    expect(`${response.status} ${response.statusText}`, entry).toBe(inBrowser.status);
    expect(await response.text(), entry).toBe(inBrowser.body);
    expect(await (await fetch(`${program.origin}/routes`)).json(), entry).toEqual(['/greet/:name']);
  }
}, 120_000);

test('at 390×844 the file list sits in the Code tab with touch-sized controls and no sideways scroll', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open('?lesson=26-several-files');
  await page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Code', exact: true }).click();
  await fileList().waitFor(WAIT);
  await fileButton('planets.service.ts').click();
  // A line near the top: a phone shows few lines, and Monaco renders only those.
  await waitForEditorText(page, 'export type Planet =');
  // Measured with the editor in: Monaco's lines are the widest thing the Code tab gets.
  const overflow = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const button of await fileList().getByRole('button').all()) expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(40);
  await fileList().getByRole('button', { name: 'Rename planets.service.ts' }).click();
  const rename = page.getByLabel('New name for planets.service.ts');
  expect((await rename.boundingBox())?.height).toBeGreaterThanOrEqual(40);
  await rename.press('Escape');
  await expect.poll(() => page.getByLabel('New name for planets.service.ts').count(), WAIT).toBe(0);
  await fileList().getByRole('button', { name: 'New file' }).click();
  await page.getByLabel('New file name').fill('phone.ts');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect.poll(openFileName, WAIT).toBe('phone.ts');
  expect(
    await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(REPO_ROOT, 'test/.artifacts/phone-file-list.png') });

  // "Use solution" takes the solution's files: exactly its two, the learner's extra file gone.
  const paneTab = (name: string) => page.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name, exact: true });
  await paneTab('Lesson').click();
  await page.getByRole('button', { name: /Show solution/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Use solution' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT });
  await paneTab('Code').click();
  await expect.poll(() => fileList().locator('li button').allTextContents(), WAIT).toEqual(Object.keys(LESSON.solution));
  const all = LESSON.checks.length;
  await expect.poll(() => page.getByTestId('checks-bar').textContent(), { timeout: 60_000 }).toContain(`${all} of ${all} checks pass`);
}, 120_000);
