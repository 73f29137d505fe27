import { monaco } from './monaco-setup.ts';
import { findApiEntry } from '../../runtime/contract/api-entry.ts';
import { apiIdOfQuickInfo } from '../api/quick-info-id.ts';

const COMMAND = 'halo.openApiReference';
/** Where monaco-setup.ts puts the framework's declarations. */
const HALO_TYPES = '/node_modules/halo/';

let registered = false;

/**
 * Adds "Open … in the API reference" to the editor's hover over a Halo symbol (`App`, `app.use`,
 * `req.parseBody`): the TypeScript worker says what the symbol is and that it is declared by `halo`.
 */
export function registerApiHover(openApiReference: (id: string) => void): void {
  if (registered) return;
  registered = true;
  monaco.editor.registerCommand(COMMAND, (_accessor, id: unknown) => {
    if (typeof id === 'string') openApiReference(id);
  });
  monaco.languages.registerHoverProvider('typescript', {
    async provideHover(model, position) {
      const file = model.uri.toString();
      const offset = model.getOffsetAt(position);
      const worker = await (await monaco.typescript.getTypeScriptWorker())(model.uri);
      // The worker's answers are TypeScript's QuickInfo and DefinitionInfo, typed `any` by Monaco.
      const [info, definitions] = (await Promise.all([
        worker.getQuickInfoAtPosition(file, offset),
        worker.getDefinitionAtPosition(file, offset),
      ])) as [{ displayParts?: { text: string }[] } | undefined, readonly { fileName: string }[] | undefined];
      if (!info || !definitions?.some((d) => d.fileName.includes(HALO_TYPES))) return null;
      const id = apiIdOfQuickInfo(info.displayParts?.map((part) => part.text).join('') ?? '');
      const { default: entries } = await import('virtual:halo-api');
      const entry = id ? findApiEntry(entries, id) : undefined;
      if (!entry) return null;
      const args = encodeURIComponent(JSON.stringify([entry.id]));
      return {
        contents: [
          { value: `[Open ${entry.id} in the API reference](command:${COMMAND}?${args})`, isTrusted: { enabledCommands: [COMMAND] } },
        ],
      };
    },
  });
}
