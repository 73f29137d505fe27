import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../runtime/framework/app.ts';
import { assertJsonDepth } from '../../runtime/framework/body/json-depth.ts';
import { parseNestedQuery } from '../../runtime/framework/query/nested-query.ts';
import { transports } from '../support/transports.ts';

const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

function nestedJson(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}

function buildApp(options?: ConstructorParameters<typeof App>[0]): App {
  const app = new App(options);
  app.post('/body', async (req) => {
    await req.parseBody();
    const map = req.bodyAsObject as object;
    return { ok: true, keys: Array.isArray(map) ? 'list' : Object.keys(map) };
  });
  app.post('/inspect', async (req) => {
    await req.parseBody();
    const map = req.bodyAsMap;
    const merged: Record<string, unknown> = {};
    for (const key in map) merged[key] = map[key];
    return {
      body: { ...map },
      assignedIsAdmin: (Object.assign({}, map) as { isAdmin?: unknown }).isAdmin ?? null,
      mergedIsAdmin: (merged as { isAdmin?: unknown }).isAdmin ?? null,
      inherited: [typeof map.toString, typeof map.constructor, typeof map.hasOwnProperty, typeof map.__proto__],
    };
  });
  app.get('/query', (req) => ({ query: req.query, keys: Object.keys(req.query) }));
  app.get('/query-inherited', (req) => ['toString', 'constructor', 'hasOwnProperty', '__proto__'].map((name) => typeof req.query[name]));
  app.get('/nested', (req) => parseNestedQuery(req.queryString, req.limits));
  return app;
}

function pollutedAnything(): boolean {
  const probe = {} as Record<string, unknown>;
  return probe.x !== undefined || probe.isAdmin !== undefined || probe.y !== undefined;
}

for (const transport of transports) {
  describe(`body limits and safe keys — ${transport.name}`, () => {
    let send: (path: string, init?: RequestInit) => Promise<Response>;
    let stop: () => Promise<void>;
    beforeAll(async () => ({ send, stop } = await transport.start(buildApp())));
    afterAll(() => stop());

    const postJson = (path: string, body: string) => send(path, { method: 'POST', body, headers: JSON_TYPE });

    it('a JSON body nested ~1,900 deep is a 400 naming the limit', async () => {
      const r = await postJson('/body', nestedJson(1900));
      expect(r.status).toBe(400);
      expect((await r.json()).message).toBe('The JSON body is nested deeper than the limit of 64 levels (App option maxBodyDepth).');
    });

    it('64 levels are accepted, 65 are not; brackets inside strings do not count', async () => {
      expect((await postJson('/body', nestedJson(64))).status).toBe(200);
      expect((await postJson('/body', nestedJson(65))).status).toBe(400);
      const text = JSON.stringify({ text: '['.repeat(500) + '{\\"'.repeat(100) });
      expect(await (await postJson('/body', text)).json()).toEqual({ ok: true, keys: ['text'] });
    });

    it('a short body past the depth that does not parse gets the depth error; one within it, the malformed one', async () => {
      // Bodies of 128 characters or fewer are scanned for depth only once they fail to parse.
      const tooDeep = await postJson('/body', '['.repeat(65));
      expect((await tooDeep.json()).message).toBe('The JSON body is nested deeper than the limit of 64 levels (App option maxBodyDepth).');
      const malformed = await postJson('/body', '['.repeat(64) + ']');
      expect(malformed.status).toBe(400);
      expect((await malformed.json()).message).toMatch(/^Malformed JSON body: /);
    });

    it('JSON keys __proto__, constructor and prototype are dropped at every level', async () => {
      const body =
        '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"prototype":1,' +
        '"a":{"__proto__":{"y":1},"b":[{"constructor":2,"c":3}]},"__pro\\u0074o__":{"isAdmin":true},"name":"Bob"}';
      const r = await postJson('/inspect', body);
      expect(r.status).toBe(200);
      const json = await r.json();
      expect(json.body).toEqual({ a: { b: [{ c: 3 }] }, name: 'Bob' });
      expect(json.assignedIsAdmin).toBeNull();
      expect(json.mergedIsAdmin).toBeNull();
      expect(pollutedAnything()).toBe(false);
    });

    it('bodyAsMap reads inherited names as null: only own keys count', async () => {
      expect((await (await postJson('/inspect', '{}')).json()).inherited).toEqual(['object', 'object', 'object', 'object']);
      const own = await (await postJson('/inspect', '{"toString":1}')).json();
      expect(own.body).toEqual({ toString: 1 });
    });

    it('urlencoded and multipart field names __proto__, constructor and prototype are dropped', async () => {
      const form = new FormData();
      for (const name of ['__proto__', 'constructor', 'prototype', 'name']) form.append(name, 'x');
      const bodies: [BodyInit, Record<string, string>][] = [
        ['__proto__=x&constructor=x&prototype=x&name=x', FORM_TYPE],
        [form, {}],
      ];
      for (const [body, headers] of bodies) {
        const json = await (await send('/inspect', { method: 'POST', body, headers })).json();
        expect(json.body).toEqual({ name: 'x' });
        expect(json.inherited).toEqual(['object', 'object', 'object', 'object']);
      }
      expect(pollutedAnything()).toBe(false);
    });

    it('query keys __proto__, constructor and prototype are dropped, flat and nested', async () => {
      const q = '__proto__=1&constructor=2&prototype=3&ok=4';
      expect(await (await send(`/query?${q}`)).json()).toEqual({ query: { ok: '4' }, keys: ['ok'] });
      expect(await (await send(`/query-inherited?${q}`)).json()).toEqual(['undefined', 'undefined', 'undefined', 'undefined']);
      const nested = '__proto__[x]=1&constructor[prototype][x]=1&a[prototype][y]=2&a[__proto__][y]=2&a[b]=3&l[0][constructor]=1&l[0][c]=5';
      expect(await (await send(`/nested?${nested}`)).json()).toEqual({ a: { b: '3' }, l: [{ c: '5' }] });
      expect(pollutedAnything()).toBe(false);
    });

    it('a query key nested 1,000 deep is a 400 naming the limit; the flat query keeps it as one key', async () => {
      const key = 'a' + '[b]'.repeat(1000);
      const r = await send(`/nested?${key}=1`);
      expect(r.status).toBe(400);
      expect((await r.json()).message).toBe('The query string is nested deeper than the limit of 64 levels (App option maxBodyDepth).');
      expect((await (await send(`/query?${key}=1`)).json()).keys).toEqual([key]);
    });

    it('bad percent-encoding in a nested query is the same 400 as in req.query', async () => {
      for (const path of ['/nested?a[b]=%E0%A4%A', '/query?a[b]=%E0%A4%A', '/nested?a%zz[b]=1']) {
        const r = await send(path);
        expect(r.status).toBe(400);
        expect((await r.json()).message).toMatch(/^Malformed percent-encoding in query string: /);
      }
      expect(await (await send('/nested?a%5Bb%5D=x+y%C3%A9&c[]=1&c[]=2')).json()).toEqual({ a: { b: 'x yé' }, c: ['1', '2'] });
    });

    it('100,000 query parameters get a 4xx, and the server keeps serving', async () => {
      const query = Array.from({ length: 100_000 }, (_, i) => `p${i}=1`).join('&');
      for (const path of ['/query', '/nested']) {
        const r = await send(`${path}?${query}`);
        expect(r.status).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
        await r.text();
      }
      expect((await send('/query?a=1')).status).toBe(200);
    });

    it('a form body with more than 1000 parameters is a 400 naming the limit', async () => {
      const body = Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join('&');
      const r = await send('/body', { method: 'POST', body, headers: FORM_TYPE });
      expect(r.status).toBe(400);
      expect((await r.json()).message).toBe('The form body has more than 1000 parameters (App option maxParameters).');
      const fits = Array.from({ length: 1000 }, (_, i) => `p${i}=1`).join('&');
      expect((await send('/body', { method: 'POST', body: fits, headers: FORM_TYPE })).status).toBe(200);
    });
  });
}

describe('the limits are App options', () => {
  it('maxBodyDepth, maxParameters and queryArrayLimit replace the defaults', async () => {
    const app = buildApp({ maxBodyDepth: 3, maxParameters: 2, queryArrayLimit: 5 });
    const post = (body: string) => app.fetch(new Request('http://x/body', { method: 'POST', body, headers: JSON_TYPE }));
    expect((await post('{"a":{"b":[]}}')).status).toBe(200);
    const deep = await post('{"a":{"b":[[]]}}');
    expect(deep.status).toBe(400);
    expect((await deep.json()).message).toContain('limit of 3 levels');
    expect((await app.fetch(new Request('http://x/query?a=1&b=2'))).status).toBe(200);
    const many = await app.fetch(new Request('http://x/query?a=1&b=2&c=3'));
    expect(many.status).toBe(400);
    expect((await many.json()).message).toBe('The query string has more than 2 parameters (App option maxParameters).');
    expect(await (await app.fetch(new Request('http://x/nested?l[4]=a&m[5]=b'))).json()).toEqual({ l: ['a'], m: { 5: 'b' } });
    expect((await app.fetch(new Request('http://x/nested?a[b][c][d]=1'))).status).toBe(200);
    expect((await app.fetch(new Request('http://x/nested?a[b][c][d][e]=1'))).status).toBe(400);
  });
});

describe('limit options', () => {
  it('must be positive integers', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Infinity]) {
      expect(() => new App({ maxBodyDepth: bad })).toThrow(`App option maxBodyDepth must be a positive integer, got ${bad}.`);
    }
    expect(() => new App({ maxParameters: '10' as unknown as number })).toThrow(RangeError);
    expect(new App({ queryArrayLimit: 5 }).limits).toEqual({ maxBodyDepth: 64, maxParameters: 1000, queryArrayLimit: 5 });
  });
});

describe('assertJsonDepth', () => {
  it('counts brackets after a string that ends in an escaped backslash, not inside strings', () => {
    const deep = '["\\\\",' + nestedJson(3) + ']';
    expect(JSON.parse(deep)).toHaveLength(2);
    expect(() => assertJsonDepth(deep, 4)).not.toThrow();
    expect(() => assertJsonDepth(deep, 3)).toThrow('limit of 3 levels');
    expect(() => assertJsonDepth('["[[[[\\"[[[["]', 1)).not.toThrow();
  });
});
