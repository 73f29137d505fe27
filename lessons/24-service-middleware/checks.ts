import { defineChecks } from 'halo/course';

const ada = { 'x-user': 'ada' };

export default defineChecks([
  {
    title: 'POST /notes without an x-user header is refused with a 401',
    request: { method: 'POST', path: '/notes', body: { text: 'Hi' } },
    expect: { status: 401, json: { message: 'Send an x-user header.' } },
  },
  {
    title: 'The class middleware guards every route: GET /notes without x-user is a 401 too',
    request: { method: 'GET', path: '/notes' },
    expect: { status: 401 },
  },
  {
    title: 'POST /notes as ada stores owner ada, reached via rest',
    request: { method: 'POST', path: '/notes', headers: ada, body: { text: 'Hi' } },
    expect: { status: 201, json: { text: 'Hi', owner: 'ada', via: 'rest' } },
  },
  {
    title: 'Only admin may delete a note: ada gets a 403, admin succeeds',
    steps: [
      { request: { method: 'POST', path: '/notes', headers: ada, body: { text: 'Bye' } }, expect: { status: 201 }, capture: { id: 'id' } },
      { request: { method: 'DELETE', path: '/notes/{{id}}', headers: ada }, expect: { status: 403, json: { message: 'Only admin may delete notes.' } } },
      { request: { method: 'DELETE', path: '/notes/{{id}}', headers: { 'x-user': 'admin' } }, expect: { status: 200, json: { id: '{{id}}', text: 'Bye' } } },
    ],
  },
  {
    title: 'A note created by the server itself has no provider: via server',
    kind: 'observe',
    request: { method: 'GET', path: '/welcome' },
    expect: { status: 200, json: { text: 'Welcome!', owner: 'nobody', via: 'server' } },
  },
  {
    title: 'The trace of POST /notes as ada: the identify middleware ran before notes.create',
    request: { method: 'POST', path: '/notes', headers: ada, body: { text: 'Traced' } },
    expect: {
      status: 201,
      trace: { inOrder: [{ kind: 'middleware', name: 'identify', outcome: 'continue' }, { kind: 'service', name: 'notes.create' }] },
    },
  },
]);
