import { defineChecks } from 'halo/course';

const OOPS = 'Oops! You forgot to include your name.';

export default defineChecks([
  {
    title: 'A form post to /greet with no body gets your own 400 text',
    request: { method: 'POST', path: '/greet', bodyType: 'form' },
    expect: { status: 400, body: OOPS },
  },
  {
    title: 'A JSON post without a name gets your 400 text too',
    request: { method: 'POST', path: '/greet', bodyType: 'json', body: { age: 36 } },
    expect: { status: 400, body: OOPS },
  },
  {
    title: 'Other errors go to the previous handler: a text/plain body is a 415 JSON error',
    kind: 'observe',
    request: { method: 'POST', path: '/greet', bodyType: 'text', body: 'Ada' },
    expect: { status: 415, json: { is_error: true, status_code: 415 } },
  },
  {
    title: 'With a name, /greet still answers Hello, Ada!',
    kind: 'observe',
    request: { method: 'POST', path: '/greet', bodyType: 'form', body: { name: 'Ada' } },
    expect: { status: 200, body: 'Hello, Ada!' },
  },
  {
    title: 'A path with no route is still an empty 404',
    kind: 'observe',
    request: { method: 'GET', path: '/nowhere' },
    expect: { status: 404, body: '' },
  },
]);
