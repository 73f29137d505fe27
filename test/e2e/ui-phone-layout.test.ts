/**
 * The playground on a phone (390×844) and on a desktop (1440×900), in Chromium: below 900 px the panes
 * stack behind tabs (Lesson / Code / Request / Response), each full width, with the lesson's checks bar
 * on every tab and touch-sized controls; a learner sends from Request and reads the Response. On a
 * desktop the three columns stay side by side.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { REPO_ROOT } from './harness/paths.ts';
import { PlaygroundSession } from './harness/session.ts';
import { ANSWER, WAIT } from './harness/wait.ts';
import { waitForProgram } from './share-page.ts';

const SHOTS = resolve(REPO_ROOT, 'test/.artifacts/phone');
const PHONE = { width: 390, height: 844 };
const PANES = ['Lesson', 'Code', 'Request', 'Response'] as const;

let session: PlaygroundSession;
let page: Page;

const paneTabs = () => page.getByRole('tablist', { name: 'Panes' });
const paneTab = (name: string) => paneTabs().getByRole('tab', { name, exact: true });

/** Width of the widest thing in the page against the window: more means the page scrolls sideways. */
const pageOverflow = () =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);

/** Visible controls (outside the editor's own widgets) shorter than a fingertip. */
const smallTargets = () =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, select, summary, [role=tab], input:not([type=checkbox]):not([type=radio])')]
      .filter((e) => {
        const box = e.getBoundingClientRect();
        // Screen-reader-only elements (the skip links until focused) are 1 px.
        return e.checkVisibility() && box.width > 1 && box.height > 1 && box.height < 40 && !e.closest('.monaco-editor');
      })
      .map((e) => e.getAttribute('aria-label') ?? e.textContent?.trim() ?? e.tagName),
  );

async function checksBarInView(): Promise<boolean> {
  const bar = page.getByTestId('checks-bar');
  if (!(await bar.isVisible())) return false;
  const box = await bar.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height && box.width >= PHONE.width - 2;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await PlaygroundSession.open({ page: 'index.html?lesson=01-getting-started' });
  page = session.page;
  await page.setViewportSize(PHONE);
  await waitForProgram(page);
});

afterAll(async () => {
  await session?.close();
});

test('at 390×844 the panes stack behind tabs, each full width, with the checks bar on every tab', async () => {
  await paneTabs().waitFor(WAIT);
  for (const name of PANES) {
    await paneTab(name).click();
    expect(await paneTab(name).getAttribute('aria-selected')).toBe('true');
    const panel = page.getByRole('tabpanel', { name, exact: true });
    const box = await panel.boundingBox();
    expect(box?.width, `${name} panel width`).toBeGreaterThanOrEqual(PHONE.width - 2);
    // The other panes are out of the way, not squeezed beside it.
    for (const other of PANES.filter((p) => p !== name))
      expect(await page.getByRole('tabpanel', { name: other, exact: true, includeHidden: true }).isVisible()).toBe(false);
    expect(await pageOverflow(), `${name}: sideways overflow`).toBeLessThanOrEqual(0);
    expect(await checksBarInView(), `${name}: checks bar in view`).toBe(true);
    // Touch-sized targets: every control in view, the pane tabs among them.
    expect((await paneTab(name).boundingBox())?.height).toBeGreaterThanOrEqual(40);
    expect(await smallTargets(), `${name}: controls under 40 px high`).toEqual([]);
    await page.screenshot({ path: resolve(SHOTS, `phone-${name.toLowerCase()}.png`) });
  }
  await paneTab('Code').click();
  await page.locator('.monaco-editor .view-lines').first().waitFor(WAIT);
  expect((await page.locator('#editor-pane .monaco-editor').boundingBox())?.width).toBeGreaterThanOrEqual(300);
  // The lesson text reads as lines, not one word per line; the lesson list is touch-sized too.
  await paneTab('Lesson').click();
  await page.getByText('All lessons').click();
  // The list is open (its first lesson shows) before its controls are measured.
  await page.getByRole('button', { name: /^1\. / }).first().waitFor(WAIT);
  expect(await smallTargets()).toEqual([]);
  await page.getByText('All lessons').click();
  expect((await page.getByRole('article', { name: /^Lesson 1: / }).boundingBox())?.width).toBeGreaterThanOrEqual(PHONE.width - 20);
}, 120_000);

test('on a phone a learner switches to Request, sends, and sees the Response', async () => {
  await paneTab('Request').click();
  const send = page.getByRole('button', { name: 'Send', exact: true });
  expect((await send.boundingBox())?.height).toBeGreaterThanOrEqual(40);
  await page.getByLabel('Method').selectOption('GET');
  await page.getByLabel('Path and query').fill('/');
  await send.click();
  // Sending brings the answer into view.
  await expect.poll(() => paneTab('Response').getAttribute('aria-selected'), ANSWER).toBe('true');
  await page.getByTestId('response-status').waitFor(ANSWER);
  expect(await page.getByTestId('response-status').textContent()).toMatch(/^\d{3} /);
  expect(await page.getByTestId('response-status').isVisible()).toBe(true);
  expect(await checksBarInView()).toBe(true);
  expect(await pageOverflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: resolve(SHOTS, 'phone-response.png') });
});

test('"See checks" on another tab opens the lesson at its checks', async () => {
  await paneTab('Code').click();
  await page.getByTestId('checks-bar').getByRole('button', { name: 'See checks' }).click();
  await expect.poll(() => paneTab('Lesson').getAttribute('aria-selected'), WAIT).toBe('true');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id), WAIT).toBe('checks-heading');
});

test('on a phone Alt+Shift+1 opens the Code tab with the caret in the editor', async () => {
  await paneTab('Request').click();
  await page.getByLabel('Path and query').focus();
  await page.keyboard.press('Alt+Shift+1');
  await expect.poll(() => paneTab('Code').getAttribute('aria-selected'), WAIT).toBe('true');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null), WAIT).toBe(true);
});

test('on a phone the toolbar takes two rows: secondary controls fold behind "More" and work from there', async () => {
  const toolbar = page.getByRole('banner');
  const more = toolbar.getByRole('button', { name: 'More', exact: true });
  await more.waitFor({ timeout: 10_000 });
  expect(await more.getAttribute('aria-expanded')).toBe('false');
  // Run, Share and the lesson picker stay in view; two rows of 40 px controls and padding, not four.
  for (const name of [/^Run/, /^Share/]) expect(await toolbar.getByRole('button', { name }).first().isVisible()).toBe(true);
  expect((await toolbar.boundingBox())?.height).toBeLessThanOrEqual(110);
  expect(await page.getByLabel('Theme').isVisible()).toBe(false);
  expect(await toolbar.getByRole('button', { name: 'API reference' }).isVisible()).toBe(false);

  await more.click();
  await expect.poll(() => more.getAttribute('aria-expanded')).toBe('true');
  const group = page.getByRole('group', { name: 'More controls' });
  for (const name of ['Download as Node project', 'Presentation', 'API reference'])
    expect(await group.getByRole('button', { name: new RegExp(`^${name}`) }).isVisible()).toBe(true);
  expect(await smallTargets()).toEqual([]);
  expect(await pageOverflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: resolve(SHOTS, 'phone-more.png') });
  // A control in the group works as on a desktop, and Esc folds the group back with focus on "More".
  await group.getByLabel('Large text').check();
  await expect.poll(() => page.evaluate(() => document.documentElement.style.fontSize)).toBe('125%');
  await group.getByLabel('Large text').uncheck();
  await expect.poll(() => page.evaluate(() => document.documentElement.style.fontSize)).toBe('');
  await group.getByLabel('Theme').focus();
  await page.keyboard.press('Escape');
  await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('More');
});

test('at 1440×900 the three columns stay side by side, without pane tabs', async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('separator', { name: 'Resize notes and editor' }).waitFor(WAIT);
  expect(await paneTabs().count()).toBe(0);
  const lesson = await page.getByRole('region', { name: 'Lesson' }).boundingBox();
  const editor = await page.locator('#editor-pane').boundingBox();
  const request = await page.locator('#request-pane').boundingBox();
  expect(lesson && editor && request).toBeTruthy();
  // Left to right on one row.
  expect(lesson!.x + lesson!.width).toBeLessThanOrEqual(editor!.x + 1);
  expect(editor!.x + editor!.width).toBeLessThanOrEqual(request!.x + 1);
  expect(Math.abs(lesson!.y - editor!.y)).toBeLessThan(5);
  expect(await pageOverflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: resolve(SHOTS, 'desktop.png') });
});
