/**
 * A GraphQL server for the GraphQL bench, in its own process: `halo` (AppHttp, a MapService of 20
 * todos, `graphql(app)` with the derived schema) or `graphql-http` (graphql-http's reference handler
 * on node:http, a graphql-js schema whose `todos` field returns the same records). Both answer
 * `{ todos }` with the same JSON.
 */
import { createServer } from 'node:http';
import { GraphQLObjectType, GraphQLSchema } from 'graphql';
import * as graphqlJs from 'graphql';
import { createHandler } from 'graphql-http/lib/use/http';
import { App, AppHttp, MapService, graphql } from '../../runtime/node/index.ts';
import { jsonScalar } from '../../runtime/framework/providers/graphql/json-scalar.ts';
import { serveBenchChild } from './bench-child.ts';

/** The records both servers answer. */
export const TODOS = Array.from({ length: 20 }, (_, i) => ({ text: `todo ${i}`, done: i % 2 === 0, id: String(i + 1) }));

async function start(kind: string): Promise<number> {
  if (kind === 'halo') {
    const app = new App();
    const todos = new MapService({ autoIdAndDateFields: false });
    app.use('/todos', todos);
    for (const todo of TODOS) await todos.create(todo);
    graphql(app);
    const http = new AppHttp(app);
    await http.startServer('127.0.0.1', 0);
    return Number(new URL(http.uri).port);
  }
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { todos: { type: jsonScalar(graphqlJs), resolve: async () => TODOS } } }),
  });
  const handler = createHandler({ schema });
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/graphql')) return void handler(req, res);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

serveBenchChild(await start(process.argv[2] ?? 'halo'));
