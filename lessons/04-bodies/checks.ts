import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'POST /greet with JSON {"name":"Ada"} answers Hello, Ada!',
    request: { method: 'POST', path: '/greet', bodyType: 'json', body: { name: 'Ada' } },
    expect: { status: 200, body: 'Hello, Ada!' },
  },
  {
    title: 'POST /greet with the form name=Grace answers Hello, Grace!',
    request: { method: 'POST', path: '/greet', bodyType: 'form', body: { name: 'Grace' } },
    expect: { status: 200, body: 'Hello, Grace!' },
  },
  {
    title: 'POST /greet with a multipart name=Linus answers Hello, Linus!',
    request: { method: 'POST', path: '/greet', bodyType: 'multipart', body: { name: 'Linus' } },
    expect: { status: 200, body: 'Hello, Linus!' },
  },
  {
    title: 'POST /greet without a name answers Hello, whoever you are!',
    request: { method: 'POST', path: '/greet', bodyType: 'json', body: {} },
    expect: { status: 200, body: 'Hello, whoever you are!' },
  },
  {
    title: 'GET / still answers Hello, world!',
    kind: 'observe',
    request: { method: 'GET', path: '/' },
    expect: { status: 200, body: 'Hello, world!' },
  },
]);
