import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'POST /messages still creates a message over REST',
    kind: 'observe',
    request: { method: 'POST', path: '/messages', body: { text: 'Hello over REST' } },
    expect: { status: 201, json: { text: 'Hello over REST' } },
  },
  {
    title: 'A call over WebSocket is answered with its message id and the result',
    steps: [
      {
        socket: 'alice',
        send: { id: 1, call: 'messages.create', data: { text: 'Hello over WebSocket' } },
        expect: { id: 1, result: { text: 'Hello over WebSocket' } },
        capture: { created: 'result.id' },
      },
      { socket: 'alice', send: { id: 2, call: 'messages.read', record: '{{created}}' }, expect: { id: 2, result: { id: '{{created}}', text: 'Hello over WebSocket' } } },
    ],
  },
  {
    title: 'A message sent by one connection arrives on the other as a "messages created" event',
    steps: [
      { socket: 'bob' },
      { socket: 'alice', send: { id: 1, call: 'messages.create', data: { text: 'Hi Bob' } }, expect: { id: 1 } },
      { socket: 'bob', expect: { event: 'messages created', data: { text: 'Hi Bob' } } },
    ],
  },
  {
    title: 'A change made over REST is pushed to connected clients too',
    steps: [
      { socket: 'carol' },
      { request: { method: 'POST', path: '/messages', body: { text: 'From REST' } }, expect: { status: 201 }, capture: { id: 'id' } },
      { socket: 'carol', expect: { event: 'messages created', data: { id: '{{id}}', text: 'From REST' } } },
      { request: { method: 'DELETE', path: '/messages/{{id}}' }, expect: { status: 200 } },
      { socket: 'carol', expect: { event: 'messages removed', data: { id: '{{id}}' } } },
    ],
  },
]);
