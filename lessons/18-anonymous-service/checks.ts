import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'GET /celsius/100 converts 100 °C to 212 °F',
    kind: 'observe',
    request: { method: 'GET', path: '/celsius/100' },
    expect: { status: 200, json: { id: '100', celsius: 100, fahrenheit: 212 } },
  },
  {
    title: 'POST /celsius converts 212 °F back to 100 °C, with a 201',
    request: { method: 'POST', path: '/celsius', body: { fahrenheit: 212 } },
    expect: { status: 201, json: { fahrenheit: 212, celsius: 100 } },
  },
  {
    title: 'POST /celsius rounds to one decimal: 100 °F is 37.8 °C',
    request: { method: 'POST', path: '/celsius', bodyType: 'form', body: { fahrenheit: '100' } },
    expect: { status: 201, json: { fahrenheit: 100, celsius: 37.8 } },
  },
  {
    title: 'POST /celsius without a number is a 400 that names fahrenheit',
    request: { method: 'POST', path: '/celsius', body: { fahrenheit: 'hot' } },
    expect: { status: 400, json: { is_error: true }, bodyIncludes: 'fahrenheit' },
  },
  {
    title: 'DELETE /celsius/100 is a 405: there is no remove',
    kind: 'observe',
    request: { method: 'DELETE', path: '/celsius/100' },
    expect: { status: 405 },
  },
]);
