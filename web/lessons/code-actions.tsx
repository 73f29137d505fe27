import { useEngine } from '../engine/engine-context.tsx';
import { focusEditor, insertAtCursor } from '../editor/editor-bridge.ts';
import { useConfirm, type ConfirmPart } from '../layout/confirm-dialog.tsx';
import { usePaneTabs, type PaneTabsPart } from '../state/pane-tabs-store.ts';
import { specFromCheck } from '../exchange/request/spec-from-check.ts';
import { requestOfHttpBlock, summaryLinesOf } from './course/http-block.ts';
import { isWholeFile } from './course/program-block.ts';
import { CopyButton } from './copy-button.tsx';
import type { CheckRequest } from '../../runtime/course/format/check-format.ts';
import { FALLBACK_ORIGIN } from '../exchange/request/request-model.ts';
import { useRequest } from '../exchange/request/request-store.ts';
import { useExchange } from '../exchange/exchange-store.ts';
import { ENTRY_FILE, useFiles, type FilesPart } from '../state/files-store.ts';

/** What "Put in editor" asks before it replaces `file`. */
const replaceQuestion = (file: string) => ({
  title: 'Put this code in the editor?',
  message: `It replaces all of ${file} with this code. Your code stays in the editor’s history: Ctrl/Cmd+Z in the editor brings it back.`,
  confirmLabel: 'Replace the code',
});

/** Code a lesson block may go into the editor as: TypeScript or JavaScript. */
const EDITOR_LANGUAGES = new Set(['ts', 'typescript', 'js', 'javascript']);

/** The parts of the playground state a lesson's code goes into the editor through. */
interface EditorParts {
  files: FilesPart;
  confirm: ConfirmPart;
  paneTabs: PaneTabsPart;
}

/**
 * Puts a lesson's whole program (or whole file) into `file` (created when missing) and shows it. Asks first,
 * naming the file, whenever that replaces something; the replaced code stays in the file's undo history.
 */
async function putInEditor(parts: EditorParts, code: string, file: string): Promise<void> {
  const { files: { filesStore, setFile, openFile }, confirm: { askToConfirm }, paneTabs: { revealPane } } = parts;
  const current = filesStore.get().files[file] ?? '';
  if (current !== code) {
    if (current.trim() !== '' && !(await askToConfirm(replaceQuestion(file)))) return;
    setFile(file, code);
  }
  openFile(file);
  revealPane('code', focusEditor);
}

function insertInEditor({ files: { activeFile, setFile, filesStore }, paneTabs: { revealPane } }: EditorParts, code: string): void {
  const file = activeFile();
  if (!insertAtCursor(code)) setFile(file, `${filesStore.get().files[file] ?? ''}\n${code}\n`);
  revealPane('code', focusEditor);
}

/**
 * The buttons under a lesson's code block. TypeScript: "Insert at cursor" and "Copy", plus "Put in editor"
 * when the block is a whole program or file (a fragment in place of the program would leave nothing
 * listening). `http`: "Send" for a block that is one request, and one "Send" per request line of a summary.
 * Nothing happens before the learner clicks one.
 */
export function CodeActions({ code, language, file = ENTRY_FILE }: { code: string; language: string; file?: string }) {
  const { requestStore } = useRequest();
  const { sendRequest } = useExchange();
  const engine = useEngine();
  const parts: EditorParts = { files: useFiles(), confirm: useConfirm(), paneTabs: usePaneTabs() };
  if (language === 'http') {
    const single = requestOfHttpBlock(code);
    const requests = single ? [single] : summaryLinesOf(code).flatMap((line) => (line.request ? [line.request] : []));
    if (requests.length === 0) return null;
    const send = (request: CheckRequest) => {
      const spec = specFromCheck(request);
      requestStore.set({ spec });
      void sendRequest(spec, engine.state.origins[0] ?? FALLBACK_ORIGIN, engine);
    };
    return (
      <div className="-mt-1 mb-2 flex flex-wrap gap-2" data-code-actions>
        {requests.map((request, index) => (
          <button key={index} type="button" className="btn-ghost" onClick={() => send(request)} aria-label={`Send ${request.method} ${request.path}`}>
            {single ? 'Send' : `Send ${request.method} ${request.path}`}
          </button>
        ))}
      </div>
    );
  }
  if (!EDITOR_LANGUAGES.has(language)) return null;
  return (
    <div className="-mt-1 mb-2 flex gap-2" data-code-actions>
      {isWholeFile(code, file) && (
        <button type="button" className="btn-ghost" onClick={() => void putInEditor(parts, code, file)}>
          Put in editor
        </button>
      )}
      <button type="button" className="btn-ghost" onClick={() => insertInEditor(parts, code)}>
        Insert at cursor
      </button>
      <CopyButton text={code} />
    </div>
  );
}
