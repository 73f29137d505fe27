import { App } from 'halo';
import { HELLO_TEXT, ROUTES, jsonPayload, paramPayload, postPayload } from '../workloads.ts';

/** The benchmark workloads as a Halo app (served over node:http and called in-process). */
export function createHaloApp(): App {
  const app = new App();
  app.get(ROUTES.text, (_req, res) => {
    res.write(HELLO_TEXT);
  });
  app.get(ROUTES.json, () => jsonPayload());
  app.get(ROUTES.param, (req) => paramPayload(req.params.id));
  app.post(ROUTES.post, async (req) => {
    await req.parseBody();
    return postPayload(req.bodyAsMap);
  });
  return app;
}
