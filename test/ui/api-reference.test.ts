import { describe, expect, it } from 'vitest';
import { findApiEntry } from '../../runtime/contract/api-entry.ts';
import { apiReference } from '../../runtime/build/api-reference-cache.ts';
import { apiIdOfQuickInfo } from '../../web/api/quick-info-id.ts';
import { membersOf, searchApi } from '../../web/api/search-api.ts';

const entries = apiReference();

describe('the API reference', () => {
  it('documents every export of halo from its TSDoc, members included', () => {
    const use = findApiEntry(entries, 'Router.use');
    expect(use?.kind).toBe('method');
    expect(use?.signature).toMatch(/^use<M extends MountedService>\(path: string, service: Mountable<M>\): M$/);
    expect(use?.doc.length).toBeGreaterThan(10);
    expect(findApiEntry(entries, 'HttpException.badRequest')?.signature).toContain('static badRequest(');
    expect(entries.filter((e) => !e.parent && e.doc === '').map((e) => e.id)).toEqual([]);
  }, 120_000);

  it('finds an inherited member through the class it extends', () => {
    expect(findApiEntry(entries, 'App.use')?.id).toBe('Router.use');
    expect(findApiEntry(entries, 'App.nope')).toBeUndefined();
    expect(membersOf(entries, 'App').find((m) => m.entry.id === 'Routable.get')?.from).toBe('Routable');
  });

  it('searches names first, then descriptions, offline', () => {
    expect(searchApi(entries, 'badRequest')[0].id).toBe('HttpException.badRequest');
    expect(searchApi(entries, 'mapservice')[0].id).toBe('MapService');
    expect(searchApi(entries, 'startServer')[0].id).toBe('AppHttp.startServer');
    expect(searchApi(entries, 'zzzz')).toEqual([]);
    expect(searchApi(entries, '').every((e) => !e.parent)).toBe(true);
  });

  it('reads the symbol a TypeScript quick info names', () => {
    expect(apiIdOfQuickInfo('(method) Router.get(path: string, handler: Handler): this')).toBe('Router.get');
    expect(apiIdOfQuickInfo('(method) Service<string, Map<string, unknown>>.index(params?: ServiceParams): Promise<unknown>')).toBe(
      'Service.index',
    );
    expect(apiIdOfQuickInfo('class App')).toBe('App');
    // An imported name: TypeScript says it is an alias.
    expect(apiIdOfQuickInfo('(alias) new AppHttp(app: App, options?: AppHttpOptions): AppHttp\nimport AppHttp')).toBe('AppHttp');
    expect(apiIdOfQuickInfo('(alias) class App\nimport App')).toBe('App');
    expect(apiIdOfQuickInfo('constructor AppHttp(app: App): AppHttp')).toBe('AppHttp');
    expect(apiIdOfQuickInfo('(property) RequestContext.params: Record<string, string>')).toBe('RequestContext.params');
  });
});
