import { describe, expect, it } from 'vitest';
import { App } from '../../runtime/framework/index.ts';
import { defineChecks } from '../../runtime/course/format/check-format.ts';
import { runChecks } from '../../runtime/course/checks/run-checks.ts';

// runChecks against an in-process app: fetch hands each Request straight to app.fetch.
const app = new App();
app.get('/text', (req, res) => {
  res.headers['x-kind'] = 'text';
  res.write('Hello, world!');
});
app.post('/echo', async (req) => {
  await req.parseBody();
  return { type: req.header('content-type') ?? null, body: req.bodyAsMap, files: req.uploadedFiles.map((f) => f.filename) };
});
app.post('/raw', async (req) => ({ type: req.header('content-type') ?? null, text: await req.text() }));
app.post('/items', () => ({ id: 'a1', tags: ['x', 'y'] }));
app.get('/items/:id', (req) => ({ id: req.params.id }));

const inProcess: typeof fetch = (input, init) => app.fetch(new Request(input, init));
const options = { origin: 'http://localhost:3000', fetch: inProcess };

describe('runChecks', () => {
  it('passes matching status, headers, body and bodyIncludes', async () => {
    const [result] = await runChecks(
      defineChecks([{ title: 'text', request: { method: 'GET', path: '/text' }, expect: { status: 200, headers: { 'X-Kind': 'TEXT', 'content-type': 'text/plain', 'x-none': null }, body: 'Hello, world!', bodyIncludes: ['Hello', 'world'], bodyExcludes: 'Bye' } }]),
      options,
    );
    expect(result.passed).toBe(true);
    expect(result.steps[0].failures).toEqual([]);
    expect(result.steps[0].actual).toMatchObject({ status: 200, body: 'Hello, world!', headers: { 'x-kind': 'text' } });
  });

  it('explains every mismatch as expected versus actual', async () => {
    const [result] = await runChecks(
      defineChecks([{ title: 'wrong', request: { method: 'GET', path: '/text' }, expect: { status: 201, headers: { 'x-kind': 'json', 'x-missing': 'a' }, body: 'Bye', bodyIncludes: 'zzz', json: {} } }]),
      options,
    );
    expect(result.passed).toBe(false);
    expect(result.steps[0].failures).toEqual([
      'Expected status 201, but got 200.',
      'Expected the header "x-kind" to contain "json", but it is "text".',
      'Expected the header "x-missing" containing "a", but it is missing.',
      'Expected the body "Bye", but got "Hello, world!".',
      'Expected the body to contain "zzz", but got "Hello, world!".',
      'Expected a JSON body, but got "Hello, world!".',
    ]);
  });

  it('says when no route matched', async () => {
    const [result] = await runChecks(defineChecks([{ title: 'x', request: { method: 'GET', path: '/nowhere' }, expect: { status: 200 } }]), options);
    expect(result.steps[0].failures).toEqual(['Expected status 200, but got 404 (no route matched this method and path).']);
  });

  it('matches JSON partially and names the place of a mismatch', async () => {
    const checks = defineChecks([
      { title: 'ok', request: { method: 'POST', path: '/items' }, expect: { json: { tags: ['x', 'y'] } } },
      { title: 'bad', request: { method: 'POST', path: '/items' }, expect: { json: { id: 'b', tags: ['x'], more: 1 } } },
      { title: 'list', request: { method: 'POST', path: '/items' }, expect: { json: [] } },
      { title: 'keys', request: { method: 'POST', path: '/items' }, expect: { json: { a: 1, b: 2 } } },
    ]);
    const [ok, bad, list, keys] = await runChecks(checks, options);
    expect(ok.passed).toBe(true);
    expect(bad.steps[0].failures).toEqual([
      'Expected json to have the key "more", but it is missing.',
      'Expected json.id to be "b", but it is "a1".',
      'Expected json.tags to have 1 item(s), but it has 2: ["x","y"].',
    ]);
    expect(list.steps[0].failures).toEqual(['Expected json to be a list, but it is {"id":"a1","tags":["x","y"]}.']);
    expect(keys.steps[0].failures).toEqual(['Expected json to have the keys "a", "b", but they are missing: {"id":"a1","tags":["x","y"]}.']);
  });

  it('encodes json, form, multipart and text bodies with their content types', async () => {
    const echo = (bodyType: 'json' | 'form' | 'multipart', type: string) => ({
      title: bodyType,
      request: { method: 'POST', path: '/echo', bodyType, body: { name: 'Ada' } },
      expect: { json: { type, body: { name: 'Ada' } } },
    });
    const results = await runChecks(
      defineChecks([
        echo('json', 'application/json'),
        echo('form', 'application/x-www-form-urlencoded'),
        { title: 'multipart', request: { method: 'POST', path: '/echo', bodyType: 'multipart', body: { name: 'Ada', cv: { filename: 'cv.txt', content: 'hi' } } }, expect: { json: { body: { name: 'Ada' }, files: ['cv.txt'] } } },
        { title: 'text', request: { method: 'POST', path: '/raw', body: 'plain words' }, expect: { json: { type: 'text/plain; charset=utf-8', text: 'plain words' } } },
        { title: 'empty form', request: { method: 'POST', path: '/raw', bodyType: 'form' }, expect: { json: { type: 'application/x-www-form-urlencoded', text: '' } } },
      ]),
      options,
    );
    for (const result of results) expect(result.steps[0].failures, result.title).toEqual([]);
    const multipart = results[2].steps[0];
    expect(multipart.request.bodyType).toBe('multipart');
  });

  it('runs a flow, carrying captured values into later steps, and stops at the first failing step', async () => {
    const [flow, broken] = await runChecks(
      defineChecks([
        {
          title: 'create then read',
          steps: [
            { request: { method: 'POST', path: '/items' }, expect: { status: 200 }, capture: { id: 'id', tag: 'tags.1' } },
            { request: { method: 'GET', path: '/items/{{id}}-{{tag}}' }, expect: { json: { id: '{{id}}-y' } } },
          ],
        },
        {
          title: 'broken',
          steps: [
            { request: { method: 'GET', path: '/nowhere' }, expect: { status: 200 } },
            { request: { method: 'GET', path: '/text' }, expect: { status: 200 } },
          ],
        },
      ]),
      options,
    );
    expect(flow.passed).toBe(true);
    expect(flow.steps[1].request.path).toBe('/items/a1-y');
    expect(flow.steps[1].expected.json).toEqual({ id: 'a1-y' });
    expect(broken.passed).toBe(false);
    expect(broken.steps).toHaveLength(1);
  });

  it('reports a request that gets no response instead of throwing', async () => {
    const failing: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    const [result] = await runChecks(defineChecks([{ title: 'down', request: { method: 'GET', path: '/' }, expect: { status: 200 } }]), { ...options, fetch: failing });
    expect(result.passed).toBe(false);
    expect(result.steps[0].actual.status).toBe(0);
    expect(result.steps[0].failures[0]).toBe('GET / got no response: fetch failed. Is the program running?');
  });

  it('says a request got no answer within its timeout (the program runs, it does not answer)', async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)));
    const check = defineChecks([{ title: 'hangs', request: { method: 'GET', path: '/' }, expect: { status: 200 } }]);
    const [result] = await runChecks(check, { ...options, fetch: hanging, timeoutMs: 200 });
    expect(result.steps[0].failures).toEqual(['GET /: no answer within 0.2 s.']);
  });
});

describe('runChecks progress and cancelling', () => {
  const two = defineChecks([
    { title: 'one', request: { method: 'GET', path: '/text' }, expect: { status: 200 } },
    { title: 'two', request: { method: 'GET', path: '/nowhere' }, expect: { status: 200 } },
  ]);

  it('reports each result as it finishes', async () => {
    const seen: string[] = [];
    await runChecks(two, { ...options, onResult: (result, i) => seen.push(`${i}:${result.title}:${result.passed}`) });
    expect(seen).toEqual(['0:one:true', '1:two:false']);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const run = runChecks(two, { ...options, signal: controller.signal, onResult: (result) => (seen.push(result.title), controller.abort()) });
    await expect(run).rejects.toThrow();
    expect(seen).toEqual(['one']);
  });
});
