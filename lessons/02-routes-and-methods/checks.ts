import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'POST /lamp switches the lamp on, and GET /lamp says so',
    kind: 'observe',
    steps: [
      { request: { method: 'POST', path: '/lamp' }, expect: { status: 200, body: 'Switched on.' } },
      { request: { method: 'GET', path: '/lamp' }, expect: { status: 200, body: 'The lamp is on.' } },
    ],
  },
  {
    title: 'DELETE /lamp switches the lamp off',
    steps: [
      { request: { method: 'DELETE', path: '/lamp' }, expect: { status: 200, body: 'Switched off.' } },
      { request: { method: 'GET', path: '/lamp' }, expect: { body: 'The lamp is off.' } },
    ],
  },
  {
    title: 'PATCH /lamp toggles the lamp',
    steps: [
      { request: { method: 'DELETE', path: '/lamp' }, expect: { status: 200 } },
      { request: { method: 'PATCH', path: '/lamp' }, expect: { status: 200, body: 'Toggled on.' } },
      { request: { method: 'PATCH', path: '/lamp' }, expect: { status: 200, body: 'Toggled off.' } },
    ],
  },
  {
    title: 'HEAD /lamp tells the state in the x-lamp header',
    steps: [
      { request: { method: 'POST', path: '/lamp' }, expect: { status: 200 } },
      { request: { method: 'HEAD', path: '/lamp' }, expect: { status: 200, headers: { 'x-lamp': 'on' }, body: '' } },
    ],
  },
  {
    title: 'GET /lamp/help (added with addRoute) lists the routes',
    request: { method: 'GET', path: '/lamp/help' },
    expect: { status: 200, bodyIncludes: ['DELETE /lamp', 'PATCH /lamp'] },
  },
  {
    title: 'GET /lamps is not /lamp: 404 with an empty body',
    kind: 'observe',
    request: { method: 'GET', path: '/lamps' },
    expect: { status: 404, body: '' },
  },
  {
    title: 'GET /lamp/extra matches no route either: 404 with an empty body',
    kind: 'observe',
    request: { method: 'GET', path: '/lamp/extra' },
    expect: { status: 404, body: '' },
  },
  {
    title: 'PUT /lamp has no route: 404',
    kind: 'observe',
    request: { method: 'PUT', path: '/lamp' },
    expect: { status: 404, body: '' },
  },
]);
