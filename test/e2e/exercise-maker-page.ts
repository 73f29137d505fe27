/** Page helpers of the exercise maker's end-to-end tests: starting an exercise, sending a request from the panel. */
import type { Page } from 'playwright-core';
import { replaceCode, send, waitForProgram } from './share-page.ts';

/** What a teacher starts an exercise with. */
export interface ExerciseStart {
  title: string;
  instructions: string;
  /** The program when "Make an exercise" is clicked: the starter learners get. */
  starter: string;
  /** The program written afterwards: the solution. */
  solution: string;
  /** A text of the solution's first line that shows the paste landed (replaceCode's `until`). */
  solutionMark: string;
}

/**
 * On the scratch page: the starter replaces the example, "Make an exercise" takes it as the starter, the title
 * and instructions are filled in, and the solution replaces the starter; resolves once the solution runs.
 */
export async function startExercise(page: Page, start: ExerciseStart): Promise<void> {
  const example = await waitForProgram(page);
  await replaceCode(page, start.starter);
  const started = await waitForProgram(page, example);
  await page.getByRole('button', { name: 'Make an exercise' }).click();
  await page.getByLabel('Exercise title').fill(start.title);
  await page.getByLabel('Exercise instructions').fill(start.instructions);
  await replaceCode(page, start.solution, start.solutionMark);
  await waitForProgram(page, started);
}

/** Sends `method path` from the request panel (with a JSON body when given: a GET has none) and returns the answer. */
export async function sendRequest(page: Page, method: string, path: string, json?: string): Promise<{ status: string; body: string }> {
  await page.getByLabel('Method').selectOption(method);
  await page.getByLabel('Path and query').fill(path);
  if (json !== undefined) {
    await page.getByRole('region', { name: 'Request' }).getByRole('tab', { name: 'Body' }).click();
    await page.getByRole('radio', { name: 'JSON' }).check();
    await page.getByLabel('JSON body').fill(json);
  }
  return send(page);
}
