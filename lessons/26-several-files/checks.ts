import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'GET /planets/earth reads a planet through the service that planets.service.ts exports',
    kind: 'observe',
    request: { method: 'GET', path: '/planets/earth' },
    expect: { status: 200, json: { id: 'earth', name: 'Earth', moons: 1 } },
  },
  {
    title: 'GET /planets/earth/text answers Earth has 1 moon.',
    request: { method: 'GET', path: '/planets/earth/text' },
    expect: { status: 200, body: 'Earth has 1 moon.' },
  },
  {
    title: 'GET /planets/mars/text answers Mars has 2 moons.',
    request: { method: 'GET', path: '/planets/mars/text' },
    expect: { status: 200, body: 'Mars has 2 moons.' },
  },
  {
    title: 'GET /planets/pluto/text is the service’s 404',
    request: { method: 'GET', path: '/planets/pluto/text' },
    expect: { status: 404, bodyIncludes: 'No planet pluto.' },
  },
]);
