import type { GraphQLFieldConfig, GraphQLFieldConfigMap, GraphQLSchema } from 'graphql';
import type { App } from '../../app.ts';
import type { GraphQLContext, ServiceResolver } from './graphql-resolvers.ts';
import { resolveMethod } from './graphql-resolvers.ts';
import { jsonScalar } from './json-scalar.ts';

type GraphQL = typeof import('graphql');
type Fields = GraphQLFieldConfigMap<unknown, GraphQLContext>;

/**
 * The schema of every service mounted on `app`, named after its path (`/todos` → `todos`,
 * `/api/todos` → `api_todos`). Records are `JSON`, as services hold maps of any shape:
 * queries `todos(query)` (index) and `todosRead(id, query)`; mutations `todosCreate(data, query)`,
 * `todosModify(id, data, query)`, `todosUpdate(id, data, query)`, `todosRemove(id, query)` (a
 * null id means "no id", as `DELETE /todos`).
 */
export function deriveSchema(graphql: GraphQL, app: App): GraphQLSchema {
  const { GraphQLID, GraphQLNonNull, GraphQLObjectType, GraphQLSchema } = graphql;
  const json = jsonScalar(graphql);
  const query: Fields = {};
  const mutation: Fields = {};
  const field = (
    resolve: ServiceResolver,
    args: Record<string, 'id' | 'id!' | 'data' | 'query'>,
    description: string,
  ): GraphQLFieldConfig<unknown, GraphQLContext> => ({
    type: json,
    description,
    args: Object.fromEntries(
      Object.entries(args).map(([name, kind]) => [
        name,
        {
          type:
            kind === 'id!' ? new GraphQLNonNull(GraphQLID) : kind === 'id' ? GraphQLID : kind === 'data' ? new GraphQLNonNull(json) : json,
        },
      ]),
    ),
    resolve: resolve as GraphQLFieldConfig<unknown, GraphQLContext>['resolve'],
  });
  for (const [path] of app.services()) {
    const name = fieldName(path);
    query[name] = field(resolveMethod(path, 'index'), { query: 'query' }, `index of ${path}`);
    query[`${name}Read`] = field(resolveMethod(path, 'read'), { id: 'id!', query: 'query' }, `read of ${path}`);
    mutation[`${name}Create`] = field(resolveMethod(path, 'create'), { data: 'data', query: 'query' }, `create on ${path}`);
    mutation[`${name}Modify`] = field(resolveMethod(path, 'modify'), { id: 'id', data: 'data', query: 'query' }, `modify on ${path}`);
    mutation[`${name}Update`] = field(resolveMethod(path, 'update'), { id: 'id', data: 'data', query: 'query' }, `update on ${path}`);
    mutation[`${name}Remove`] = field(resolveMethod(path, 'remove'), { id: 'id', query: 'query' }, `remove on ${path}`);
  }
  // A schema needs a query type with a field, even for an app without services.
  if (Object.keys(query).length === 0) query._services = { type: json, resolve: () => [] };
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: query }),
    mutation: Object.keys(mutation).length > 0 ? new GraphQLObjectType({ name: 'Mutation', fields: mutation }) : undefined,
  });
}

/** A GraphQL name for a mount path: `/api/todos` → `api_todos`. */
function fieldName(path: string): string {
  const name = path.replace(/^\/+|\/+$/g, '').replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(name) ? name : `_${name}`;
}
