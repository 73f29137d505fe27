import { MODEL_URI, monaco } from './monaco-setup.ts';

type TsWorker = Awaited<ReturnType<Awaited<ReturnType<typeof monaco.typescript.getTypeScriptWorker>>>>;
type Diagnostic = Awaited<ReturnType<TsWorker['getSemanticDiagnostics']>>[number];

function messageOf(text: Diagnostic['messageText']): string {
  return typeof text === 'string' ? text : text.messageText;
}

/**
 * The type checker's errors in the editor's code (syntactic and semantic, from Monaco's TypeScript worker),
 * each keyed by message and line text; null before the editor has its model.
 */
export async function editorTypeErrors(): Promise<string[] | null> {
  const uri = monaco.Uri.parse(MODEL_URI);
  const model = monaco.editor.getModel(uri);
  if (!model) return null;
  const worker = await (await monaco.typescript.getTypeScriptWorker())(uri);
  const file = uri.toString();
  const diagnostics: Diagnostic[] = [...(await worker.getSyntacticDiagnostics(file)), ...(await worker.getSemanticDiagnostics(file))];
  return diagnostics
    .filter((d) => d.category === 1 && d.start !== undefined)
    .map((d) => `${messageOf(d.messageText)} @ ${model.getLineContent(model.getPositionAt(d.start ?? 0).lineNumber).trim()}`);
}
