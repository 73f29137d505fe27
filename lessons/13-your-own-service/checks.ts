import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'GET /planets lists the planets',
    kind: 'observe',
    request: { method: 'GET', path: '/planets' },
    expect: { status: 200, bodyIncludes: ['"name":"Earth"', '"name":"Mars"'] },
  },
  {
    title: 'GET /planets/earth reads one planet',
    request: { method: 'GET', path: '/planets/earth' },
    expect: { status: 200, json: { id: 'earth', name: 'Earth', moons: 1 } },
  },
  {
    title: 'GET /planets/pluto is a 404 that names the id',
    request: { method: 'GET', path: '/planets/pluto' },
    expect: { status: 404, json: { is_error: true }, bodyIncludes: 'pluto' },
  },
  {
    title: 'POST /planets is a 405: the service does not create',
    kind: 'observe',
    request: { method: 'POST', path: '/planets', body: { name: 'Pluto' } },
    expect: { status: 405 },
  },
  {
    title: 'GET /compare/earth/mars reads both with readMany, in order',
    request: { method: 'GET', path: '/compare/earth/mars' },
    expect: { status: 200, json: [{ name: 'Earth' }, { name: 'Mars' }] },
  },
  {
    title: 'GET /with-moons/2 finds Mars with findOne',
    kind: 'observe',
    request: { method: 'GET', path: '/with-moons/2' },
    expect: { status: 200, json: { name: 'Mars' } },
  },
  {
    title: 'GET /with-moons/7 finds nothing: 404',
    kind: 'observe',
    request: { method: 'GET', path: '/with-moons/7' },
    expect: { status: 404 },
  },
]);
