import { describe, expect, it } from 'vitest';
import { buildMultipart, buildRequest, encodeForm } from '../../web/exchange/request/panel-request.ts';
import { methodAllowsBody, requestUrl } from '../../runtime/contract/encode-request.ts';
import { shellQuote, toCurl } from '../../web/exchange/request/curl.ts';
import {
  ACCEPT_PRESETS,
  acceptValue,
  defaultRequest,
  newMultipartRow,
  newRow,
  withAccept,
  type RequestSpec,
} from '../../web/exchange/request/request-model.ts';

const ORIGIN = 'http://localhost:3000';

function spec(patch: Partial<RequestSpec>): RequestSpec {
  return { ...defaultRequest(), ...patch };
}

describe('request URL', () => {
  it('joins the origin with path and query, adding a missing slash', () => {
    expect(requestUrl(ORIGIN, '/greet?lang=en')).toBe('http://localhost:3000/greet?lang=en');
    expect(requestUrl(ORIGIN, 'headers')).toBe('http://localhost:3000/headers');
    expect(requestUrl(ORIGIN, '  /  ')).toBe('http://localhost:3000/');
  });
});

describe('header rows', () => {
  it('sends enabled rows with a name, trimmed, in order', () => {
    const headers = [newRow('Accept', '*/*'), newRow(' X-Foo ', 'bar'), { ...newRow('X-Off', '1'), enabled: false }, newRow('', 'orphan')];
    expect(buildRequest(spec({ headers }), ORIGIN).headers).toEqual([
      ['Accept', '*/*'],
      ['X-Foo', 'bar'],
    ]);
  });

  it('the Accept preset replaces the Accept row, or adds one', () => {
    const browser = ACCEPT_PRESETS[0].value;
    const replaced = withAccept([newRow('accept', '*/*'), newRow('X-Foo', 'bar')], browser);
    expect(replaced.map((h) => [h.name, h.value])).toEqual([
      ['accept', browser],
      ['X-Foo', 'bar'],
    ]);
    expect(acceptValue(withAccept([], 'application/json'))).toBe('application/json');
    expect(browser.startsWith('text/html')).toBe(true);
  });
});

describe('bodies', () => {
  it('GET and HEAD never carry a body', () => {
    expect(methodAllowsBody('GET')).toBe(false);
    expect(methodAllowsBody('HEAD')).toBe(false);
    expect(buildRequest(spec({ method: 'GET', bodyType: 'json' }), ORIGIN).body).toBeUndefined();
  });

  it('JSON sets its content type unless a row already does', () => {
    const built = buildRequest(spec({ method: 'POST', bodyType: 'json', json: '{"name":"Ada"}' }), ORIGIN);
    expect(built.body).toBe('{"name":"Ada"}');
    expect(built.headers).toContainEqual(['Content-Type', 'application/json']);
    const custom = buildRequest(spec({ method: 'POST', bodyType: 'json', headers: [newRow('content-type', 'text/plain')] }), ORIGIN);
    expect(custom.headers).toEqual([['content-type', 'text/plain']]);
  });

  it('form fields are URL-encoded', () => {
    const form = [newRow('name', 'Ada Lovelace'), newRow('note', 'a&b=c'), { ...newRow('off', 'x'), enabled: false }];
    expect(encodeForm(form)).toBe('name=Ada+Lovelace&note=a%26b%3Dc');
    const built = buildRequest(spec({ method: 'POST', bodyType: 'form', form }), ORIGIN);
    expect(built.headers).toContainEqual(['Content-Type', 'application/x-www-form-urlencoded']);
  });

  it('multipart assembles text fields and files, and drops a hand-set content type', async () => {
    const file = new File(['hello file'], 'notes.txt', { type: 'text/plain' });
    const multipart = [
      newMultipartRow('text', 'name', 'Ada'),
      { ...newMultipartRow('file', 'upload'), file },
      { ...newMultipartRow('text', 'off', 'x'), enabled: false },
    ];
    const s = spec({ method: 'POST', bodyType: 'multipart', multipart, headers: [newRow('Content-Type', 'multipart/form-data')] });
    const built = buildRequest(s, ORIGIN);
    expect(built.headers).toEqual([]);
    const data = built.body as FormData;
    expect([...data.keys()]).toEqual(['name', 'upload']);
    expect(data.get('name')).toBe('Ada');
    const sent = data.get('upload') as File;
    expect(sent.name).toBe('notes.txt');
    expect(await sent.text()).toBe('hello file');
    // The encoded body is what a server parses: check it round-trips through the platform.
    const parsed = await new Request(ORIGIN, { method: 'POST', body: buildMultipart(s) }).formData();
    expect(parsed.get('name')).toBe('Ada');
    expect((parsed.get('upload') as File).name).toBe('notes.txt');
  });

  it('a file part without a chosen file is sent empty', () => {
    const data = buildMultipart(spec({ bodyType: 'multipart', multipart: [newMultipartRow('file', 'upload')] }));
    expect((data.get('upload') as File).size).toBe(0);
  });
});

describe('cURL export', () => {
  it('quotes words for the shell', () => {
    expect(shellQuote('http://localhost:3000/')).toBe('http://localhost:3000/');
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('Accept: */*')).toBe(`'Accept: */*'`);
  });

  it('a GET with headers', () => {
    const s = spec({ path: '/headers', headers: [newRow('X-Foo', 'bar')] });
    expect(toCurl(s, ORIGIN)).toBe(`curl http://localhost:3000/headers -H 'X-Foo: bar'`);
  });

  it('HEAD uses --head, other methods -X', () => {
    expect(toCurl(spec({ method: 'HEAD', headers: [] }), ORIGIN)).toBe('curl --head http://localhost:3000/');
    expect(toCurl(spec({ method: 'DELETE', path: '/todos/1', headers: [] }), ORIGIN)).toBe('curl -X DELETE http://localhost:3000/todos/1');
  });

  it('JSON and form bodies are sent raw with their content type', () => {
    expect(toCurl(spec({ method: 'POST', path: '/greet', headers: [], bodyType: 'json', json: '{"name":"Ada"}' }), ORIGIN)).toBe(
      `curl -X POST http://localhost:3000/greet -H 'Content-Type: application/json' --data-raw '{"name":"Ada"}'`,
    );
    expect(toCurl(spec({ method: 'POST', path: '/greet', headers: [], bodyType: 'form', form: [newRow('name', "O'Brien")] }), ORIGIN)).toBe(
      `curl -X POST http://localhost:3000/greet -H 'Content-Type: application/x-www-form-urlencoded' --data-raw name=O%27Brien`,
    );
  });

  it('multipart uses --form-string for text and -F @file for files', () => {
    const file = new File(['x'], 'photo.png', { type: 'image/png' });
    const multipart = [newMultipartRow('text', 'name', '@not-a-file'), { ...newMultipartRow('file', 'photo'), file }];
    expect(toCurl(spec({ method: 'POST', path: '/upload', headers: [], bodyType: 'multipart', multipart }), ORIGIN)).toBe(
      `curl -X POST http://localhost:3000/upload --form-string name=@not-a-file -F 'photo=@photo.png;type=image/png'`,
    );
  });
});
