import { App } from '../framework/app.ts';

/**
 * Sends a few requests through a throwaway App, so a spare worker has the framework's request path
 * compiled before the learner's first request needs it (every worker is a fresh JavaScript engine).
 * The App is never registered, logs nothing and is dropped afterwards.
 */
export async function warmUpFramework(): Promise<void> {
  const app = new App();
  app.get('/items/:id', (req, res) => res.write(req.params.id));
  app.post('/items', async (req) => {
    await req.parseBody();
    return req.bodyAsMap;
  });
  const origin = 'http://warm-up.invalid';
  await app.fetch(new Request(`${origin}/items/1?x=1`, { headers: { accept: 'text/plain' } }));
  await app.fetch(new Request(`${origin}/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }));
  await app.fetch(new Request(`${origin}/items`, { method: 'POST', body: new URLSearchParams({ a: '1' }) }));
  await app.fetch(new Request(`${origin}/missing`));
}
