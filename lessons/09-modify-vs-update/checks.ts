import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'PATCH merges: the fields you do not send stay',
    kind: 'observe',
    steps: [
      { request: { method: 'PUT', path: '/todos/sweep', body: { text: 'Sweep', room: 'kitchen' } }, expect: { status: 200 } },
      { request: { method: 'PATCH', path: '/todos/sweep', body: { done: true } }, expect: { status: 200, json: { id: 'sweep', text: 'Sweep', room: 'kitchen', done: true } } },
    ],
  },
  {
    title: 'PUT replaces: the fields you do not send are gone',
    kind: 'observe',
    steps: [
      { request: { method: 'PUT', path: '/todos/dust', body: { text: 'Dust', room: 'hall' } }, expect: { status: 200 } },
      { request: { method: 'PUT', path: '/todos/dust', body: { text: 'Dust twice' } }, expect: { status: 200, json: { id: 'dust', text: 'Dust twice' }, bodyExcludes: '"room"' } },
    ],
  },
  {
    title: 'POST /todos/:id replaces too',
    kind: 'observe',
    steps: [
      { request: { method: 'PUT', path: '/todos/mop', body: { text: 'Mop', room: 'bath' } }, expect: { status: 200 } },
      { request: { method: 'POST', path: '/todos/mop', body: { text: 'Mop again' } }, expect: { status: 200, json: { id: 'mop', text: 'Mop again' }, bodyExcludes: '"room"' } },
    ],
  },
  {
    title: 'PATCH on a missing id creates the todo with that id',
    kind: 'observe',
    steps: [
      { request: { method: 'DELETE', path: '/todos/fresh-patch' }, expect: {} },
      { request: { method: 'PATCH', path: '/todos/fresh-patch', body: { text: 'New' } }, expect: { status: 200, json: { id: 'fresh-patch', text: 'New' } } },
      { request: { method: 'GET', path: '/todos/fresh-patch' }, expect: { status: 200, json: { id: 'fresh-patch', text: 'New' } } },
    ],
  },
  {
    title: 'PUT on a missing id creates the todo with that id',
    kind: 'observe',
    steps: [
      { request: { method: 'DELETE', path: '/todos/fresh-put' }, expect: {} },
      { request: { method: 'PUT', path: '/todos/fresh-put', body: { text: 'New' } }, expect: { status: 200, json: { id: 'fresh-put', text: 'New' } } },
    ],
  },
  {
    title: 'Every answer is the todo as it is now stored',
    kind: 'observe',
    steps: [
      { request: { method: 'PUT', path: '/todos/cook', body: { text: 'Cook' } }, expect: { status: 200 } },
      { request: { method: 'PATCH', path: '/todos/cook', body: { done: true } }, expect: { json: { text: 'Cook', done: true } }, capture: { updated: 'updated_at' } },
      { request: { method: 'GET', path: '/todos/cook' }, expect: { json: { id: 'cook', text: 'Cook', done: true, updated_at: '{{updated}}' } } },
    ],
  },
  {
    title: 'POST /todos/:id/done marks a todo done and keeps its text',
    steps: [
      { request: { method: 'PUT', path: '/todos/plants', body: { text: 'Water the plants' } }, expect: { status: 200 } },
      { request: { method: 'POST', path: '/todos/plants/done' }, expect: { status: 200, json: { id: 'plants', text: 'Water the plants', done: true } } },
    ],
  },
]);
