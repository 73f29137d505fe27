import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'POST /greet with a name still answers Hello, Ada!',
    kind: 'observe',
    request: { method: 'POST', path: '/greet', bodyType: 'json', body: { name: 'Ada' } },
    expect: { status: 200, body: 'Hello, Ada!' },
  },
  {
    title: 'POST /greet without a name is a 400 with a JSON error',
    request: { method: 'POST', path: '/greet', bodyType: 'json', body: {} },
    expect: {
      status: 400,
      headers: { 'content-type': 'application/json' },
      json: { is_error: true, status_code: 400, message: 'Missing name.', errors: [] },
    },
  },
  {
    title: 'A browser (Accept: text/html) gets the same error as an HTML page',
    request: { method: 'POST', path: '/greet', bodyType: 'json', body: {}, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } },
    expect: { status: 400, headers: { 'content-type': 'text/html' }, bodyIncludes: ['<html', 'Missing name.'] },
  },
  {
    title: 'A form post with no body at all is a 400',
    request: { method: 'POST', path: '/greet', bodyType: 'form' },
    expect: { status: 400, json: { status_code: 400, message: 'Missing name.' } },
  },
  {
    title: 'Broken JSON is a 400 too, and says what was wrong',
    kind: 'observe',
    request: { method: 'POST', path: '/greet', bodyType: 'text', body: '{"name": Ada', headers: { 'content-type': 'application/json' } },
    expect: { status: 400, json: { is_error: true, status_code: 400 } },
  },
  {
    title: 'After all those errors the server still answers GET /',
    kind: 'observe',
    request: { method: 'GET', path: '/' },
    expect: { status: 200, body: 'Hello, world!' },
  },
]);
