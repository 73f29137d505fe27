import { useEffect, useRef } from 'react';
import { useStore } from '../state/store.ts';
import { useModes } from './mode-store.ts';
import type { Shortcut } from './shortcuts.ts';

/** The keyboard help (`?`): every shortcut of the page, in a modal dialog. */
export function HelpDialog({ shortcuts }: { shortcuts: readonly Shortcut[] }) {
  const { modeStore, setHelpOpen } = useModes();
  const open = useStore(modeStore, (s) => s.helpOpen);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="help-title"
      onClose={() => setHelpOpen(false)}
      className="m-auto max-w-lg rounded border border-slate-400 bg-white p-4 text-slate-900 backdrop:bg-black/50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id="help-title" className="mb-2 text-lg font-bold">
        Keyboard shortcuts
      </h2>
      <table className="w-full text-sm">
        <tbody>
          {shortcuts.map((s) => (
            <tr key={s.keys + s.description} className="border-t border-slate-300 dark:border-slate-700">
              <th scope="row" className="py-1 pr-4 text-left font-mono font-normal whitespace-nowrap">
                <kbd>{s.keys}</kbd>
              </th>
              <td className="py-1">{s.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog" className="mt-3 flex justify-end">
        <button type="submit" className="btn" autoFocus>
          Close
        </button>
      </form>
    </dialog>
  );
}
