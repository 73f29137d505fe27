/**
 * GraphQL over HTTP conformance: every server audit of the `graphql-http` package (MUST, SHOULD and
 * MAY) against the GraphQL provider, over a real socket and over app.fetch.
 */
import { auditServer } from 'graphql-http';
import { describe, expect, it } from 'vitest';
import { App, graphql, MemoryService } from '../../runtime/framework/index.ts';
import { transports } from '../support/transports.ts';

function auditedApp(): App {
  const app = new App();
  app.use('/todos', new MemoryService());
  graphql(app);
  return app;
}

describe.each(transports)('graphql-http server audits via $name', (transport) => {
  it('all pass', async () => {
    const host = await transport.start(auditedApp());
    try {
      const base = 'http://halo.test';
      const results = await auditServer({
        url: `${base}/graphql`,
        fetchFn: (input: RequestInfo | URL, init?: RequestInit) =>
          host.send((input instanceof Request ? input.url : input.toString()).slice(base.length), init),
      });
      const failures = results
        .filter((result) => result.status !== 'ok')
        .map((result) => `${result.id} ${result.name}: ${'reason' in result ? result.reason : ''}`);
      expect(failures).toEqual([]);
      expect(results.length).toBeGreaterThan(40);
    } finally {
      await host.stop();
    }
  });
});
