/**
 * Bad values in storage never break the page. In Chromium, with every key the playground stores
 * holding null, broken JSON, the wrong type or absurd sizes, the built site renders, compiles and runs
 * the lesson, answers a request, and writes good values back as the learner changes things.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { FIRST, WAIT } from './harness/wait.ts';
import { send, waitForProgram } from './share-page.ts';
import { STORED_KEYS } from '../../web/state/stored.ts';

let session: PlaygroundSession;
let browser: Browser;

const many = <T>(count: number, make: (i: number) => T) => Array.from({ length: count }, (_, i) => make(i));

/** Raw text per key, or one raw text for every key. */
const VARIANTS: Record<string, string | Record<string, string>> = {
  null: 'null',
  'broken JSON': '{"splits": [1, 2',
  'a number': '42',
  'a string': '"dark"',
  'wrong shapes and sizes': {
    'halo.layout.v1': JSON.stringify({ splits: { columns: [1e9, 5], editor: null }, theme: 'neon', largeText: 'yes' }),
    'halo.modes.v1': JSON.stringify({ presentation: 'yes', before: { splits: 7 } }),
    'halo.workspaces.v1': JSON.stringify({ '04-bodies': { 'main.ts': 42 }, scratch: null }),
    'halo.active.v1': JSON.stringify('x'.repeat(100_000)),
    'halo.files.v1': JSON.stringify({ 'main.ts': ['not', 'code'] }),
    'halo.progress.v1': JSON.stringify(many(50_000, (i) => ({ id: i }))),
    'halo.request.v1': JSON.stringify({ method: 'TRACE', headers: 'Accept: */*', multipart: [{ kind: 'disk' }] }),
    'halo.history.v1': JSON.stringify(many(5_000, () => ({ spec: null, origin: 42 }))),
    'halo.exercises.v1': JSON.stringify({ 'exercise-1': { title: 42, checks: 'x' } }),
    'halo.classroom.v1': JSON.stringify({ joined: { code: 42, secret: null, learnerId: 'x'.repeat(100_000) } }),
  },
};

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: 'index.html' });
  browser = session.browser;
  await waitForProgram(session.page);
});

afterAll(async () => {
  await session?.close();
});

for (const [name, variant] of Object.entries(VARIANTS)) {
  test(`every stored key holding ${name}: the page renders, runs the lesson and answers`, async () => {
    const seed = Object.fromEntries(STORED_KEYS.map((key) => [key, typeof variant === 'string' ? variant : variant[key]]));
    expect(Object.values(seed).every((value) => typeof value === 'string')).toBe(true);
    // A fresh browser context: the values are in place before any of the page's scripts run.
    const context = await browser.newContext();
    try {
      await context.addInitScript((values) => {
        if (window.top !== window || sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      }, seed);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(`${session.server.url}index.html`);
      await page.getByRole('heading', { name: 'Halo Playground' }).waitFor(FIRST);
      await waitForProgram(page);
      expect((await send(page)).status).toBe('200 OK');
      expect(await page.getByLabel('Theme').inputValue()).toBe('system');
      // A change writes a good value over the bad one; a reload keeps it.
      await page.getByLabel('Theme').selectOption('dark');
      const layout = async () =>
        JSON.parse((await page.evaluate(() => localStorage.getItem('halo.layout.v1'))) ?? 'null') as {
          theme: string;
          splits: Record<string, number[]>;
        } | null;
      await expect.poll(async () => (await layout())?.theme, WAIT).toBe('dark');
      expect((await layout())?.splits.columns).toHaveLength(3);
      await page.reload();
      await page.getByRole('heading', { name: 'Halo Playground' }).waitFor(WAIT);
      expect(await page.getByLabel('Theme').inputValue()).toBe('dark');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    // A first visit in a fresh context, a program run and a reload: more than a minute on a loaded machine.
  }, 150_000);
}
