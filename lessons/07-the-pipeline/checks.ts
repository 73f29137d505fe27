import { defineChecks } from '../lesson-format.ts';

export default defineChecks([
  {
    title: 'GET /api/stats answers JSON with a visit count',
    request: { method: 'GET', path: '/api/stats' },
    expect: { status: 200, headers: { 'content-type': 'application/json' }, bodyIncludes: '"visits":' },
  },
  {
    title: 'The middleware ran first: x-api-version is 2',
    kind: 'observe',
    request: { method: 'GET', path: '/api/stats' },
    expect: { status: 200, headers: { 'x-api-version': '2' } },
  },
  {
    title: 'Every /api request counts as a visit',
    steps: [
      { request: { method: 'GET', path: '/api/stats' }, expect: { status: 200 }, capture: { before: 'visits' } },
      { request: { method: 'GET', path: '/api/time' }, expect: { status: 200, bodyIncludes: '"now":' } },
      { request: { method: 'GET', path: '/api/stats' }, expect: { status: 200, bodyExcludes: '"visits":{{before}}}' } },
    ],
  },
  {
    title: 'GET /late, added after startServer, never runs: 404',
    kind: 'observe',
    request: { method: 'GET', path: '/late' },
    expect: { status: 404, body: '' },
  },
  {
    title: 'The trace of GET /api/stats: the /api/* handler continues, then the stats route sends its value',
    request: { method: 'GET', path: '/api/stats' },
    expect: {
      status: 200,
      trace: {
        inOrder: [
          { kind: 'route', name: 'ALL /api/*' },
          { kind: 'handler', outcome: 'continue' },
          { kind: 'route', name: 'GET /api/stats' },
          { kind: 'handler', outcome: 'sent' },
        ],
      },
    },
  },
]);
