import type { GraphQLScalarType } from 'graphql';

type GraphQL = typeof import('graphql');

/** `JSON`: any JSON value, since service records are maps without a declared shape. */
export function jsonScalar(graphql: GraphQL): GraphQLScalarType {
  return new graphql.GraphQLScalarType({
    name: 'JSON',
    description: 'Any JSON value: a record, a list of records, a page, a query.',
    serialize: (value) => value,
    parseValue: (value) => value,
    parseLiteral: (ast, variables) => graphql.valueFromASTUntyped(ast, variables),
  });
}
