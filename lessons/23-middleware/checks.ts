import { defineChecks } from 'halo/course';

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
    title: 'GET /api itself is no /api/… path: the middleware does not run, 404',
    kind: 'observe',
    request: { method: 'GET', path: '/api' },
    expect: { status: 404, headers: { 'x-api-version': null } },
  },
]);
