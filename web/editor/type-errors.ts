import { monaco } from './monaco-setup.ts';
import { fileModels } from './file-models.ts';
import type { TypeCheck } from '../engine/program-session.ts';
import type { Files } from '../state/files-store.ts';

type TsWorker = Awaited<ReturnType<Awaited<ReturnType<typeof monaco.typescript.getTypeScriptWorker>>>>;
type Diagnostic = Awaited<ReturnType<TsWorker['getSemanticDiagnostics']>>[number];

function messageOf(text: Diagnostic['messageText']): string {
  return typeof text === 'string' ? text : text.messageText;
}

/**
 * The type checker's errors in the learner's TypeScript files (syntactic and semantic, from
 * Monaco's TypeScript worker), each keyed by file, message and line text, with the files they are for;
 * null before the editor has its models.
 */
export async function editorTypeErrors(): Promise<TypeCheck | null> {
  const models = fileModels();
  if (models.length === 0) return null;
  // JavaScript files have Monaco's JavaScript worker, which reports no type errors worth holding a build for.
  const checked = models.filter(([file]) => file.endsWith('.ts'));
  const workerFor = await monaco.typescript.getTypeScriptWorker();
  // Read in the same task as the call that hands the models' text to the worker.
  const files: Files = Object.fromEntries(models.map(([file, model]) => [file, model.getValue()]));
  const worker = await workerFor(...checked.map(([, model]) => model.uri));
  const errors: string[] = [];
  for (const [file, model] of checked) {
    const uri = model.uri.toString();
    const diagnostics: Diagnostic[] = [...(await worker.getSyntacticDiagnostics(uri)), ...(await worker.getSemanticDiagnostics(uri))];
    for (const d of diagnostics) {
      if (d.category !== 1 || d.start === undefined || model.isDisposed()) continue;
      errors.push(`${file}: ${messageOf(d.messageText)} @ ${model.getLineContent(model.getPositionAt(d.start).lineNumber).trim()}`);
    }
  }
  return { files, errors };
}
