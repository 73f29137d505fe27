import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'GET / answers Hello, world!',
    request: { method: 'GET', path: '/' },
    expect: { status: 200, body: 'Hello, world!' },
  },
  {
    title: 'The greeting is plain text',
    kind: 'observe',
    request: { method: 'GET', path: '/' },
    expect: { headers: { 'content-type': 'text/plain' } },
  },
]);
