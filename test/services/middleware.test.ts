import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppHttp } from '../../runtime/node/index.ts';
import { openSocket } from '../support/socket-client.ts';

// vitest's transform (oxc) does not lower standard decorators, and Node 20 cannot run them, so the
// decorated program is compiled here by esbuild-wasm — the playground's compiler — and then served.
const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = join(root, 'test/services/fixtures/decorated-app.ts');
// Inside the repo so that the bundle's external imports (qs, busboy) resolve from node_modules.
const outDir = join(root, 'node_modules/.cache/halo-services-test');
const outFile = join(outDir, `decorated-app-${process.pid}.mjs`);

let http: AppHttp;

beforeAll(async () => {
  const result = await esbuild.build({
    entryPoints: [fixture],
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    write: false,
    target: 'node20',
  });
  expect(result.errors).toEqual([]);
  await mkdir(outDir, { recursive: true });
  await writeFile(outFile, result.outputFiles[0].text);
  const program = (await import(pathToFileURL(outFile).href)) as { start(): Promise<AppHttp> };
  http = await program.start();
}, 60_000);

afterAll(async () => {
  await http?.close();
  await rm(outFile, { force: true });
  await esbuild.stop();
});

async function traceOf(method: string, path: string): Promise<unknown> {
  const response = await fetch(http.uri + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
  });
  expect(response.ok).toBe(true);
  const body = (await response.json()) as { trace: string[] } | { trace: string[] }[];
  return Array.isArray(body) ? body[0].trace : body.trace;
}

describe('@Middleware compiled by esbuild-wasm, over HTTP', () => {
  it('a TS program with decorators transforms (target es2022) without diagnostics, decorators lowered', async () => {
    const code =
      'import { Middleware, Service } from "halo";\n@Middleware([() => true]) class S extends Service { @Middleware([() => true]) override async read() { return {}; } }';
    // With the default target (esnext) esbuild leaves decorators as they are; browsers cannot run them yet.
    const result = await esbuild.transform(code, { loader: 'ts', target: 'es2022' });
    expect(result.warnings).toEqual([]);
    expect(result.code).not.toContain('@Middleware');
  });

  it('class middleware runs before every route (chain middleware first)', async () => {
    expect(await traceOf('GET', '/traced')).toEqual(['chain', 'class']);
    expect(await traceOf('POST', '/traced')).toEqual(['chain', 'class']);
  });

  it('method middleware runs after class middleware; a plain route registered before use() runs first', async () => {
    expect(await traceOf('GET', '/traced/1')).toEqual(['route before use', 'chain', 'class', 'read']);
  });

  it("update's middleware applies to both POST /:id and PUT /:id, in the order given", async () => {
    expect(await traceOf('POST', '/traced/1')).toEqual(['chain', 'class', 'update-1', 'update-2']);
    expect(await traceOf('PUT', '/traced/1')).toEqual(['chain', 'class', 'update-1', 'update-2']);
  });

  it("class middleware also runs before the service's own routes", async () => {
    expect(await traceOf('GET', '/traced/special/route')).toEqual(['chain', 'class']);
  });

  it("remove's middleware applies to DELETE / and DELETE /:id", async () => {
    expect(await traceOf('DELETE', '/traced')).toEqual(['chain', 'class', 'remove']);
    expect(await traceOf('DELETE', '/traced/1')).toEqual(['chain', 'class', 'remove']);
  });
});

describe('@Middleware over the WebSocket provider', () => {
  it('runs the same middleware, in the same order, as the REST route of each method', async () => {
    const socket = await openSocket(`${http.uri}/ws`);
    try {
      const traceOfCall = async (call: string, fields: Record<string, unknown> = {}) =>
        (await socket.call(call, fields)).result as { trace: string[] } | { trace: string[] }[];
      expect(await traceOfCall('traced.index')).toEqual([{ method: 'index', trace: ['chain', 'class'] }]);
      expect(await traceOfCall('traced.read', { record: '1' })).toEqual({
        method: 'read',
        trace: ['route before use', 'chain', 'class', 'read'],
      });
      expect(await traceOfCall('traced.update', { record: '1', data: {} })).toEqual({
        method: 'update',
        trace: ['chain', 'class', 'update-1', 'update-2'],
      });
      expect(await traceOfCall('traced.remove', { record: '1' })).toEqual({ method: 'remove', trace: ['chain', 'class', 'remove'] });
    } finally {
      socket.close();
    }
  });
});
