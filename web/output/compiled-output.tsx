import Editor from '@monaco-editor/react';
import { useSession } from '../engine/engine-context.tsx';
import { editorTheme, monaco } from '../editor/monaco-setup.ts';
import { useResolvedTheme } from '../layout/theme.ts';
import { useLayout } from '../state/layout-store.ts';
import { useStore } from '../state/store.ts';

/** The read-only model's address: apart from the learner's files, so nothing compiles or type-checks it as theirs. */
const OUTPUT_URI = 'file:///compiled/program.js';

// The bundle is esbuild's valid output; the JavaScript checker would only flag the `halo` shim's global.
monaco.typescript.javascriptDefaults.setDiagnosticsOptions({ noSemanticValidation: true, noSyntaxValidation: true });

/**
 * The JavaScript esbuild produced for the program in its last successful compile, read-only: what the
 * server worker runs (the `halo` import becomes the framework the worker provides).
 */
export function CompiledOutput() {
  const { layoutStore } = useLayout();
  const session = useSession();
  const output = useStore(session.store, (s) => s.output);
  const largeText = useStore(layoutStore, (s) => s.largeText);
  const theme = useResolvedTheme();
  if (output === null) return <p className="p-3 text-sm">The JavaScript shows here once the program has compiled.</p>;
  return (
    <div className="flex h-full min-h-40 flex-col" data-compiled-output>
      <Editor
        path={OUTPUT_URI}
        defaultLanguage="javascript"
        value={output}
        theme={editorTheme(theme)}
        loading={<p className="p-3 text-sm">Loading…</p>}
        options={{
          readOnly: true,
          domReadOnly: true,
          ariaLabel: 'Compiled JavaScript of the program, read-only',
          fontSize: largeText ? 20 : 13,
          minimap: { enabled: false },
          automaticLayout: true,
          scrollBeyondLastLine: false,
          stickyScroll: { enabled: false },
        }}
      />
    </div>
  );
}
