/**
 * `expect.trace` in lesson checks (issue 26): runChecks asks for the trace only for steps that expect
 * something of it, compares steps in order and absent steps, says what ran when it fails, and the check
 * schema accepts the format and names a misspelt kind or outcome.
 */
import { describe, expect, it } from 'vitest';
import { App, decodeTraceHeader, encodeTraceHeader, MapService, TRACE_HEADER, Tracer } from '../../runtime/framework/index.ts';
import { defineChecks } from '../../runtime/course/format/check-format.ts';
import { checkIssues } from '../../runtime/course/format/check-schema.ts';
import { runChecks } from '../../runtime/course/checks/run-checks.ts';

const app = new App();
const todos = app.use('/todos', new MapService());
todos.before('removed', function keepPinned(e) {
  if (e.id === 'pinned') e.cancel({ kept: true });
});

const asked: boolean[] = [];
/** The host's side, as the server worker does it: a request carrying the trace header gets its trace back in it. */
const tracingHost: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const wanted = request.headers.has(TRACE_HEADER);
  asked.push(wanted);
  const tracer = wanted ? new Tracer(request.method, new URL(request.url).pathname) : undefined;
  const response = await app.fetch(request, { tracer });
  if (tracer) response.headers.set(TRACE_HEADER, encodeTraceHeader(tracer.toTrace()));
  return response;
};
const options = { origin: 'http://localhost:3000', fetch: tracingHost };
const cancelled = { inOrder: [{ kind: 'hook' as const, name: 'before removed', outcome: 'cancelled' as const }, { kind: 'method' as const, outcome: 'skipped' as const }] };

describe('trace expectations in checks', () => {
  it('pass when the steps ran in that order, and the trace header is neither a header of the response nor asked for without need', async () => {
    asked.length = 0;
    const [plain, traced] = await runChecks(
      defineChecks([
        { title: 'plain', request: { method: 'GET', path: '/todos' }, expect: { status: 200 } },
        { title: 'cancelled', request: { method: 'DELETE', path: '/todos/pinned' }, expect: { status: 200, trace: cancelled } },
      ]),
      options,
    );
    expect(asked).toEqual([false, true]);
    expect(plain.passed).toBe(true);
    expect(traced.steps[0].failures).toEqual([]);
    expect(traced.steps[0].actual.headers[TRACE_HEADER]).toBeUndefined();
    expect(traced.steps[0].actual.trace?.steps.map((s) => s.kind)).toContain('hook');
  });

  it('fail naming the missing step and what ran instead', async () => {
    await todos.create({ text: 'Temporary' }).then(() => undefined);
    const [result] = await runChecks(
      defineChecks([{ title: 'not cancelled', request: { method: 'DELETE', path: '/todos/0' }, expect: { trace: cancelled } }]),
      options,
    );
    expect(result.passed).toBe(false);
    expect(result.steps[0].failures).toEqual([
      'Expected the trace to show hook "before removed" → cancelled, but it does not. The trace: route DELETE /todos/:id → stop, handler handler → stop, service todos.remove, hook before removed, method remove.',
    ]);
  });

  it('fail when steps ran in the other order, or a step that must be absent ran', async () => {
    const [result] = await runChecks(
      defineChecks([
        {
          title: 'order',
          request: { method: 'DELETE', path: '/todos/pinned' },
          expect: { trace: { inOrder: [{ kind: 'method' }, { kind: 'hook' }], absent: [{ kind: 'error-handler' }, { kind: 'hook', outcome: 'cancelled' }] } },
        },
      ]),
      options,
    );
    expect(result.steps[0].failures).toEqual([
      expect.stringMatching(/^Expected hook after method, but it ran before it\. The trace: route DELETE/),
      expect.stringMatching(/^Expected the trace not to show hook → cancelled, but it does\./),
    ]);
  });

  it('fail clearly when no trace came back', async () => {
    const untraced: typeof fetch = (input, init) => app.fetch(new Request(input, init));
    const [result] = await runChecks(defineChecks([{ title: 'x', request: { method: 'GET', path: '/todos' }, expect: { trace: { inOrder: [{ kind: 'route' }] } } }]), {
      ...options,
      fetch: untraced,
    });
    expect(result.steps[0].failures).toEqual([
      'Expected a trace of the request, but none came back (the playground sends one; on Node, set HALO_TRACE=header).',
    ]);
  });

  it('are part of the check schema, which names a misspelt kind or key', () => {
    const check = { title: 't', request: { method: 'GET', path: '/' }, expect: { trace: cancelled } };
    expect(checkIssues(check)).toEqual([]);
    expect(checkIssues({ ...check, expect: { trace: { inOrder: [{ kind: 'hok' }] } } })).toEqual([expect.stringContaining('"expect.trace.inOrder.0.kind"')]);
    expect(checkIssues({ ...check, expect: { trace: { order: [] } } })).toEqual([expect.stringContaining('is not a key of expect.trace')]);
  });

  it('decode only what is a trace (the header comes from a program)', () => {
    expect(decodeTraceHeader('%7B%22steps%22%3A%5B%5D%7D')).toEqual({ steps: [] });
    expect(decodeTraceHeader('not json')).toBeNull();
    expect(decodeTraceHeader(encodeURIComponent('{"steps":"no"}'))).toBeNull();
  });
});
