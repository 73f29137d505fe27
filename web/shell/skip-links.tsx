import type { MouseEvent } from 'react';
import { focusEditor } from '../editor/editor-bridge.ts';
import { usePaneTabs } from '../state/pane-tabs-store.ts';

/** Skip links: Monaco keeps Tab for indenting, so keyboard users can jump to it and past it. */
export function SkipLinks() {
  const { revealPane } = usePaneTabs();
  const skip = (pane: 'code' | 'request', focus: () => void) => (event: MouseEvent) => {
    event.preventDefault();
    revealPane(pane, focus);
  };
  return (
    <nav aria-label="Skip links" className="contents">
      {/* The caret goes into the editor itself, so the next key types code. */}
      <a
        href="#editor-pane"
        className="skip-link"
        onClick={skip('code', () => focusEditor() || document.getElementById('editor-pane')?.focus())}
      >
        Skip to the editor
      </a>
      <a href="#request-pane" className="skip-link" onClick={skip('request', () => document.getElementById('request-pane')?.focus())}>
        Skip to the request panel
      </a>
    </nav>
  );
}
