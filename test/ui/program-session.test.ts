import { describe, expect, it, vi } from 'vitest';
import { ProgramSession } from '../../web/engine/program-session.ts';
import { compileStatus } from '../../web/editor/status-line.tsx';
import { FakeEngine } from './fake-engine.ts';
import { RunHeldError } from '../../web/engine/run-held-error.ts';

describe('compile-and-run session', () => {
  it('runs a good program and reports the compile time', async () => {
    const engine = new FakeEngine();
    const session = new ProgramSession(engine);
    await session.compileNow({ 'main.ts': 'good' });
    expect(engine.runs.map((b) => b.code)).toEqual(['good']);
    expect(session.store.get()).toMatchObject({ phase: 'ok', runningId: 'id:good', durationMs: 5 });
    expect(compileStatus(session.store.get())).toBe('Compiled in 5 ms');
  });

  it('says which programs use PgService: only those may take the database opened ahead', async () => {
    const engine = new FakeEngine();
    const session = new ProgramSession(engine);
    await session.compileNow({ 'main.ts': "import { App, MapService } from 'halo';" });
    await session.compileNow({ 'main.ts': "import { App, PgService } from 'halo';" });
    expect(engine.runOptions.map((options) => options.usesDatabase)).toEqual([false, true]);
  });

  it('keeps the last good program running while the code is broken', async () => {
    const engine = new FakeEngine();
    const session = new ProgramSession(engine);
    await session.compileNow({ 'main.ts': 'good' });
    await session.compileNow({ 'main.ts': 'x\nBROKEN' });
    expect(engine.runs).toHaveLength(1);
    const state = session.store.get();
    expect(state).toMatchObject({ phase: 'error', runningId: 'id:good' });
    expect(state.diagnostics[0]).toMatchObject({ line: 2, message: 'Unexpected "BROKEN"' });
    expect(compileStatus(state)).toBe('1 error — the last good program keeps running');
  });

  it("keeps the last good build's JavaScript, without its source map, for the JavaScript tab", async () => {
    const engine = new FakeEngine();
    const session = new ProgramSession(engine);
    expect(session.store.get().output).toBeNull();
    await session.compileNow({ 'main.ts': 'console.log(1);\n//# sourceMappingURL=data:application/json;base64,e30=\n' });
    expect(session.store.get().output).toBe('console.log(1);\n');
    await session.compileNow({ 'main.ts': 'BROKEN' });
    expect(session.store.get().output).toBe('console.log(1);\n');
  });

  it('an edit that leaves the build unchanged does not restart the program; Run always does', async () => {
    vi.useFakeTimers();
    try {
      const engine = new FakeEngine();
      const session = new ProgramSession(engine, 300);
      await session.compileNow({ 'main.ts': 'same' });
      session.schedule({ 'main.ts': 'same' });
      await vi.advanceTimersByTimeAsync(400);
      expect(engine.compiles).toBe(2);
      expect(engine.runs).toHaveLength(1);
      // Run with the same bundle: a stuck program must get a fresh start.
      await session.compileNow({ 'main.ts': 'same' });
      expect(engine.runs).toHaveLength(2);
      session.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a crash inside the compiler becomes a message, not an exception', async () => {
    const engine = new FakeEngine();
    engine.crash = new Error('esbuild exploded');
    const session = new ProgramSession(engine);
    await session.compileNow({ 'main.ts': 'good' });
    expect(session.store.get()).toMatchObject({ phase: 'failed', failure: 'esbuild exploded' });
    expect(compileStatus(session.store.get())).toBe('Could not compile or run: esbuild exploded');
  });

  it("a run held for the learner's click is a neutral wait, not a failure", async () => {
    const engine = new FakeEngine();
    engine.run = () => Promise.reject(new RunHeldError('Shared code runs only after you click “Run shared code”.'));
    const session = new ProgramSession(engine);
    await session.compileNow({ 'main.ts': 'shared' });
    expect(session.store.get()).toMatchObject({ phase: 'waiting', runningId: null });
    expect(compileStatus(session.store.get())).toBe('Waiting for your click: Shared code runs only after you click “Run shared code”.');
  });

  it('debounces edits and ignores results of older compiles', async () => {
    vi.useFakeTimers();
    try {
      const engine = new FakeEngine();
      const session = new ProgramSession(engine, 300);
      session.schedule({ 'main.ts': 'a' });
      session.schedule({ 'main.ts': 'ab' });
      session.schedule({ 'main.ts': 'abc' });
      await vi.advanceTimersByTimeAsync(400);
      expect(engine.compiles).toBe(1);
      expect(engine.runs.map((b) => b.code)).toEqual(['abc']);
      session.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('edits while typing', () => {
  it('compile at once, without waiting for a pause in the typing', async () => {
    vi.useFakeTimers();
    try {
      const engine = new FakeEngine();
      const session = new ProgramSession(engine);
      await session.compileNow({ 'main.ts': 'a' });
      session.schedule({ 'main.ts': 'ab' });
      await vi.advanceTimersByTimeAsync(1);
      expect(engine.runs.map((b) => b.code)).toEqual(['a', 'ab']);
      session.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('supersede a compile still running: its result is dropped and only the newest edit compiles after it', async () => {
    const engine = new FakeEngine();
    const compile = engine.compile.bind(engine);
    const held: (() => void)[] = [];
    engine.compile = async (files) => {
      await new Promise<void>((resolve) => held.push(resolve));
      return compile(files);
    };
    const session = new ProgramSession(engine);
    session.schedule({ 'main.ts': 'a' });
    await expect.poll(() => held.length).toBe(1);
    // Keystrokes landing while 'a' compiles: none reaches the compiler yet.
    session.schedule({ 'main.ts': 'ab' });
    session.schedule({ 'main.ts': 'abc' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(held).toHaveLength(1);
    held[0]();
    await expect.poll(() => held.length).toBe(2);
    held[1]();
    await expect.poll(() => session.store.get().runningId).toBe('id:abc');
    expect(engine.compiles).toBe(2);
    expect(engine.runs.map((b) => b.code)).toEqual(['abc']);
  });

  it('a program handed over is the running one once started, even while a newer edit compiles', async () => {
    const engine = new FakeEngine();
    const compile = engine.compile.bind(engine);
    const run = engine.run.bind(engine);
    let compiled!: () => void;
    let started!: () => void;
    engine.compile = async (files) => {
      if (files['main.ts'] === 'ab') await new Promise<void>((resolve) => (compiled = resolve));
      return compile(files);
    };
    engine.run = async (bundle) => {
      await new Promise<void>((resolve) => (started = resolve));
      return run(bundle);
    };
    const session = new ProgramSession(engine);
    session.schedule({ 'main.ts': 'a' });
    await expect.poll(() => started).toBeTypeOf('function');
    session.schedule({ 'main.ts': 'ab' });
    await expect.poll(() => compiled).toBeTypeOf('function');
    started();
    await expect.poll(() => session.store.get().runningId).toBe('id:a');
    expect(session.store.get().phase).toBe('compiling');
    compiled();
    session.dispose();
  });

  it('Run compiles what the editor holds: an edit waiting for an older compile is not compiled again', async () => {
    const engine = new FakeEngine();
    const compile = engine.compile.bind(engine);
    let release!: () => void;
    engine.compile = async (files) => {
      if (files['main.ts'] === 'a') await new Promise<void>((resolve) => (release = resolve));
      return compile(files);
    };
    const session = new ProgramSession(engine);
    session.schedule({ 'main.ts': 'a' });
    await expect.poll(() => release).toBeTypeOf('function');
    session.schedule({ 'main.ts': 'ab' });
    const run = session.compileNow({ 'main.ts': 'ab' });
    release();
    await run;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(engine.runs.map((b) => b.code)).toEqual(['ab']);
    expect(engine.compiles).toBe(2);
  });
});

describe('before the engine is ready', () => {
  it('says it is starting, then compiles; a failed start is reported', async () => {
    const engine = new FakeEngine();
    let release!: () => void;
    engine.ready = new Promise<void>((resolve) => (release = resolve));
    const session = new ProgramSession(engine);
    const compiling = session.compileNow({ 'main.ts': 'good' });
    expect(compileStatus(session.store.get())).toBe('Starting the compiler…');
    release();
    await compiling;
    expect(session.store.get().phase).toBe('ok');

    const broken = new FakeEngine();
    broken.ready = Promise.reject(new Error('service workers are not available'));
    const failing = new ProgramSession(broken);
    await failing.compileNow({ 'main.ts': 'good' });
    expect(compileStatus(failing.store.get())).toBe('Could not compile or run: service workers are not available');
  });
});

describe('a program that never finishes starting', () => {
  it('is replaced by the next build, even when that build equals the last good one', async () => {
    const engine = new FakeEngine();
    const session = new ProgramSession(engine);
    await session.compileNow({ 'main.ts': 'good' });
    const run = engine.run.bind(engine);
    engine.run = (bundle) => (bundle.code === 'loops' ? new Promise(() => undefined) : run(bundle));
    void session.compileNow({ 'main.ts': 'loops' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await session.compileNow({ 'main.ts': 'good' });
    expect(engine.runs.map((b) => b.code)).toEqual(['good', 'good']);
    expect(session.store.get()).toMatchObject({ phase: 'ok', runningId: 'id:good' });
  });
});
