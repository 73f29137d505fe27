import { afterAll, beforeAll } from 'vitest';
import { servePage } from '../embed-page.ts';
import { distDir } from './paths.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

/** The build on its server and a stranger's page on another site's. */
export interface EmbedServers {
  build: StaticServer;
  host: Awaited<ReturnType<typeof servePage>>;
}

/**
 * Serves the built site and a page made by `page(buildUrl)` (on localhost, the build on 127.0.0.1) before this test
 * file's tests, closing both after them; the fields are set from then on.
 */
export function serveBuildAndPage(page: (buildUrl: string) => string): EmbedServers {
  const servers = {} as EmbedServers;
  beforeAll(async () => {
    servers.build = await serveStatic(distDir());
    servers.host = await servePage(() => page(servers.build.url));
  });
  afterAll(async () => {
    await servers.host?.close();
    await servers.build?.close();
  });
  return servers;
}
