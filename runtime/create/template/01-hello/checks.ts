import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'GET /hello answers { "hello": "world" }',
    request: { method: 'GET', path: '/hello' },
    expect: { status: 200, json: { hello: 'world' } },
  },
]);
