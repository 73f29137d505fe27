/**
 * Stands in for msw's cookie store in the playground build (see msw-cookie-store-plugin.ts). msw's own
 * store reads and writes the page's localStorage and pulls in a public-suffix list (tough-cookie,
 * tldts: ~60 % of the engine chunk). The playground answers with plain Responses, which msw's store
 * never records, so it held nothing; this one holds nothing either and never touches the page's storage.
 */
export const cookieStore = {
  /** No cookies are ever stored for a mocked origin. */
  getCookies(_url: string): { key: string; value: string }[] {
    return [];
  },
  /** Ignores a mocked response's Set-Cookie (msw only records those of its own HttpResponse). */
  async setCookie(_cookie: string, _url: string): Promise<void> {},
};
