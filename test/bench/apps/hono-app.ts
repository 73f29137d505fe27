import { Hono } from 'hono';
import { HELLO_TEXT, ROUTES, jsonPayload, paramPayload, postPayload } from '../workloads.ts';

/** The benchmark workloads as a Hono app (served with @hono/node-server and called in-process). */
export function createHonoApp(): Hono {
  const app = new Hono();
  app.get(ROUTES.text, (c) => c.text(HELLO_TEXT));
  app.get(ROUTES.json, (c) => c.json(jsonPayload()));
  app.get(ROUTES.param, (c) => c.json(paramPayload(c.req.param('id'))));
  app.post(ROUTES.post, async (c) => c.json(postPayload(await c.req.json())));
  return app;
}
