import type { BuildFailure, Message, OutputFile } from 'esbuild-wasm/esm/browser.js';
import type { CompileResult, Diagnostic } from '../contract/engine-api.ts';
import { toDiagnostic } from './diagnostics.ts';
import { LEARNER_NAMESPACE, fileKey, learnerFiles } from './learner-files.ts';

/** The part of esbuild's API the compiler uses (the browser build in a worker, the Node build in tests). */
export interface Esbuild {
  build: typeof import('esbuild-wasm/esm/browser.js').build;
}

/** What to compile. */
export interface CompileInput {
  files: Record<string, string>;
  entry: string;
  /** Names the `halo` module exports at run time. */
  haloExports: readonly string[];
}

const OUTFILE = 'program.js';

/** Bundles the learner's files into one ES module with an inline source map, or returns diagnostics. */
export async function compileProgram(esbuild: Esbuild, input: CompileInput): Promise<CompileResult> {
  const started = performance.now();
  const entry = fileKey(input.entry);
  const elapsed = (): number => performance.now() - started;
  if (!(entry in normalizedKeys(input.files))) {
    return {
      ok: false,
      durationMs: elapsed(),
      diagnostics: [{ file: entry, line: 1, column: 1, message: `The program has no file "${entry}".`, severity: 'error' }],
    };
  }
  try {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      // Below ES2023 so esbuild lowers standard (TC39) decorators, which browsers do not run natively yet.
      target: 'es2022',
      charset: 'utf8',
      write: false,
      outfile: OUTFILE,
      sourcemap: 'external',
      sourcesContent: true,
      logLevel: 'silent',
      tsconfigRaw: { compilerOptions: { experimentalDecorators: false, useDefineForClassFields: true } },
      plugins: [learnerFiles(input.files, input.haloExports)],
    });
    const warnings = result.warnings.map((w) => toDiagnostic(w, 'warning', entry));
    const code = withInlineMap(result.outputFiles);
    return { ok: true, durationMs: elapsed(), warnings, bundle: { code, id: await inputHash(input.files, entry) } };
  } catch (error) {
    if (!isBuildFailure(error)) throw error;
    const diagnostics: Diagnostic[] = [
      ...error.errors.map((e) => toDiagnostic(e, 'error', entry)),
      ...error.warnings.map((w) => toDiagnostic(w, 'warning', entry)),
    ];
    return { ok: false, durationMs: elapsed(), diagnostics };
  }
}

function normalizedKeys(files: Record<string, string>): Record<string, true> {
  return Object.fromEntries(Object.keys(files).map((name) => [fileKey(name), true]));
}

/** The bundle with its source map inlined, and the map's sources named as the learner's file keys. */
function withInlineMap(outputs: OutputFile[]): string {
  const js = outputs.find((file) => file.path.endsWith('.js'));
  const map = outputs.find((file) => file.path.endsWith('.js.map'));
  if (!js) throw new Error('esbuild produced no JavaScript output.');
  const code = js.text.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  if (!map) return code;
  const parsed = JSON.parse(map.text) as { sources: string[] };
  parsed.sources = parsed.sources.map((source) => fileKey(source.replace(`${LEARNER_NAMESPACE}:`, '')));
  const base64 = bytesToBase64(new TextEncoder().encode(JSON.stringify(parsed)));
  return `${code}//# sourceMappingURL=data:application/json;base64,${base64}\n`;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A content hash of the inputs (and `salt`), so equal sources give equal ids. */
export async function inputHash(files: Record<string, string>, entry: string, salt = ''): Promise<string> {
  const canonical = JSON.stringify([salt, fileKey(entry), Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical));
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function isBuildFailure(error: unknown): error is BuildFailure {
  const errors = (error as { errors?: Message[] } | null)?.errors;
  return Array.isArray(errors);
}
