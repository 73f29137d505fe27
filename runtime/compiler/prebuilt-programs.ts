/**
 * Programs compiled when the site is built (lesson starters and solutions, templates, the example): the
 * page runs them without waiting for esbuild-wasm, which is only needed once the learner edits.
 * The build writes each bundle to `assets/prebuilt/<id>.js` (see runtime/build/prebuilt-programs-plugin.ts).
 */
import ids from 'virtual:halo-prebuilt';
import type { CompileResult } from '../contract/engine-api.ts';
import { inputHash } from './compile.ts';

const PREBUILT = new Set<string>(ids);

/** The build-time bundle of exactly these files, or null when they were not prebuilt (or cannot be fetched). */
export async function prebuiltProgram(files: Record<string, string>, entry: string): Promise<CompileResult | null> {
  if (PREBUILT.size === 0) return null;
  const started = performance.now();
  const id = await inputHash(files, entry);
  if (!PREBUILT.has(id)) return null;
  try {
    // This module is bundled into a chunk of `assets/`, next to the `prebuilt/` folder.
    const response = await fetch(new URL(/* @vite-ignore */ `./prebuilt/${id}.js`, import.meta.url));
    if (!response.ok) return null;
    return { ok: true, durationMs: performance.now() - started, warnings: [], bundle: { code: await response.text(), id }, cached: true };
  } catch {
    return null;
  }
}
