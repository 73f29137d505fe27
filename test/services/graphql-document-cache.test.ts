/** The GraphQL provider's cache of parsed and validated queries: reused by query text, bounded in entries and query length. */
import { describe, expect, it } from 'vitest';
import { DocumentCache } from '../../runtime/framework/providers/graphql/document-cache.ts';

describe('DocumentCache', () => {
  it('makes each query once while kept, evicts the least recently used past its limit, and keeps no long query', () => {
    const made: string[] = [];
    const cache = new DocumentCache<string>(2);
    const get = (query: string) => cache.get(query, () => (made.push(query), `checked ${query}`));
    expect(get('{ a }')).toBe('checked { a }');
    get('{ b }');
    get('{ a }');
    expect(made).toEqual(['{ a }', '{ b }']);
    get('{ c }'); // evicts { b }, used least recently
    get('{ a }');
    get('{ b }');
    expect(made).toEqual(['{ a }', '{ b }', '{ c }', '{ b }']);
    const long = `{ ${'x'.repeat(5000)} }`;
    get(long);
    get(long);
    expect(made.filter((q) => q === long)).toHaveLength(2);
  });
});
