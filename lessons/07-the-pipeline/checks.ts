import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'GET /books answers the list as JSON',
    request: { method: 'GET', path: '/books' },
    expect: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      json: [{ title: 'Dune' }, { title: 'Neuromancer' }, { title: 'Kindred' }],
    },
  },
  {
    title: 'GET /books/count answers the number 3 as JSON',
    request: { method: 'GET', path: '/books/count' },
    expect: { status: 200, headers: { 'content-type': 'application/json' }, body: '3' },
  },
  {
    title: 'GET /late, added after startServer, never runs: 404',
    kind: 'observe',
    request: { method: 'GET', path: '/late' },
    expect: { status: 404, body: '' },
  },
  {
    title: 'The trace of GET /books: the handler returned the list, and the pipeline sent it',
    request: { method: 'GET', path: '/books' },
    expect: { status: 200, trace: { inOrder: [{ kind: 'route', name: 'GET /books' }, { kind: 'handler', outcome: 'sent' }] } },
  },
]);
