/**
 * The spec's example program, compiled and run by the playground engine in real Chromium, answering
 * `fetch('http://localhost:3000/…')` from the page through msw's service worker; and the same program
 * on Node, which must give the same statuses and byte-identical bodies.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runProgram } from '../support/run-program.ts';
import type { RunningProgram } from '../support/run-program.ts';
import { REPO_ROOT } from './harness/paths.ts';
import { PlaygroundSession } from './harness/session.ts';
import type { PageResponse, RequestSpec } from './harness/session.ts';

const EXAMPLE_PATH = 'lessons/getting-started/app.ts';
const example = readFileSync(`${REPO_ROOT}/${EXAMPLE_PATH}`, 'utf8');
const CUSTOM_HANDLER = /const oldErrorHandler[\s\S]*?\n};\n/;
/** The example without its custom error handler, so the default one answers errors. */
const withDefaultHandler = example.replace(CUSTOM_HANDLER, '');
const BROWSER_ORIGIN = 'http://localhost:3000';

/** Requests whose answers must match between the browser and Node. */
const CASES: [string, string, RequestSpec][] = [
  ['GET /', '/', {}],
  ['POST /greet form', '/greet', { method: 'POST', body: { form: { name: 'Bob' } } }],
  ['POST /greet JSON', '/greet', { method: 'POST', body: { json: { name: 'Bob' } } }],
  ['POST /greet multipart', '/greet', { method: 'POST', body: { multipart: { name: 'Bob' } } }],
  ['POST /greet without a name', '/greet', { method: 'POST', body: { form: { nom: 'Bob' } } }],
  ['POST /greet malformed JSON', '/greet', { method: 'POST', headers: { 'content-type': 'application/json' }, body: { text: '{"name":' } }],
  ['GET /missing', '/missing', {}],
  ['POST / (no route for the method)', '/', { method: 'POST', body: { text: 'x' } }],
  ['missing name, Accept: application/json', '/greet', { method: 'POST', headers: { accept: 'application/json' }, body: { form: {} } }],
  [
    'missing name, Accept: text/html',
    '/greet',
    { method: 'POST', headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' }, body: { form: {} } },
  ],
];

let session: PlaygroundSession;

beforeAll(async () => {
  session = await PlaygroundSession.open();
});
afterAll(async () => {
  await session?.close();
});

describe('the example program in the browser', () => {
  beforeAll(async () => {
    const state = await session.run({ 'main.ts': example });
    expect(state).toEqual({ status: 'running', origins: [BROWSER_ORIGIN] });
  });

  test('GET / → Hello, world!', async () => {
    const response = await session.fetch(`${BROWSER_ORIGIN}/`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe('Hello, world!');
  });

  test('GET /headers lists the request headers, X-Foo included', async () => {
    const response = await session.fetch(`${BROWSER_ORIGIN}/headers?x=1`, { headers: { 'X-Foo': 'bar' } });
    expect(response.status).toBe(200);
    expect(response.body.split('\n')).toContain('x-foo=[bar]');
  });

  test.each([
    ['form', { form: { name: 'Bob' } }],
    ['JSON', { json: { name: 'Bob' } }],
    ['multipart', { multipart: { name: 'Bob', note: { filename: 'note.txt', content: 'hi', type: 'text/plain' } } }],
  ] as const)('POST /greet with a %s body → Hello, Bob!', async (_kind, body) => {
    const response = await session.fetch(`${BROWSER_ORIGIN}/greet`, { method: 'POST', body });
    expect(response.status).toBe(200);
    expect(response.body).toBe('Hello, Bob!');
  });

  test('POST /greet without a name → 400 and the custom text', async () => {
    const response = await session.fetch(`${BROWSER_ORIGIN}/greet`, { method: 'POST', body: { json: {} } });
    expect(response.status).toBe(400);
    expect(response.body).toBe('Oops! You forgot to include your name.');
  });

  test('its console.log reaches the page, located in main.ts', async () => {
    const entries = await session.consoleEntries();
    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 'log',
        text: 'Listening on http://localhost:3000',
        location: { file: 'main.ts', line: 34, column: 9 },
      }),
    );
  });
});

describe('the default error handler in the browser', () => {
  beforeAll(async () => {
    await session.run({ 'main.ts': withDefaultHandler });
  });

  test('Accept: application/json → the JSON error body', async () => {
    const response = await session.fetch(`${BROWSER_ORIGIN}/greet`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: { form: {} },
    });
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('application/json');
    expect(JSON.parse(response.body)).toEqual({ is_error: true, status_code: 400, message: 'Missing name.', errors: [] });
  });

  test('Accept: text/html → the HTML error page', async () => {
    const response = await session.fetch(`${BROWSER_ORIGIN}/greet`, {
      method: 'POST',
      headers: { accept: 'text/html' },
      body: { form: {} },
    });
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toMatch(/^<!DOCTYPE html>/);
    expect(response.body).toContain('<h1>Missing name.</h1>');
  });
});

describe.each([
  ['the example program', example],
  ['the example with the default error handler', withDefaultHandler],
])('%s on Node and in the browser', (_name, source) => {
  let node: RunningProgram;

  beforeAll(async () => {
    const dir = `${REPO_ROOT}/test/.artifacts/e2e`;
    mkdirSync(dir, { recursive: true });
    const file = `${dir}/parity-${source === example ? 'example' : 'default-handler'}.ts`;
    writeFileSync(file, source);
    node = await runProgram('npx', ['tsx', file]);
    await session.run({ 'main.ts': source });
  });
  afterAll(async () => {
    await node?.interrupt('SIGKILL');
  });

  test.each(CASES)('%s: same status and byte-identical body', async (_case, path, spec) => {
    const inBrowser = await session.fetch(`${BROWSER_ORIGIN}${path}`, spec);
    const onNode = await nodeFetch(`${node.origin}${path}`, spec);
    expect({ status: inBrowser.status, type: inBrowser.headers['content-type'], body: inBrowser.body }).toEqual({
      status: onNode.status,
      type: onNode.headers['content-type'],
      body: onNode.body,
    });
  });

  test('GET /headers: both list X-Foo the same way (other headers depend on the client)', async () => {
    const spec = { headers: { 'X-Foo': 'bar' } };
    const inBrowser = await session.fetch(`${BROWSER_ORIGIN}/headers`, spec);
    const onNode = await nodeFetch(`${node.origin}/headers`, spec);
    expect(inBrowser.status).toBe(onNode.status);
    expect(inBrowser.body.split('\n')).toContain('x-foo=[bar]');
    expect(onNode.body.split('\n')).toContain('x-foo=[bar]');
  });
});

/** The same request as the page's `fetch` would send it, from Node. */
async function nodeFetch(url: string, spec: RequestSpec): Promise<PageResponse> {
  const headers = new Headers(spec.headers);
  let body: BodyInit | undefined;
  const b = spec.body;
  if (b && 'text' in b) body = b.text;
  else if (b && 'json' in b) {
    body = JSON.stringify(b.json);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  } else if (b && 'form' in b) body = new URLSearchParams(b.form);
  else if (b && 'multipart' in b) {
    const form = new FormData();
    for (const [name, value] of Object.entries(b.multipart)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([value.content], { type: value.type ?? 'application/octet-stream' }), value.filename);
    }
    body = form;
  }
  const started = performance.now();
  const response = await fetch(url, { method: spec.method ?? 'GET', headers, body, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  return { status: response.status, headers: Object.fromEntries(response.headers), body: text, ms: performance.now() - started };
}
