import * as monaco from 'monaco-editor';
import { loader } from '@monaco-editor/react';
import type { editor } from 'monaco-editor';
import { EDITOR_FONT_FAMILY, editorFontSize, editorLineHeight } from './editor-metrics.ts';
import EditorWorker from 'monaco-editor/editor/editor.worker.js?worker';
import TsWorker from 'monaco-editor/language/typescript/ts.worker.js?worker';

// The framework's bundled declarations; a glob (not a plain import) so the page still builds
// before `npm run build:types` has produced them, just without Halo completions.
const generated = import.meta.glob<string>('../generated/halo.d.ts', { query: '?raw', import: 'default', eager: true });

self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'typescript' || label === 'javascript' ? new TsWorker() : new EditorWorker()),
};

const ts = monaco.typescript;
ts.typescriptDefaults.setCompilerOptions({
  target: ts.ScriptTarget.ESNext,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.NodeJs,
  lib: ['es2022', 'dom'],
  strict: true,
  noEmit: true,
  allowNonTsExtensions: true,
  // The learner's files import each other as `./todos.service.ts`, as Node (tsx) and esbuild accept.
  allowImportingTsExtensions: true,
  allowJs: true,
});
// Diagnostics of the learner's code also come from esbuild; eager sync keeps hovers fresh.
ts.typescriptDefaults.setEagerModelSync(true);
for (const source of Object.values(generated)) {
  // Placed where Node-style resolution finds `import … from 'halo'`.
  ts.typescriptDefaults.addExtraLib(source, 'file:///node_modules/halo/index.d.ts');
}
// The TypeScript worker sees only TypeScript models: a learner's `.json` (bundled by esbuild as its parsed
// value) and `.js` files are typed loosely rather than reported as missing, which would hold every build.
ts.typescriptDefaults.addExtraLib(
  // Shorthand ambient modules: every import from them, default or named, is `any`.
  "declare module '*.json';\ndeclare module '*.js';",
  'file:///node_modules/@types/halo-learner-files/index.d.ts',
);

// Monaco's own themes with the colours that fail WCAG AA raised to it: the dimmed last line number
// (1.75:1), line numbers and comments on the dark background.
monaco.editor.defineTheme('halo-light', {
  base: 'vs',
  inherit: true,
  rules: [],
  colors: { 'editorLineNumber.dimmedForeground': '#237893' },
});
monaco.editor.defineTheme('halo-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [{ token: 'comment', foreground: '7CA668' }],
  colors: { 'editorLineNumber.foreground': '#A0A0A0', 'editorLineNumber.dimmedForeground': '#A0A0A0' },
});

/** The editor theme for the page's resolved theme. */
export function editorTheme(theme: 'light' | 'dark'): string {
  return theme === 'dark' ? 'halo-dark' : 'halo-light';
}

// Use the bundled Monaco: @monaco-editor/react would otherwise fetch it from a CDN.
loader.config({ monaco });

/**
 * The options every editor of the playground shares: the font and line geometry of the code shown before
 * Monaco loaded (editor-metrics.ts), so an editor takes over in place, and no chrome that hides code.
 */
export function sharedEditorOptions(ariaLabel: string, largeText: boolean): editor.IStandaloneEditorConstructionOptions {
  const fontSize = editorFontSize(largeText);
  return {
    ariaLabel: `${ariaLabel} Press Ctrl+M to toggle whether Tab moves focus.`,
    fontFamily: EDITOR_FONT_FAMILY,
    fontSize,
    lineHeight: editorLineHeight(fontSize),
    // Nothing of the playground draws there; without it the code's left edge never moves (editor-metrics.ts).
    glyphMargin: false,
    minimap: { enabled: false },
    automaticLayout: true,
    tabSize: 2,
    scrollBeyondLastLine: false,
    fixedOverflowWidgets: true,
    // Sticky lines hide code a learner is reading and add tab stops between the editor and the page.
    stickyScroll: { enabled: false },
  };
}

export { monaco };
