import { defineChecks } from '../lesson-format.ts';

export default defineChecks([
  {
    title: 'GET /health answers {"status":"ok"} as JSON',
    request: { method: 'GET', path: '/health' },
    expect: { status: 200, headers: { 'content-type': 'application/json' }, json: { status: 'ok' } },
  },
  {
    title: 'GET /health tells the uptime in seconds',
    request: { method: 'GET', path: '/health' },
    expect: { status: 200, bodyIncludes: '"uptime_s":' },
  },
  {
    title: 'GET / answers Hello, world!',
    request: { method: 'GET', path: '/' },
    expect: { status: 200, body: 'Hello, world!' },
  },
  {
    title: 'A path with no route is a 404 with an empty body',
    request: { method: 'GET', path: '/nowhere' },
    expect: { status: 404, body: '' },
  },
]);
