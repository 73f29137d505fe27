/**
 * Accessibility in Chromium: axe-core finds no serious and no critical violation on any view of the
 * playground — a lesson, the free playground, the solution dialog, the help dialog, presentation mode,
 * the dark theme, the exercise maker and an exercise, and a phone viewport.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { WAIT } from './harness/wait.ts';
import { waitForProgram } from './share-page.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let session: PlaygroundSession;
let page: Page;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe on the page as it is now; returns the serious and critical violations, with their targets. */
async function seriousViolations(): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
  });
}

/** Waits until the Monaco editor rendered its lines and code highlighting settled. */
async function editorShown(): Promise<void> {
  await page.locator('.monaco-editor .view-lines').first().waitFor(WAIT);
  await page.locator('.monaco-editor .line-numbers').first().waitFor(WAIT);
}

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: 'index.html' });
  page = session.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await waitForProgram(page);
  await editorShown();
});
afterAll(async () => {
  await session?.close();
});

test('a lesson with a code block (desktop, light)', async () => {
  await page.getByRole('article').locator('pre').first().waitFor(WAIT);
  expect(await seriousViolations()).toEqual([]);
});

test('the solution dialog with its diff editor', async () => {
  await page.getByRole('button', { name: /Show solution/ }).click();
  await page.getByRole('dialog').locator('.monaco-diff-editor .view-lines').first().waitFor(WAIT);
  expect(await seriousViolations()).toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT });
});

test('the help dialog', async () => {
  // `?` opens the help from anywhere but a text field or the editor.
  await page.getByRole('button', { name: /Show solution/ }).focus();
  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor(WAIT);
  expect(await seriousViolations()).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT });
});

test('the dark theme, with a lesson and its checks', async () => {
  await page.getByLabel('Theme').selectOption('dark');
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'), undefined, WAIT);
  await editorShown();
  expect(await seriousViolations()).toEqual([]);
  await page.getByLabel('Theme').selectOption('light');
});

test('presentation mode', async () => {
  await page.keyboard.press('Alt+Shift+KeyP');
  await page.waitForFunction(() => document.documentElement.classList.contains('presentation'), undefined, WAIT);
  await editorShown();
  expect(await seriousViolations()).toEqual([]);
  await page.keyboard.press('Alt+Shift+KeyP');
  await page.waitForFunction(() => !document.documentElement.classList.contains('presentation'), undefined, WAIT);
});

test('the free playground, after a request', async () => {
  await page.goto(page.url().replace(/\?.*$/, '') + '?lesson=scratch');
  await waitForProgram(page);
  await editorShown();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByTestId('response-status').waitFor(WAIT);
  expect(await seriousViolations()).toEqual([]);
}, 120_000);

test('the exercise maker with a recorded check, and the exercise as a learner sees it', async () => {
  await page.goto(page.url().replace(/\?.*$/, '') + '?lesson=scratch');
  await waitForProgram(page);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByTestId('response-status').waitFor(WAIT);
  await page.getByRole('button', { name: 'Make an exercise' }).click();
  await page.getByLabel('Exercise title').fill('Hello');
  await page.getByLabel('Exercise instructions').fill('Answer **GET /** with a greeting.');
  await page.getByRole('button', { name: 'Add as check', exact: true }).click();
  await page.getByTestId('replay-report').waitFor(WAIT);
  expect(await seriousViolations()).toEqual([]);
  await page.getByRole('button', { name: 'Check and share the exercise' }).click();
  await page.getByTestId('exercise-proof').waitFor({ timeout: 60_000 });
  // The starter is the solution here, so the proof fails ("the exercise asks nothing") and gives no link until the
  // author shares it anyway: that choice is part of what is checked.
  expect(await page.getByTestId('exercise-proof').getAttribute('data-ok')).toBe('false');
  await page.getByLabel(/^Share it anyway/).check();
  expect(await seriousViolations()).toEqual([]);
  await page.goto(await page.getByLabel('Exercise link').inputValue());
  await page.getByTestId('exercise-title').waitFor(WAIT);
  await page.getByRole('button', { name: 'Run shared code' }).click();
  await page.locator('[data-testid=lesson-checks][data-state=done]').waitFor({ timeout: 60_000 });
  expect(await seriousViolations()).toEqual([]);
}, 180_000);

test('a phone viewport (390×844), light and dark', async () => {
  const phone = async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(page.url().replace(/\?.*$/, '') + '?lesson=01-getting-started');
    await waitForProgram(page);
    expect(await seriousViolations()).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
  };
  await phone();
  // The theme menu is in the desktop toolbar; the choice is kept across the reload.
  await page.getByLabel('Theme').selectOption('dark');
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'), undefined, WAIT);
  await phone();
  await page.getByLabel('Theme').selectOption('light');
}, 180_000);
