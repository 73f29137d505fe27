/**
 * "Add as check" records the request the panel sent in the check format (web/exchange/request/check-from-spec.ts):
 * read back into the panel (specFromCheck) it is the same request, for every body type.
 */
import { describe, expect, it } from 'vitest';
import { checkRequestOfSpec } from '../../web/exchange/request/check-from-spec.ts';
import { specFromCheck } from '../../web/exchange/request/spec-from-check.ts';
import { defaultRequest, newMultipartRow, newRow, type RequestSpec } from '../../web/exchange/request/request-model.ts';
import { checkIssues } from '../../runtime/course/format/check-schema.ts';

const base = (patch: Partial<RequestSpec>): RequestSpec => ({ ...defaultRequest(), method: 'POST', path: '/todos', ...patch });

describe('checkRequestOfSpec', () => {
  it('records method, path, enabled headers and a JSON body', async () => {
    const spec = base({
      bodyType: 'json',
      json: '{ "text": "Zoë" }',
      headers: [newRow('Accept', '*/*'), { ...newRow('X-Off', '1'), enabled: false }],
    });
    const request = await checkRequestOfSpec(spec);
    expect(request).toEqual({ method: 'POST', path: '/todos', headers: { Accept: '*/*' }, body: { text: 'Zoë' } });
    expect(checkIssues({ title: 't', request, expect: {} })).toEqual([]);
    expect(specFromCheck(request)).toMatchObject({ method: 'POST', path: '/todos', bodyType: 'json', json: '{\n  "text": "Zoë"\n}' });
  });

  it('keeps text that is not JSON as typed, labelled JSON', async () => {
    expect(await checkRequestOfSpec(base({ bodyType: 'json', json: '{ broken', headers: [] }))).toEqual({
      method: 'POST',
      path: '/todos',
      headers: { 'Content-Type': 'application/json' },
      body: '{ broken',
      bodyType: 'text',
    });
  });

  it('records a GraphQL body as its query and variables, and form and multipart bodies as fields', async () => {
    const graphql = await checkRequestOfSpec(
      base({ path: '/graphql', bodyType: 'graphql', graphql: '{ todos }', variables: '{"q":{}}', headers: [] }),
    );
    expect(graphql).toEqual({ method: 'POST', path: '/graphql', body: { query: '{ todos }', variables: { q: {} } } });
    const form = await checkRequestOfSpec(base({ bodyType: 'form', form: [newRow('name', 'Ada')], headers: [] }));
    expect(form).toEqual({ method: 'POST', path: '/todos', body: { name: 'Ada' }, bodyType: 'form' });
    const file = { ...newMultipartRow('file', 'doc', 'a.txt'), file: new File(['hello'], 'a.txt', { type: 'text/plain' }) };
    const multipart = await checkRequestOfSpec(
      base({ bodyType: 'multipart', multipart: [newMultipartRow('text', 'title', 'T'), file], headers: [] }),
    );
    expect(multipart).toEqual({
      method: 'POST',
      path: '/todos',
      body: { title: 'T', doc: { filename: 'a.txt', content: 'hello', contentType: 'text/plain' } },
      bodyType: 'multipart',
    });
    for (const request of [graphql, form, multipart]) expect(checkIssues({ title: 't', request, expect: {} })).toEqual([]);
  });

  it('sends no body with GET', async () => {
    expect(await checkRequestOfSpec(base({ method: 'GET', path: 'todos', bodyType: 'json', headers: [] }))).toEqual({
      method: 'GET',
      path: '/todos',
    });
  });
});
