import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'GET /health answers {"status":"ok"} as JSON',
    request: { method: 'GET', path: '/health' },
    expect: { status: 200, headers: { 'content-type': 'application/json' }, json: { status: 'ok' } },
  },
  {
    title: 'GET /health names the address the server listens on (server.uri)',
    request: { method: 'GET', path: '/health' },
    expect: { status: 200, bodyIncludes: '"uri":"http://localhost:' },
  },
  {
    title: 'GET / answers Hello, world!',
    kind: 'observe',
    request: { method: 'GET', path: '/' },
    expect: { status: 200, body: 'Hello, world!' },
  },
  {
    title: 'A path with no route is a 404 with an empty body',
    kind: 'observe',
    request: { method: 'GET', path: '/nowhere' },
    expect: { status: 404, body: '' },
  },
]);
