import { defineChecks } from 'halo/course';

const todo = { filename: 'todo.txt', content: 'Buy milk\nSweep\nCall Grace', contentType: 'text/plain' };

export default defineChecks([
  {
    title: 'POST /upload with one file describes it',
    request: { method: 'POST', path: '/upload', bodyType: 'multipart', body: { title: 'Chores', notes: todo } },
    expect: { status: 200, body: 'Chores\ntodo.txt: 25 bytes, 3 lines\n' },
  },
  {
    title: 'POST /upload with two files writes one line each, in order',
    request: {
      method: 'POST',
      path: '/upload',
      bodyType: 'multipart',
      body: { first: todo, second: { filename: 'shopping.md', content: '# Shopping\n- milk' } },
    },
    expect: { status: 200, body: 'Untitled\ntodo.txt: 25 bytes, 3 lines\nshopping.md: 17 bytes, 2 lines\n' },
  },
  {
    title: 'POST /upload without a file is a 400',
    request: { method: 'POST', path: '/upload', bodyType: 'multipart', body: { title: 'Nothing' } },
    expect: { status: 400, json: { message: 'Attach at least one file.' } },
  },
]);
