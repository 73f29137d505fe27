import { defineChecks } from 'halo/course';

export default defineChecks([
  {
    title: 'GET /people answers the first page: 2 of 5',
    request: { method: 'GET', path: '/people' },
    expect: { status: 200, json: { total: 5, limit: 2, skip: 0, data: [{}, {}] } },
  },
  {
    title: '$sort[name]=1&$limit=3 answers Ada, Alan, Grace',
    request: { method: 'GET', path: '/people?$sort[name]=1&$limit=3' },
    expect: { status: 200, json: { limit: 3, data: [{ name: 'Ada' }, { name: 'Alan' }, { name: 'Grace' }] } },
  },
  {
    title: '$skip=2 answers the second page',
    request: { method: 'GET', path: '/people?$sort[name]=1&$skip=2' },
    expect: { status: 200, json: { skip: 2, data: [{ name: 'Grace' }, { name: 'Linus' }] } },
  },
  {
    title: '$sort[age]=-1&$limit=1 finds the oldest',
    request: { method: 'GET', path: '/people?$sort[age]=-1&$limit=1' },
    expect: { status: 200, json: { data: [{ name: 'Grace', age: 85 }] } },
  },
  {
    title: 'age[$gt]=50 keeps the people over 50',
    request: { method: 'GET', path: '/people?age[$gt]=50&$sort[age]=1' },
    expect: { status: 200, json: { total: 2, data: [{ name: 'Marie' }, { name: 'Grace' }] } },
  },
  {
    title: 'city[$in] keeps the people of London and Paris',
    request: { method: 'GET', path: '/people?city[$in][]=London&city[$in][]=Paris&$limit=10' },
    expect: { status: 200, json: { total: 3 } },
  },
  {
    title: '$select[]=name answers only names (and ids)',
    request: { method: 'GET', path: '/people?$select[]=name&$sort[name]=1&$limit=1' },
    expect: { status: 200, json: { data: [{ name: 'Ada' }] }, bodyExcludes: '"age"' },
  },
  {
    title: 'A client may not ask for more than 10 per page',
    request: { method: 'GET', path: '/people?$limit=100' },
    expect: { status: 200, json: { limit: 10 } },
  },
]);
