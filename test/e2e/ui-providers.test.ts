/**
 * The request panel's WebSocket mode and GraphQL body in real Chromium, through the real service
 * worker and sandboxed server worker: two connections side by side (an event sent on A arrives on B),
 * reconnecting after the program restarts (close 1012 logged, then "Reconnected"), and a GraphQL query
 * answered as JSON with its errors highlighted.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { ANSWER, WAIT } from './harness/wait.ts';
import { replaceCode, waitForProgram } from './share-page.ts';

const PROGRAM = [
  "import { App, AppHttp, MapService, MemoryService, graphql, websocket } from 'halo';",
  'const app = new App();',
  "app.use('/messages', new MapService());",
  "app.use('/todos', new MemoryService());",
  'websocket(app);',
  'graphql(app);',
  "await new AppHttp(app).startServer('localhost', 3000);",
].join('\n');

let session: PlaygroundSession;
let page: Page;

const connection = (name: string) => page.getByRole('region', { name: `Connection ${name}` });
const log = (name: string) => page.getByRole('list', { name: `Log of ${name}` });

async function connect(name: string): Promise<void> {
  await connection(name).getByRole('button', { name: 'Connect' }).click();
  await expect.poll(() => page.getByLabel(`Connection ${name} status`).textContent(), WAIT).toBe('open');
}

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: 'index.html?lesson=scratch' });
  page = session.page;
  await page.setViewportSize({ width: 1280, height: 900 });
  const example = await waitForProgram(page);
  await replaceCode(page, PROGRAM, 'websocket(app)');
  await waitForProgram(page, example);
});
afterAll(async () => {
  await session?.close();
});

describe('WebSocket mode', { timeout: 120_000 }, () => {
  test('an event sent on connection A arrives on connection B, both logged with times', async () => {
    await page.getByRole('radio', { name: 'WebSocket' }).check();
    await connect('A');
    await connect('B');
    await page.getByLabel('Message for A').fill('{"id":1,"call":"messages.create","data":{"text":"hi from A"}}');
    await connection('A').getByRole('button', { name: 'Send on A' }).click();
    await expect.poll(() => log('B').textContent(), WAIT).toContain('"event":"messages created"');
    expect(await log('B').textContent()).toContain('hi from A');
    expect(await log('A').textContent()).toMatch(/\d\d:\d\d:\d\d\.\d{3} → \{"id":1/);
    // A's reply and B's event leave the program one after the other: either may be shown first.
    await expect.poll(() => log('A').textContent(), WAIT).toContain('"id":1,"result"');
  });

  test('after the program restarts, both connections log the 1012 close and reconnect by themselves', async () => {
    const before = (await page.getByTestId('compile-status').getAttribute('data-bundle')) ?? '';
    await replaceCode(page, `${PROGRAM}\n// changed`, 'changed');
    await waitForProgram(page, before);
    for (const name of ['A', 'B']) {
      await expect.poll(() => log(name).textContent(), ANSWER).toContain('Reconnected to ws://localhost:3000/ws');
      expect(await log(name).textContent()).toContain('Closed: 1012 The program restarted.');
    }
    // The log survived the restart, and the new connections carry events again.
    expect(await log('B').textContent()).toContain('hi from A');
    await page.getByLabel('Message for A').fill('{"id":2,"call":"messages.create","data":{"text":"after restart"}}');
    await connection('A').getByRole('button', { name: 'Send on A' }).click();
    await expect.poll(() => log('B').textContent(), WAIT).toContain('after restart');
  });
});

describe('GraphQL body', { timeout: 120_000 }, () => {
  test('a query is answered as JSON; a wrong one shows its errors highlighted', async () => {
    await page.getByRole('radio', { name: 'HTTP' }).check();
    await page.getByLabel('Method').selectOption('POST');
    await page.getByLabel('Path and query').fill('/graphql');
    await page.getByRole('region', { name: 'Request' }).getByRole('tab', { name: 'Body' }).click();
    await page.getByRole('radio', { name: 'GraphQL' }).check();
    await page.getByTestId('graphql-query').locator('.monaco-editor').waitFor(WAIT);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByTestId('response-status').textContent(), ANSWER).toContain('200');
    expect(await page.getByRole('alert', { name: 'GraphQL errors' }).count()).toBe(0);
    await page.getByTestId('graphql-query').locator('.monaco-editor').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('query { nothing');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByTestId('response-status').textContent(), ANSWER).toContain('400');
    await expect.poll(() => page.getByRole('alert', { name: 'GraphQL errors' }).textContent(), WAIT).toMatch(/nothing|Syntax Error/);
  });
});
