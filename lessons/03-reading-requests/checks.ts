import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'GET /headers shows a header you send, with its name in lower case',
    request: { method: 'GET', path: '/headers', headers: { 'X-Favourite-Color': 'teal' } },
    expect: { status: 200, bodyIncludes: 'x-favourite-color=[teal]' },
  },
  {
    title: 'GET /headers writes one line per header',
    request: { method: 'GET', path: '/headers', headers: { 'X-First': 'one', 'X-Second': 'two' } },
    expect: { bodyIncludes: ['x-first=[one]\n', 'x-second=[two]\n'] },
  },
  {
    title: 'GET /search?q=halo answers You searched for halo.',
    request: { method: 'GET', path: '/search?q=halo' },
    expect: { status: 200, body: 'You searched for halo.' },
  },
  {
    title: 'GET /search without q answers You searched for nothing.',
    request: { method: 'GET', path: '/search' },
    expect: { status: 200, body: 'You searched for nothing.' },
  },
  {
    title: 'GET /users/ada answers Profile of ada.',
    request: { method: 'GET', path: '/users/ada' },
    expect: { status: 200, body: 'Profile of ada.' },
  },
  {
    title: 'GET /users/grace answers Profile of grace.',
    request: { method: 'GET', path: '/users/grace' },
    expect: { status: 200, body: 'Profile of grace.' },
  },
]);
