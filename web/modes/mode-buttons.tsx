import { useStore } from '../state/store.ts';
import { useModes } from './mode-store.ts';

/** Toolbar buttons for presentation mode and the keyboard help. */
export function ModeButtons() {
  const { modeStore, setHelpOpen, togglePresentation } = useModes();
  const presentation = useStore(modeStore, (s) => s.presentation);
  return (
    <>
      <button type="button" className="btn-ghost" aria-pressed={presentation} aria-keyshortcuts="Alt+Shift+P" onClick={togglePresentation}>
        Presentation <span className="sr-only">(Alt+Shift+P)</span>
      </button>
      <button type="button" className="btn-ghost" aria-keyshortcuts="?" onClick={() => setHelpOpen(true)} title="Keyboard shortcuts (?)">
        <span aria-hidden="true">?</span>
        <span className="sr-only">Keyboard shortcuts</span>
      </button>
    </>
  );
}
