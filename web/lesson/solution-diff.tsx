import { DiffEditor } from '@monaco-editor/react';
// Configures the bundled Monaco (no CDN) before the diff editor mounts.
import '../editor/monaco-setup.ts';
import { useResolvedTheme } from '../layout/theme.ts';

/** Monaco's side-by-side diff: the learner's code on the left, the solution on the right (read-only). */
export function SolutionDiff({ yours, solution }: { yours: string; solution: string }) {
  const theme = useResolvedTheme();
  return (
    <DiffEditor
      original={yours}
      modified={solution}
      language="typescript"
      theme={theme === 'dark' ? 'vs-dark' : 'vs'}
      loading={<p className="p-4 text-sm">Loading the comparison…</p>}
      options={{
        readOnly: true,
        originalEditable: false,
        renderSideBySide: true,
        // Side by side even in a narrow window: the point is to compare.
        useInlineViewWhenSpaceIsLimited: false,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        automaticLayout: true,
        ariaLabel: 'Your code compared with the solution',
      }}
    />
  );
}
