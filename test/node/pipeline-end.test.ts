/**
 * How the Node adapter ends a request once the app's pipeline has, over real sockets: every way a pipeline can end —
 * synchronously, after an asynchronous handler or a chain of them, through an asynchronous error handler (after a
 * rejection, a throw or a routing error), with no route, and with an asynchronous result JSON cannot hold (the
 * adapter's own last-resort 500) — gives its response once, and the server keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { App, HttpException } from '../../runtime/node/index.ts';
import { rawRequest, serveApp, type ServedApp } from '../support/serve-app.ts';

let served: ServedApp;
let errorHandlerRuns = 0;

beforeAll(async () => {
  const app = new App();
  const later = <T>(value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), 1));
  app.get('/sync', () => ({ at: 'sync' }));
  app.get('/async', async () => later({ at: 'async' }));
  app.get('/chain', async () => later(true));
  app.get('/chain', () => later(true));
  app.get('/chain', (_req, res) => res.write('third'));
  app.get('/rejects', async () => {
    await later(null);
    throw HttpException.conflict({ message: 'later' });
  });
  app.get('/throws', () => {
    throw HttpException.forbidden({ message: 'now' });
  });
  app.get('/big', async () => later({ n: 1n }));
  app.get('/e/:id/z', (req) => ({ id: req.params.id }));
  const defaultHandler = app.errorHandler;
  app.errorHandler = async (e, req, res) => {
    errorHandlerRuns++;
    await later(null);
    res.headers['x-handled'] = 'async';
    return defaultHandler(e, req, res);
  };
  served = await serveApp(app);
});

afterAll(() => served.close());

const get = (path: string) => rawRequest(served.uri, { path });

describe('the end of a pipeline on Node', () => {
  it('sends what synchronous and asynchronous handlers, and a chain of them, answer', async () => {
    expect(JSON.parse((await get('/sync')).body)).toEqual({ at: 'sync' });
    expect(JSON.parse((await get('/async')).body)).toEqual({ at: 'async' });
    const chain = await get('/chain');
    expect([chain.status, chain.body]).toEqual([200, 'third']);
  });

  it('sends what an asynchronous error handler makes of a rejection, a throw and a routing error, once each', async () => {
    errorHandlerRuns = 0;
    for (const [path, status] of [
      ['/rejects', 409],
      ['/throws', 403],
      ['/e/%E0%A4%A/z', 400],
    ] as const) {
      const r = await get(path);
      expect([r.status, r.headers['x-handled']]).toEqual([status, 'async']);
      expect(JSON.parse(r.body)).toMatchObject({ is_error: true, status_code: status });
    }
    expect(errorHandlerRuns).toBe(3);
  });

  it('answers 404 with an empty body when no route matches', async () => {
    const r = await get('/nowhere');
    expect([r.status, r.body]).toEqual([404, '']);
  });

  it('answers an asynchronous result JSON cannot hold with the adapter’s own 500, and keeps serving', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const r = await get('/big');
      expect(r.status).toBe(500);
      expect(JSON.parse(r.body)).toEqual({ is_error: true, status_code: 500, message: '500 Internal Server Error', errors: [] });
      expect(error).toHaveBeenCalledWith('[halo] could not send the response:', expect.any(TypeError));
    } finally {
      error.mockRestore();
    }
    expect((await get('/sync')).status).toBe(200);
  });
});
