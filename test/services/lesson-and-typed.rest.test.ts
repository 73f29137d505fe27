import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, MapService, TypedService } from '../../runtime/framework/index.ts';
import { runProgram } from '../support/run-program.ts';
import type { RunningProgram } from '../support/run-program.ts';
import { serveApp } from '../support/serve-app.ts';

describe('lessons/services/app.ts run with npm run serve', () => {
  let program: RunningProgram;
  beforeAll(async () => {
    program = await runProgram('npm', ['run', 'serve', '--', 'lessons/services/app.ts']);
  }, 40_000);
  afterAll(async () => {
    expect(await program.interrupt()).toBe(0);
  });

  it('POST /todos with JSON answers 201 with "id":"0"', async () => {
    const response = await fetch(`${program.origin}/todos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"text":"a"}',
    });
    expect(response.status).toBe(201);
    expect(await response.text()).toContain('"id":"0"');
    const list = (await (await fetch(`${program.origin}/todos`)).json()) as Record<string, unknown>[];
    expect(list).toMatchObject([{ id: '0', text: 'a', done: false }]);
  });
});

class Note {
  id?: string;
  text = '';
  created_at?: Date;
}

describe('TypedService over HTTP', () => {
  it('serves instances as JSON (dates as ISO strings) and reads bodies into instances', async () => {
    const app = new App();
    const seen: unknown[] = [];
    const notes = app.use('/notes', new TypedService<string, Note>(new MapService(), Note));
    notes.before('created', (e) => void seen.push(e.data));
    const server = await serveApp(app);
    try {
      const response = await fetch(`${server.uri}/notes`, { method: 'POST', body: new URLSearchParams({ text: 'typed' }) });
      expect(response.status).toBe(201);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ text: 'typed', id: '0' });
      expect(new Date(body.created_at as string).toISOString()).toBe(body.created_at);
      expect(seen[0]).toBeInstanceOf(Note);
      expect((await notes.read('0')).created_at).toBeInstanceOf(Date);
    } finally {
      await server.close();
    }
  });
});
