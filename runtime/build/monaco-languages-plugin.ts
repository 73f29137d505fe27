import type { Plugin } from 'vite';

/** The languages the playground edits and highlights; Monaco's other 80 grammars and workers stay out of the build. */
const KEPT = new Set(['typescript', 'javascript', 'graphql']);
const ENTRY = /[\\/]node_modules[\\/]monaco-editor[\\/]esm[\\/]vs[\\/]index\.js$/;
const LANGUAGE_LINE =
  /^(?:import '\.\/languages\/(?:definitions|features)\/([\w-]+)\/register\.js';|import \* as (\w+) from '\.\/languages\/features\/([\w-]+)\/register\.js';|export \{ (\w+) as [\w$]+ \};)$/;

/**
 * Builds `monaco-editor` with only the TypeScript and JavaScript languages (and the GraphQL grammar, for the request panel): its entry registers every
 * language it ships (78 grammars, plus the css/html/json language services and their workers), which
 * the offline cache would otherwise store for an editor that only ever shows TypeScript.
 */
export function monacoLanguagesPlugin(): Plugin {
  return {
    name: 'halo-monaco-languages',
    enforce: 'pre',
    transform(code, id) {
      if (!ENTRY.test(id)) return null;
      const dropped = new Set<string>();
      const kept = code.split('\n').filter((line) => {
        const match = LANGUAGE_LINE.exec(line.trim());
        if (!match) return true;
        const [, language, binding, featureLanguage, exported] = match;
        if (language) return KEPT.has(language);
        if (binding) {
          if (KEPT.has(featureLanguage)) return true;
          dropped.add(binding);
          return false;
        }
        return !dropped.has(exported);
      });
      return { code: kept.join('\n'), map: null };
    },
  };
}
