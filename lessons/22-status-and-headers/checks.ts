import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'POST /books answers 201 Created, a location header and the book as JSON',
    request: { method: 'POST', path: '/books', body: { id: 'kindred', title: 'Kindred', year: 1979 } },
    expect: {
      status: 201,
      headers: { location: '/books/kindred', 'content-type': 'application/json' },
      json: { title: 'Kindred', year: 1979 },
    },
  },
  {
    title: 'GET /books/nope answers 404',
    request: { method: 'GET', path: '/books/nope' },
    expect: { status: 404 },
  },
  {
    title: 'GET /library is redirected to the list at /books',
    request: { method: 'GET', path: '/library' },
    expect: { status: 200, json: { dune: { title: 'Dune' } } },
  },
  {
    title: 'GET /books/dune answers the book as JSON',
    kind: 'observe',
    request: { method: 'GET', path: '/books/dune' },
    expect: { status: 200, json: { title: 'Dune', year: 1965 } },
  },
]);
