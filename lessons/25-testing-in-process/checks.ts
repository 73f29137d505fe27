import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'GET /greet?name=Ada answers Hello, Ada!',
    kind: 'observe',
    request: { method: 'GET', path: '/greet?name=Ada' },
    expect: { status: 200, body: 'Hello, Ada!' },
  },
  {
    title: 'GET /greet without a name answers 400 Missing name.',
    request: { method: 'GET', path: '/greet' },
    expect: { status: 400, json: { message: 'Missing name.' } },
  },
  {
    title: 'GET /tests reports two tests, both passing',
    request: { method: 'GET', path: '/tests' },
    expect: { status: 200, json: { passed: 2, failed: [] } },
  },
]);
