import { useEffect, useRef, type KeyboardEvent } from 'react';
import { createStore, useStore } from '../state/store.ts';
import { stateHook } from '../state/state-context.tsx';

/** What to ask: a short title (the dialog's name), a sentence, and the label of the button that goes ahead. */
export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
}

interface Question extends ConfirmOptions {
  answer: (ok: boolean) => void;
}

/** The confirm part of the playground state. */
export type ConfirmPart = ReturnType<typeof createConfirmState>;

/** Creates the question the confirm dialog shows, and the way to ask it. */
export function createConfirmState() {
  const questionStore = createStore<{ question: Question | null }>({ question: null });

  /** Asks the learner in the page's own modal dialog (not `window.confirm`); resolves true when they go ahead. */
  function askToConfirm(options: ConfirmOptions): Promise<boolean> {
    // A question still open (it cannot be, the dialog is modal) counts as cancelled.
    questionStore.get().question?.answer(false);
    return new Promise((resolve) => questionStore.set({ question: { ...options, answer: resolve } }));
  }

  return { questionStore, askToConfirm };
}

/** The confirm part of the playground state, for components. */
export const useConfirm = stateHook<ConfirmPart>('confirm');

/** Keeps Tab and Shift+Tab cycling through the dialog's controls. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled])')];
  const first = controls[0];
  const last = controls[controls.length - 1];
  const at = document.activeElement;
  if (event.shiftKey ? at === first : at === last) {
    event.preventDefault();
    (event.shiftKey ? last : first)?.focus();
  }
}

/** The page's confirm dialog: modal (the page behind is inert), Esc or "Cancel" says no; focus returns where it was. */
export function ConfirmHost() {
  const { questionStore } = useConfirm();
  const question = useStore(questionStore, (s) => s.question);
  const dialog = useRef<HTMLDialogElement>(null);
  const answered = useRef(false);
  useEffect(() => {
    answered.current = false;
    if (question && !dialog.current?.open) dialog.current?.showModal();
  }, [question]);
  const answer = (ok: boolean) => {
    if (!question || answered.current) return;
    answered.current = true;
    questionStore.set({ question: null });
    dialog.current?.close();
    question.answer(ok);
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
      onClose={() => answer(false)}
      onKeyDown={trapTab}
      className="m-auto max-w-md rounded border border-slate-400 bg-white p-4 text-slate-900 backdrop:bg-black/50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id="confirm-title" className="mb-2 text-lg font-bold">
        {question?.title}
      </h2>
      <p id="confirm-message" className="text-sm">
        {question?.message}
      </p>
      <div className="mt-4 flex justify-end gap-2">
        {/* First, so showModal focuses the safe answer: Enter right away keeps the learner's code. */}
        <button type="button" className="btn-ghost" onClick={() => answer(false)}>
          Cancel
        </button>
        <button type="button" className="btn" onClick={() => answer(true)}>
          {question?.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
