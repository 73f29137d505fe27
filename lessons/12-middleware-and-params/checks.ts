import { defineChecks } from 'halo/course';

const ada = { 'x-user': 'ada' };

export default defineChecks([
  {
    title: 'POST /notes as ada stores owner ada, reached via rest',
    request: { method: 'POST', path: '/notes', headers: ada, body: { text: 'Hi' } },
    expect: { status: 201, json: { text: 'Hi', owner: 'ada', via: 'rest' } },
  },
  {
    title: 'A note created by the server itself has no provider and no user: via server, owner nobody',
    request: { method: 'GET', path: '/welcome' },
    expect: { status: 200, json: { text: 'Welcome!', owner: 'nobody', via: 'server' } },
  },
  {
    title: 'Your own code passes params directly: GET /welcome/grace stores owner grace',
    request: { method: 'GET', path: '/welcome/grace' },
    expect: { status: 200, json: { text: 'Welcome!', owner: 'grace', via: 'server' } },
  },
  {
    title: 'The middleware refuses POST /notes without an x-user header: 401',
    kind: 'observe',
    request: { method: 'POST', path: '/notes', body: { text: 'Hi' } },
    expect: { status: 401, json: { message: 'Send an x-user header.' } },
  },
  {
    title: 'The trace of POST /notes as ada: identify ran before notes.create, which stored owner ada',
    request: { method: 'POST', path: '/notes', headers: ada, body: { text: 'Traced' } },
    expect: {
      status: 201,
      json: { owner: 'ada' },
      trace: {
        inOrder: [
          { kind: 'middleware', name: 'identify', outcome: 'continue' },
          { kind: 'service', name: 'notes.create' },
        ],
      },
    },
  },
]);
