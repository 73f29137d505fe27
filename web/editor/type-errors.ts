import { MODEL_URI, monaco } from './monaco-setup.ts';
import type { TypeCheck } from '../engine/program-session.ts';

type TsWorker = Awaited<ReturnType<Awaited<ReturnType<typeof monaco.typescript.getTypeScriptWorker>>>>;
type Diagnostic = Awaited<ReturnType<TsWorker['getSemanticDiagnostics']>>[number];

function messageOf(text: Diagnostic['messageText']): string {
  return typeof text === 'string' ? text : text.messageText;
}

/**
 * The type checker's errors in the editor's code (syntactic and semantic, from Monaco's TypeScript worker),
 * each keyed by message and line text, with the code they are for; null before the editor has its model.
 */
export async function editorTypeErrors(): Promise<TypeCheck | null> {
  const uri = monaco.Uri.parse(MODEL_URI);
  const model = monaco.editor.getModel(uri);
  if (!model) return null;
  const workerFor = await monaco.typescript.getTypeScriptWorker();
  // Read in the same task as the call that hands the model's text to the worker.
  const code = model.getValue();
  const worker = await workerFor(uri);
  const file = uri.toString();
  const diagnostics: Diagnostic[] = [...(await worker.getSyntacticDiagnostics(file)), ...(await worker.getSemanticDiagnostics(file))];
  const errors = diagnostics
    .filter((d) => d.category === 1 && d.start !== undefined)
    .map((d) => `${messageOf(d.messageText)} @ ${model.getLineContent(model.getPositionAt(d.start ?? 0).lineNumber).trim()}`);
  return { code, errors };
}
