import { defineChecks } from 'halo/course';
import type { CheckRequest, JsonValue } from 'halo/course';

/** A GraphQL request: the query and its variables as the JSON body of POST /graphql. */
const gql = (query: string, variables?: { [name: string]: JsonValue }): CheckRequest => ({ method: 'POST', path: '/graphql', body: variables ? { query, variables } : { query } });

export default defineChecks([
  {
    title: 'POST /books still creates a book over REST',
    kind: 'observe',
    request: { method: 'POST', path: '/books', body: { title: 'Dune', year: 1965 } },
    expect: { status: 201, json: { title: 'Dune', year: 1965 } },
  },
  {
    title: 'A GraphQL mutation creates a book, and a query reads it back by id',
    steps: [
      {
        request: gql('mutation ($book: JSON!) { booksCreate(data: $book) }', { book: { title: 'Neuromancer', year: 1984 } }),
        expect: { status: 200, json: { data: { booksCreate: { title: 'Neuromancer', year: 1984 } } } },
        capture: { id: 'data.booksCreate.id' },
      },
      { request: gql('query ($id: ID!) { booksRead(id: $id) }', { id: '{{id}}' }), expect: { status: 200, json: { data: { booksRead: { title: 'Neuromancer' } } } } },
    ],
  },
  {
    title: 'Query operators travel in variables: the first book from before 1970',
    steps: [
      { request: { method: 'POST', path: '/books', body: { title: 'Solaris', year: 1961 } }, expect: { status: 201 } },
      {
        request: gql('query ($q: JSON) { books(query: $q) }', { q: { year: { $lt: 1970 }, $sort: { year: 1 }, $limit: 1 } }),
        expect: { status: 200, json: { data: { books: [{ title: 'Solaris', year: 1961 }] } } },
      },
    ],
  },
  {
    title: 'A query that asks for something the schema does not have is a 400 with "errors"',
    request: gql('{ authors }'),
    expect: { status: 400, json: { errors: [{ message: 'Cannot query field "authors" on type "Query".' }] } },
  },
]);
