import { version, dependencies, engines } from '../../package.json';
import type { PlaygroundEngine } from '../../runtime/contract/engine-api.ts';
import { siteRoot } from '../../runtime/engine/site-root.ts';
import { tarballName } from '../../runtime/contract/tarball-name.ts';
import { nodeProjectZip, PROJECT_FOLDER } from './node-project.ts';

/** Compiles `files` and builds the Node project's zip; throws with the first problem when it does not compile. */
export async function buildNodeProject(engine: Pick<PlaygroundEngine, 'compile'>, files: Record<string, string>): Promise<Uint8Array> {
  const name = tarballName(version);
  const [compiled, tarball] = await Promise.all([
    engine.compile(files),
    // From the site's own build (cached by the service worker like every other asset): no registry.
    fetch(new URL(name, siteRoot())).then(async (response) => {
      if (!response.ok) throw new Error(`the halo package (${name}) is missing from this site (HTTP ${response.status})`);
      return new Uint8Array(await response.arrayBuffer());
    }),
  ]);
  if (!compiled.ok) {
    const first = compiled.diagnostics.find((d) => d.severity === 'error') ?? compiled.diagnostics[0];
    throw new Error(`the program does not compile${first ? `: ${first.file}:${first.line}: ${first.message}` : ''}`);
  }
  return nodeProjectZip({
    files,
    compiled: compiled.bundle.code,
    tarball: { name, bytes: tarball },
    version,
    pgliteVersion: dependencies['@electric-sql/pglite'],
    graphqlVersion: dependencies.graphql,
    nodeEngines: engines.node,
  });
}

/** Saves `bytes` as a download named `<PROJECT_FOLDER>.zip`. */
export function saveZip(bytes: Uint8Array): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${PROJECT_FOLDER}.zip`;
  link.click();
  // The download has started from the click; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
