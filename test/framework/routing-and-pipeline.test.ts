import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '../../runtime/framework/app.ts';
import { Router } from '../../runtime/framework/routing/router.ts';
import type { Handler } from '../../runtime/framework/handler.ts';
import { transports } from '../support/transports.ts';

function buildApp(): App {
  const app = new App();
  app.get('/hello', (req, res) => {
    res.write('Hello');
  });
  app.addRoute('PUT', '/verb', () => 'put');
  app.post('/verb', () => 'post');
  app.patch('/verb', () => 'patch');
  app.delete('/verb', () => 'delete');
  app.options('/verb', () => 'options');
  app.head('/verb', (req, res) => {
    res.headers['x-head'] = 'yes';
    res.write('never sent');
  });
  app.all('/any', (req) => req.method);

  // Pipeline: middleware returning true continues, then the route's handler.
  const trace: Handler = (req, res) => {
    res.write('mw;');
    return true;
  };
  app.get('/pipe', (req, res) => res.write('handler'), [trace]);
  app.get('/stop-undefined', () => undefined);
  app.get('/stop-undefined', (req, res) => res.write('never'));
  app.get('/stop-false', () => false);
  app.get('/stop-false', (req, res) => res.write('never'));
  app.get('/continue', (req, res) => {
    res.write('first;');
    return true;
  });
  app.get('/continue', (req, res) => res.write('second'));
  app.get('/json', (req, res) => {
    res.statusCode = 202;
    return { ok: true, list: [1, 2] };
  });
  app.get('/json-string', () => 'world');
  app.get('/text-then-json', (req, res) => {
    res.write('Hello, world!');
    return { a: 1 };
  });
  app.get('/async', async (req, res) => {
    await new Promise((r) => setTimeout(r, 5));
    res.write('awaited;');
    return true;
  });
  app.get('/async', async () => ({ done: true }));
  app.get('/closed', (req, res) => {
    res.write('closed');
    res.close();
    return true;
  });
  app.get('/closed', (req, res) => res.write('never'));
  app.get('/redirect', (req, res) => res.redirect('/hello'));
  app.get('/redirect-301', (req, res) => res.redirect('/hello', 301));
  app.get('/res-json', (req, res) => res.json({ via: 'json' }));
  app.get('/writeln', (req, res) => {
    res.writeln('a');
    res.writeln();
    res.write(42);
  });
  app.get('/headers-out', (req, res) => {
    res.headers['x-custom'] = 'v';
    res.headers['content-type'] = 'text/csv';
    res.write('a,b');
  });
  app.get('/users/:id', (req) => ({ id: req.params.id }));
  app.get('/num/:n([0-9]+)', (req) => ({ n: req.params.n }));
  app.get('/files/*', (req) => ({ path: req.path }));

  // Composition.
  const api = new Router();
  api.get('/items/:id', (req) => ({ item: req.params.id }));
  app.mount('/api', api);
  app.group(
    '/admin',
    (router) => {
      router.get('/stats', (req, res) => res.write('stats'));
    },
    [
      (req, res) => {
        res.write('group-mw;');
        return true;
      },
    ],
  );
  const outer = app.chain([
    (req, res) => {
      res.write('a;');
      return true;
    },
  ]);
  outer
    .chain([
      (req, res) => {
        res.write('b;');
        return true;
      },
    ])
    .get('/chained', (req, res) => res.write('handler'));
  return app;
}

for (const transport of transports) {
  describe(`routing and pipeline — ${transport.name}`, () => {
    let send: (path: string, init?: RequestInit) => Promise<Response>;
    let stop: () => Promise<void>;
    beforeAll(async () => ({ send, stop } = await transport.start(buildApp())));
    afterAll(() => stop());

    async function text(path: string, init?: RequestInit): Promise<[number, string, Response]> {
      const r = await send(path, init);
      return [r.status, await r.text(), r];
    }

    it('answers a GET route with text/plain', async () => {
      const [status, body, r] = await text('/hello');
      expect(status).toBe(200);
      expect(body).toBe('Hello');
      expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    });

    it('routes by method: put, post, patch, delete, options, addRoute', async () => {
      for (const method of ['PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS']) {
        expect(await (await send('/verb', { method })).json()).toBe(method.toLowerCase());
      }
      expect((await send('/verb')).status).toBe(404);
    });

    it('HEAD answers with headers and no body', async () => {
      const r = await send('/verb', { method: 'HEAD' });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-head')).toBe('yes');
      expect(await r.text()).toBe('');
    });

    it('all() answers every method', async () => {
      expect(await (await send('/any', { method: 'PATCH' })).json()).toBe('PATCH');
      expect(await (await send('/any')).json()).toBe('GET');
    });

    it('matches only the whole path; slashes around it do not matter; the query never takes part', async () => {
      expect((await text('/hello/'))[1]).toBe('Hello');
      expect((await text('/hello?x=1'))[1]).toBe('Hello');
      expect((await send('/hello/world')).status).toBe(404);
      expect((await send('/hell')).status).toBe(404);
    });

    it('an unknown path is a 404 with an empty body', async () => {
      const [status, body] = await text('/nowhere');
      expect(status).toBe(404);
      expect(body).toBe('');
    });

    it('middleware returning true continues to the handler', async () => {
      expect((await text('/pipe'))[1]).toBe('mw;handler');
    });

    it('undefined and false stop the pipeline', async () => {
      expect((await text('/stop-undefined'))[1]).toBe('');
      expect((await text('/stop-false'))[1]).toBe('');
    });

    it('all matching routes run in registration order', async () => {
      expect((await text('/continue'))[1]).toBe('first;second');
    });

    it('any other return value is sent as JSON, keeping the status', async () => {
      const r = await send('/json');
      expect(r.status).toBe(202);
      expect(r.headers.get('content-type')).toBe('application/json');
      expect(await r.text()).toBe('{"ok":true,"list":[1,2]}');
      expect(await (await send('/json-string')).text()).toBe('"world"');
    });

    it('a returned value is appended after text already written', async () => {
      expect((await text('/text-then-json'))[1]).toBe('Hello, world!{"a":1}');
    });

    it('awaits promises returned by handlers', async () => {
      expect((await text('/async'))[1]).toBe('awaited;{"done":true}');
    });

    it('close() ends the response and skips later handlers', async () => {
      expect((await text('/closed'))[1]).toBe('closed');
    });

    it('redirect() sets location and 302 (or the given code)', async () => {
      const r = await send('/redirect', { redirect: 'manual' });
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe('/hello');
      expect((await send('/redirect-301', { redirect: 'manual' })).status).toBe(301);
    });

    it('res.json() sends JSON', async () => {
      const r = await send('/res-json');
      expect(r.headers.get('content-type')).toBe('application/json');
      expect(await r.json()).toEqual({ via: 'json' });
    });

    it('writeln appends a line feed; write stringifies', async () => {
      expect((await text('/writeln'))[1]).toBe('a\n\n42');
    });

    it('handlers set response headers and the content type', async () => {
      const r = await send('/headers-out');
      expect(r.headers.get('x-custom')).toBe('v');
      expect(r.headers.get('content-type')).toBe('text/csv');
    });

    it('captures params, regex params and wildcard paths', async () => {
      expect(await (await send('/users/J%C3%BCrgen')).json()).toEqual({ id: 'Jürgen' });
      expect(await (await send('/num/12')).json()).toEqual({ n: '12' });
      expect((await send('/num/1x')).status).toBe(404);
      expect(await (await send('/files/a/b.txt')).json()).toEqual({ path: '/files/a/b.txt' });
    });

    it('mount() serves a router under a prefix', async () => {
      expect(await (await send('/api/items/7')).json()).toEqual({ item: '7' });
    });

    it("group() runs the group's middleware", async () => {
      expect((await text('/admin/stats'))[1]).toBe('group-mw;stats');
    });

    it('chain() prepends middleware, and chains nest', async () => {
      expect((await text('/chained'))[1]).toBe('a;b;handler');
    });
  });
}

describe('routes added after the server started', () => {
  it('never run, and a warning names the route', async () => {
    const app = new App();
    app.get('/early', (req, res) => res.write('early'));
    app.freeze();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    app.get('/late', (req, res) => res.write('late'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('GET /late'));
    warn.mockRestore();
    expect((await app.fetch(new Request('http://x/late'))).status).toBe(404);
    expect(await (await app.fetch(new Request('http://x/early'))).text()).toBe('early');
  });

  it('fallback() replaces the empty 404', async () => {
    const app = new App();
    app.get('/a', (req, res) => res.write('a'));
    app.fallback((req, res) => {
      res.statusCode = 404;
      res.write(`Unknown path: "${req.path}"`);
    });
    const r = await app.fetch(new Request('http://x/zzz'));
    expect(r.status).toBe(404);
    expect(await r.text()).toBe('Unknown path: "/zzz"');
  });
});
