import type { Page } from 'playwright-core';
import { ANSWER } from './wait.ts';

/**
 * Waits until the open lesson's `count` checks ran on its current code (at most `timeout` ms), and returns how many
 * passed and failed.
 */
export async function settledChecks(page: Page, count: number, timeout = ANSWER.timeout): Promise<{ passed: number; failed: number }> {
  await page.waitForFunction(
    (n) => {
      const items = [...document.querySelectorAll('[data-testid=lesson-checks][data-state=done] [data-check-status]')];
      return items.length === n && items.every((li) => li.getAttribute('data-check-status') !== 'pending');
    },
    count,
    { timeout },
  );
  const checks = page.getByTestId('lesson-checks').locator('[data-check-status]');
  return {
    passed: await checks.and(page.locator('[data-check-status=passed]')).count(),
    failed: await checks.and(page.locator('[data-check-status=failed]')).count(),
  };
}

/** The code the editor shows (Monaco renders spaces as no-break spaces). */
export async function editorText(page: Page): Promise<string> {
  return ((await page.locator('.monaco-editor .view-lines').first().textContent()) ?? '').replace(/\u00a0/g, ' ');
}
