import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useStore } from '../state/store.ts';
import { ENTRY_FILE, useFiles } from '../state/files-store.ts';
import { useConfirm } from '../layout/confirm-dialog.tsx';
import { focusEditor } from './editor-bridge.ts';

/** What the name field is for: a new file, or renaming the open one. */
type Naming = { kind: 'create' } | { kind: 'rename'; from: string };

/** The name field of "New file" and "Rename": Enter applies, Esc cancels, a bad name is said in words. */
function NameForm({ naming, onDone }: { naming: Naming; onDone: (applied: boolean) => void }) {
  const { createFile, renameFile } = useFiles();
  const [name, setName] = useState(naming.kind === 'rename' ? naming.from : '');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const error = naming.kind === 'create' ? createFile(trimmed) : renameFile(naming.from, trimmed);
    setProblem(error);
    if (!error) onDone(true);
  };
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onDone(false);
  };
  const action = naming.kind === 'create' ? 'Create' : 'Rename';
  return (
    <form onSubmit={submit} onKeyDown={cancelOnEscape} className="flex w-full flex-wrap items-center gap-1">
      <label className="flex items-center gap-1">
        {naming.kind === 'create' ? 'New file name' : `New name for ${naming.from}`}
        <input
          className="field font-mono"
          value={name}
          autoFocus
          spellCheck={false}
          autoCapitalize="off"
          placeholder="todos.service.ts"
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <button type="submit" className="btn-ghost">
        {action}
      </button>
      <button type="button" className="btn-ghost" onClick={() => onDone(false)}>
        Cancel
      </button>
      {problem && (
        <p id={problemId} role="alert" className="w-full text-xs text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
    </form>
  );
}

/**
 * The program's files: choosing one shows it in the editor; "New file", and for any file but `main.ts`
 * "Rename" and "Delete". A list of buttons, so Tab, Enter and Space work as everywhere else.
 */
export function FileTree() {
  const { activeFile, deleteFile, filesStore, openFile } = useFiles();
  const { askToConfirm } = useConfirm();
  const names = useStore(filesStore, (s) => Object.keys(s.files).join('\n')).split('\n');
  const active = useStore(filesStore, activeFile);
  const [naming, setNaming] = useState<Naming | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusFile = (name: string) => list.current?.querySelector<HTMLButtonElement>(`button[data-file="${CSS.escape(name)}"]`)?.focus();
  const remove = async () => {
    const file = active;
    const ok = await askToConfirm({
      title: `Delete ${file}?`,
      message: `${file} and its code leave the program. Files that import it stop compiling.`,
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    deleteFile(file);
    focusFile(ENTRY_FILE);
  };
  return (
    <nav aria-label="Files" className="flex flex-wrap items-center gap-1 border-b border-slate-300 px-1 py-1 text-sm dark:border-slate-700">
      <ul ref={list} className="flex flex-wrap gap-1">
        {names.map((name) => (
          <li key={name}>
            <button
              type="button"
              data-file={name}
              aria-current={name === active ? 'true' : undefined}
              className="btn-ghost font-mono aria-[current=true]:border-blue-700 aria-[current=true]:bg-blue-50 aria-[current=true]:font-semibold dark:aria-[current=true]:border-blue-300 dark:aria-[current=true]:bg-slate-800"
              onClick={() => openFile(name)}
            >
              {name}
            </button>
          </li>
        ))}
      </ul>
      {naming ? (
        <NameForm
          key={naming.kind === 'create' ? 'create' : `rename:${naming.from}`}
          naming={naming}
          onDone={(applied) => {
            setNaming(null);
            // A new or renamed file is open: the caret goes where its code is typed.
            if (!applied || !focusEditor()) queueMicrotask(() => focusFile(activeFile()));
          }}
        />
      ) : (
        <FileActions active={active} onName={setNaming} onDelete={() => void remove()} />
      )}
    </nav>
  );
}

/** New file, and for any file but `main.ts` Rename and Delete (each named with the open file for screen readers). */
function FileActions({ active, onName, onDelete }: { active: string; onName: (naming: Naming) => void; onDelete: () => void }) {
  return (
    <span className="ml-auto flex gap-1">
      <button type="button" className="btn-ghost" onClick={() => onName({ kind: 'create' })}>
        New file
      </button>
      {active !== ENTRY_FILE && (
        <>
          <button
            type="button"
            className="btn-ghost"
            aria-label={`Rename ${active}`}
            onClick={() => onName({ kind: 'rename', from: active })}
          >
            Rename
          </button>
          <button type="button" className="btn-ghost" aria-label={`Delete ${active}`} onClick={onDelete}>
            Delete
          </button>
        </>
      )}
    </span>
  );
}
