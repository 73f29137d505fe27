import Editor from '@monaco-editor/react';
import '../../editor/monaco-setup.ts';
import { useResolvedTheme } from '../../layout/theme.ts';
import { parseJson } from '../response/format.ts';
import type { RequestSpec } from './request-model.ts';
import { useRequest } from './request-store.ts';

const OPTIONS = {
  minimap: { enabled: false },
  lineNumbers: 'off',
  scrollBeyondLastLine: false,
  fontSize: 12,
  wordWrap: 'on',
  automaticLayout: true,
} as const;

/** The GraphQL body: the query in Monaco (GraphQL highlighting) and the variables as JSON. */
export function GraphQLEditor({ spec }: { spec: RequestSpec }) {
  const { updateSpec } = useRequest();
  const theme = useResolvedTheme() === 'dark' ? 'vs-dark' : 'vs';
  const variablesInvalid = spec.variables.trim() !== '' && parseJson(spec.variables) === undefined;
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-semibold">Query</span>
      <div className="h-32 rounded border border-slate-300 dark:border-slate-700" data-testid="graphql-query">
        <Editor
          language="graphql"
          theme={theme}
          value={spec.graphql}
          onChange={(graphql) => updateSpec({ graphql: graphql ?? '' })}
          options={{ ...OPTIONS, ariaLabel: 'GraphQL query' }}
        />
      </div>
      <label className="flex flex-col gap-1 text-xs font-semibold">
        Variables (JSON)
        <textarea
          className="field h-20 font-mono font-normal"
          spellCheck={false}
          value={spec.variables}
          onChange={(e) => updateSpec({ variables: e.target.value })}
        />
      </label>
      {variablesInvalid && (
        <p className="text-xs text-red-800 dark:text-red-300">The variables are not valid JSON: the request cannot be sent.</p>
      )}
    </div>
  );
}
