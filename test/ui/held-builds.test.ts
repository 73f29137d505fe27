import { describe, expect, it } from 'vitest';
import { ProgramSession } from '../../web/engine/program-session.ts';
import { compileStatus } from '../../web/editor/status-line.tsx';
import { messageWithoutStack } from '../../web/editor/console-store.ts';
import { programRoutes } from '../../web/lessons/program-routes.ts';
import { FakeEngine } from './fake-engine.ts';

describe('builds with new type errors', () => {
  it('are held while typing, keep errors the running program already had, and run on demand', async () => {
    const engine = new FakeEngine();
    const session = new ProgramSession(engine, 0);
    let errors: string[] = ['old @ starter line'];
    session.setTypeErrorCheck(async () => ({ files: { 'main.ts': 'any' }, errors }));
    await session.compileNow({ 'main.ts': 'starter' });
    const typed = async (code: string) => {
      session.schedule({ 'main.ts': code });
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await typed('starter edited');
    expect(engine.runs.map((b) => b.code)).toEqual(['starter', 'starter edited']);
    errors = ['old @ starter line', "Property 'app' does not exist @ app."];
    await typed('half typed');
    expect(engine.runs).toHaveLength(2);
    expect(session.store.get()).toMatchObject({ phase: 'held', runningId: 'id:starter edited', heldErrors: 1 });
    expect(compileStatus(session.store.get())).toMatch(/^1 type error in your edits — the last good program keeps running/);
    await session.compileNow({ 'main.ts': 'half typed' });
    expect(engine.runs.map((b) => b.code)).toContain('half typed');
    expect(session.store.get().phase).toBe('ok');
  });

  it('are held when the checker first answers for code the learner already changed (a slow machine)', async () => {
    const engine = new FakeEngine();
    const session = new ProgramSession(engine, 0);
    await session.compileNow({ 'main.ts': 'starter' });
    // The editor mounts after the first program ran; its first check comes back for the edited text.
    const edited = { files: { 'main.ts': 'app.get(42)' }, errors: ['number is not assignable to string @ app.get(42)'] };
    session.setTypeErrorCheck(async () => edited);
    session.schedule(edited.files);
    await expect.poll(() => session.store.get().phase).toBe('held');
    expect(session.store.get()).toMatchObject({ runningId: 'id:starter', heldErrors: 1 });
    expect(engine.runs.map((b) => b.code)).toEqual(['starter']);

    // When the first check is for the code that runs, its errors (a starter's TODOs) are accepted.
    const fresh = new ProgramSession(new FakeEngine(), 0);
    await fresh.compileNow({ 'main.ts': 'starter' });
    fresh.setTypeErrorCheck(async () => ({ files: { 'main.ts': 'starter' }, errors: ['TODO @ starter'] }));
    fresh.schedule({ 'main.ts': 'starter edited' });
    await expect.poll(() => fresh.store.get().runningId).toBe('id:starter edited');
  });

  it('are type-checked while they compile, not after: an edit waits for the slower of the two', async () => {
    const engine = new FakeEngine();
    const session = new ProgramSession(engine, 0);
    await session.compileNow({ 'main.ts': 'starter' });
    const compile = engine.compile.bind(engine);
    let finishCompile: (() => void) | null = null;
    engine.compile = async (files) => {
      await new Promise<void>((resolve) => (finishCompile = resolve));
      return compile(files);
    };
    let checks = 0;
    session.setTypeErrorCheck(async () => {
      checks += 1;
      return { files: { 'main.ts': 'starter edited' }, errors: [] };
    });
    checks = 0; // the check the editor's mount asks for itself
    session.schedule({ 'main.ts': 'starter edited' });
    // The compile is held: the check has been asked all the same.
    await expect.poll(() => finishCompile !== null && checks === 1).toBe(true);
    finishCompile!();
    await expect.poll(() => session.store.get().runningId).toBe('id:starter edited');
    expect(checks).toBe(1);
  });

  it("run at once when the site's build compiled them (Use solution), without waiting for the type check", async () => {
    const engine = new FakeEngine();
    const session = new ProgramSession(engine, 0);
    await session.compileNow({ 'main.ts': 'starter' });
    const compile = engine.compile.bind(engine);
    engine.compile = async (files) => {
      const result = await compile(files);
      return result.ok && files['main.ts'] === 'solution' ? { ...result, prebuilt: true } : result;
    };
    // A check that has not answered yet, and would hold the build if it had (an error the starter did not have).
    let answer: (errors: string[]) => void = () => undefined;
    session.setTypeErrorCheck(() => new Promise((resolve) => (answer = (errors) => resolve({ files: { 'main.ts': 'solution' }, errors }))));
    session.schedule({ 'main.ts': 'solution' });
    await expect.poll(() => session.store.get().runningId).toBe('id:solution');
    // Its errors, once known, are the accepted ones: an edit that keeps them runs.
    answer(['unused @ solution']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    session.setTypeErrorCheck(async () => ({ files: { 'main.ts': 'solution edited' }, errors: ['unused @ solution'] }));
    session.schedule({ 'main.ts': 'solution edited' });
    await expect.poll(() => session.store.get().runningId).toBe('id:solution edited');
  });

  it('say so while the database engine loads for the first PgService program', async () => {
    const engine = new FakeEngine();
    const session = new ProgramSession(engine);
    const seen: (string | null)[] = [];
    session.store.subscribe(() => seen.push(session.store.get().starting));
    await session.compileNow({ 'main.ts': "import { App, PgService } from 'halo';" });
    await session.compileNow({ 'main.ts': "import { PgService } from 'halo';\n// again" });
    await session.compileNow({ 'main.ts': '// PgService only in a comment' });
    expect(seen.filter(Boolean)).toEqual(['database', 'database-again', 'program']);
  });

  it('say nothing of the database engine when the database was opened ahead for the run', async () => {
    const engine = new FakeEngine();
    engine.databaseAhead = { status: 'open', opened: 1, taken: 0 };
    const session = new ProgramSession(engine);
    const seen: (string | null)[] = [];
    session.store.subscribe(() => seen.push(session.store.get().starting));
    await session.compileNow({ 'main.ts': "import { App, PgService } from 'halo';" });
    expect(seen.filter(Boolean)).toEqual(['program']);
  });
});

describe('console messages', () => {
  it('drop the stack frames an entry repeats below', () => {
    const stack = 'Error: boom\n    at explode (main.ts:6:9)\n    at ae (http://x/assets/server-worker-AB.js:2:7430)';
    const entry = { level: 'error' as const, text: `[halo] GET /boom failed with 500: ${stack}`, stack, time: 0 };
    expect(messageWithoutStack(entry)).toBe('[halo] GET /boom failed with 500: Error: boom');
    expect(messageWithoutStack({ level: 'log', text: 'plain', time: 0 })).toBe('plain');
  });
});

describe('free playground notes', () => {
  it('list the routes and services a program declares, in order', () => {
    const code = "app.get('/', h);\nconst todos = app.use('/todos', new MapService());\napp.post(`/greet`, h);";
    expect(programRoutes(code)).toEqual(['GET /', '/todos and /todos/:id (a service)', 'POST /greet']);
  });
});
