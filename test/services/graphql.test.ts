/**
 * The GraphQL provider over real sockets and app.fetch: the schema derived from mounted services
 * (queries, mutations with provider graphql, hooks and middleware as for REST), a user-written
 * schema with resolveIndex/resolveRead, and errors in the GraphQL format with the HttpException
 * status in extensions.
 */
import { GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { describe, expect, it } from 'vitest';
import { App, graphql, HttpException, MapService, MemoryService, resolveIndex, resolveRead } from '../../runtime/framework/index.ts';
import type { Handler, ServiceParams } from '../../runtime/framework/index.ts';
import { transports } from '../support/transports.ts';

type Json = Record<string, unknown>;

function derivedApp(seen: ServiceParams[]): App {
  const app = new App();
  app.use('/todos', new MemoryService()).before(['created', 'modified', 'updated', 'removed'], (e) => void seen.push(e.params));
  const requireUser: Handler = (req) => {
    if (!req.header('x-user')) throw HttpException.notAuthenticated({ message: 'Who are you?' });
    return true;
  };
  app.chain([requireUser]).use('/api/secrets', new MapService());
  graphql(app);
  return app;
}

for (const transport of transports) {
  describe(`GraphQL provider over ${transport.name}`, () => {
    async function withApp(
      app: App,
      test: (
        gql: (
          query: string,
          variables?: Json,
          init?: { method?: string; headers?: Record<string, string> },
        ) => Promise<{ status: number; body: Json }>,
      ) => Promise<void>,
    ): Promise<void> {
      const host = await transport.start(app);
      const gql = async (query: string, variables?: Json, init: { method?: string; headers?: Record<string, string> } = {}) => {
        const method = init.method ?? 'POST';
        const response =
          method === 'GET'
            ? await host.send(
                `/graphql?${new URLSearchParams({ query, ...(variables ? { variables: JSON.stringify(variables) } : {}) })}`,
                { headers: init.headers },
              )
            : await host.send('/graphql', {
                method,
                headers: { 'content-type': 'application/json', ...init.headers },
                body: JSON.stringify({ query, variables }),
              });
        return { status: response.status, body: (await response.json()) as Json };
      };
      try {
        await test(gql);
      } finally {
        await host.stop();
      }
    }

    it('derives queries and mutations from the mounted services; mutations carry provider graphql', async () => {
      const seen: ServiceParams[] = [];
      await withApp(derivedApp(seen), async (gql) => {
        const created = await gql('mutation ($d: JSON!) { todosCreate(data: $d) }', { d: { text: 'a', n: 1 } });
        expect(created).toMatchObject({ status: 200, body: { data: { todosCreate: { text: 'a', n: 1, id: 0 } } } });
        await gql('mutation { todosCreate(data: { text: "b", n: 2 }) }');
        // Operator names start with `$`, which GraphQL literals cannot spell: they travel in variables.
        expect((await gql('query ($q: JSON) { todos(query: $q) }', { q: { n: { $gt: 1 } } })).body).toEqual({
          data: { todos: [{ text: 'b', n: 2, id: 1 }] },
        });
        expect((await gql('{ todos(query: { n: 1 }) }')).body).toEqual({ data: { todos: [{ text: 'a', n: 1, id: 0 }] } });
        expect((await gql('{ todosRead(id: 0) }', undefined, { method: 'GET' })).body).toEqual({
          data: { todosRead: { text: 'a', n: 1, id: 0 } },
        });
        expect((await gql('mutation { todosModify(id: 0, data: { done: true }) }')).body).toMatchObject({
          data: { todosModify: { text: 'a', done: true } },
        });
        expect((await gql('mutation { todosUpdate(id: 0, data: { text: "A" }) }')).body).toEqual({
          data: { todosUpdate: { id: 0, text: 'A' } },
        });
        expect((await gql('mutation { todosRemove(id: 0) }')).body).toEqual({ data: { todosRemove: { id: 0, text: 'A' } } });
        expect(seen.map((p) => p.provider?.via)).toEqual(['graphql', 'graphql', 'graphql', 'graphql', 'graphql']);
      });
    });

    it('answers a failed call in the GraphQL format with the HttpException in extensions; middleware runs as for REST', async () => {
      await withApp(derivedApp([]), async (gql) => {
        const missing = await gql('{ todosRead(id: 7) }');
        expect(missing.status).toBe(200);
        expect(missing.body).toMatchObject({
          data: { todosRead: null },
          errors: [
            { message: 'No record found for ID 7', path: ['todosRead'], extensions: { status_code: 404, is_error: true, errors: [] } },
          ],
        });
        const refused = await gql('{ api_secrets }');
        expect(refused.body).toMatchObject({ errors: [{ message: 'Who are you?', extensions: { status_code: 401 } }] });
        expect((await gql('{ api_secrets }', undefined, { headers: { 'x-user': 'ann' } })).body).toEqual({ data: { api_secrets: [] } });
      });
    });

    it('refuses what cannot run: syntax or validation errors 400, no query 400, a mutation over GET 405', async () => {
      await withApp(derivedApp([]), async (gql) => {
        const syntax = await gql('{ todos(');
        expect(syntax.status).toBe(400);
        expect((syntax.body.errors as Json[])[0].message).toMatch(/^Syntax Error/);
        expect((await gql('{ nope }')).status).toBe(400);
        expect((await gql('')).status).toBe(400);
        const viaGet = await gql('mutation { todosCreate(data: {}) }', undefined, { method: 'GET' });
        expect(viaGet).toMatchObject({ status: 405, body: { errors: [{ extensions: { status_code: 405 } }] } });
        expect((await gql('{ todos }')).body).toEqual({ data: { todos: [] } });
      });
    });

    it('serves a user-written schema whose resolvers call services with resolveIndex/resolveRead', async () => {
      const app = new App();
      const books = app.use('/books', new MapService());
      await books.create({ title: 'Dune' });
      const Book = new GraphQLObjectType({
        name: 'Book',
        fields: { id: { type: new GraphQLNonNull(GraphQLString) }, title: { type: GraphQLString } },
      });
      const schema = new GraphQLSchema({
        query: new GraphQLObjectType({
          name: 'Query',
          fields: {
            books: { type: new GraphQLList(Book), resolve: resolveIndex(books) },
            book: { type: Book, args: { id: { type: new GraphQLNonNull(GraphQLString) } }, resolve: resolveRead(books) },
          },
        }),
      });
      graphql(app, { schema });
      await withApp(app, async (gql) => {
        expect((await gql('{ books { id title } book(id: "0") { title } }')).body).toEqual({
          data: { books: [{ id: '0', title: 'Dune' }], book: { title: 'Dune' } },
        });
        expect((await gql('{ book(id: "9") { title } }')).body).toMatchObject({
          data: { book: null },
          errors: [{ extensions: { status_code: 404 } }],
        });
      });
    });
  });
}
