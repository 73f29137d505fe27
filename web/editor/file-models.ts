import type { editor } from 'monaco-editor';
import { monaco } from './monaco-setup.ts';
import type { FilesPart } from '../state/files-store.ts';

/** The Monaco URI of a learner's file: `file:///todos.service.ts`, so relative imports resolve between models. */
export function fileUri(path: string): string {
  return `file:///${path}`;
}

/** The learner's file a Monaco URI names, or null for another model (the diff editor's, a library's). */
export function fileOfUri(uri: { scheme: string; path: string }): string | null {
  const path = uri.path.slice(1);
  return uri.scheme === 'file' && models.has(path) ? path : null;
}

/** One Monaco model per learner's file, so the TypeScript worker sees all of them (cross-file types). */
const models = new Map<string, editor.ITextModel>();
/** Set while the store's text is written into a model: that change must not be written back. */
let applying = false;
/** The files the models follow, once {@link connectFileModels} was called. */
let connected: FilesPart | null = null;

/** The model of a learner's file, if it has one. */
export function modelOf(path: string): editor.ITextModel | undefined {
  return models.get(path);
}

/** Every learner's file with its model. */
export function fileModels(): [string, editor.ITextModel][] {
  return [...models];
}

function createModel(path: string, source: string): editor.ITextModel {
  const uri = monaco.Uri.parse(fileUri(path));
  // A model left from an earlier editor (or HMR) is reused, never created twice for one URI.
  const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(source, undefined, uri);
  model.onDidChangeContent(() => {
    // Edits from any side (typing, a quick fix in another file) reach the store, and from there the compiler.
    if (!applying && models.get(path) === model) connected?.setFile(path, model.getValue());
  });
  models.set(path, model);
  return model;
}

/** Makes the models match the store: new files get a model, deleted ones lose theirs, changed text is applied as an edit (undo keeps working). */
function sync({ filesStore }: FilesPart): void {
  const { files } = filesStore.get();
  for (const [path, model] of models) {
    if (Object.hasOwn(files, path)) continue;
    models.delete(path);
    model.dispose();
  }
  for (const [path, source] of Object.entries(files)) {
    const model = models.get(path) ?? createModel(path, source);
    if (model.getValue() === source) continue;
    applying = true;
    try {
      // Its own undo step: Ctrl/Cmd+Z brings back exactly the text before it (a lesson's "Put in editor").
      model.pushStackElement();
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text: source }], () => null);
      model.pushStackElement();
    } finally {
      applying = false;
    }
  }
}

/** Keeps one model per file of `files` from now on; Monaco's models are global, so the page connects one files store, once. */
export function connectFileModels(files: FilesPart): void {
  if (connected === files) return;
  if (connected) throw new Error('The editor models already follow another files store.');
  connected = files;
  sync(files);
  files.filesStore.subscribe(() => sync(files));
}
