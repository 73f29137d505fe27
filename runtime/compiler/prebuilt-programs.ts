/**
 * Programs compiled when the site is built: the page runs them without waiting for esbuild-wasm, which is only needed
 * once the learner edits. The playground's build compiles its templates to `assets/prebuilt/<id>.js` (see
 * runtime/build/prebuilt-programs-plugin.ts); a course build compiles the lessons' starters and solutions and the
 * example to its own folder, which the page hands to the engine (EngineOptions.prebuilt).
 */
import ids from 'virtual:halo-prebuilt';
import type { CompileResult } from '../contract/engine-api.ts';
import { inputHash } from './compile.ts';

/** Programs compiled ahead: their compile ids, and the folder holding each as `<id>.js`. */
export interface PrebuiltPrograms {
  ids: readonly string[];
  base: URL;
}

/** The playground's own: this module is bundled into a chunk of `assets/`, next to the `prebuilt/` folder. */
const templates = (): PrebuiltPrograms => ({ ids, base: new URL(/* @vite-ignore */ './prebuilt/', import.meta.url) });

/** The build-time bundle of exactly these files (a template's, or one of `course`), or null when they were not prebuilt (or cannot be fetched). */
export async function prebuiltProgram(
  files: Record<string, string>,
  entry: string,
  course: readonly PrebuiltPrograms[],
): Promise<CompileResult | null> {
  const catalogs = [templates(), ...course].filter((catalog) => catalog.ids.length > 0);
  if (catalogs.length === 0) return null;
  const started = performance.now();
  const id = await inputHash(files, entry);
  const catalog = catalogs.find((candidate) => candidate.ids.includes(id));
  if (!catalog) return null;
  try {
    const response = await fetch(new URL(`${id}.js`, catalog.base));
    if (!response.ok) return null;
    return {
      ok: true,
      durationMs: performance.now() - started,
      warnings: [],
      bundle: { code: await response.text(), id },
      cached: true,
      prebuilt: true,
    };
  } catch {
    return null;
  }
}
