import type { LayoutPart } from '../state/layout-store.ts';
import type { ModePart } from './mode-store.ts';
import { focusEditor } from '../editor/editor-bridge.ts';
import type { PaneTabsPart } from '../state/pane-tabs-store.ts';
import { altShift, primary, type Shortcut } from './shortcuts.ts';

function focusFirst(selectors: string[]): void {
  for (const selector of selectors) {
    const element = document.querySelector<HTMLElement>(selector);
    if (element) return element.focus();
  }
}

/** Every main action of the playground and its keys, for the key handler and the help dialog. */
export function playgroundShortcuts(actions: {
  share: () => void;
  layout: LayoutPart;
  modes: ModePart;
  paneTabs: PaneTabsPart;
}): Shortcut[] {
  const { layoutStore } = actions.layout;
  const { setHelpOpen, togglePresentation } = actions.modes;
  const { revealPane } = actions.paneTabs;
  return [
    { keys: 'Ctrl/Cmd+Enter', description: 'Run the program now (in the editor); send the request (in the request panel)' },
    {
      keys: 'Alt+Shift+Enter',
      description: 'Send the request from anywhere',
      matches: (e) => altShift(e, 'Enter'),
      whileTyping: true,
      run: () => document.querySelector<HTMLButtonElement>('#request-pane button[type=submit]')?.click(),
    },
    {
      keys: 'Ctrl/Cmd+S',
      description: 'Share: put the program and request in a link and copy it',
      matches: (e) => primary(e, 'KeyS'),
      whileTyping: true,
      run: actions.share,
    },
    {
      keys: 'Alt+Shift+P',
      description: 'Presentation mode on/off (large type, minimal chrome)',
      matches: (e) => altShift(e, 'KeyP'),
      whileTyping: true,
      run: togglePresentation,
    },
    {
      keys: 'Alt+Shift+N',
      description: 'Show or hide the lesson notes',
      matches: (e) => altShift(e, 'KeyN'),
      whileTyping: true,
      run: () => layoutStore.set((s) => ({ lessonOpen: !s.lessonOpen })),
    },
    {
      keys: 'Alt+Shift+1',
      description: 'Go to the editor',
      matches: (e) => altShift(e, 'Digit1'),
      whileTyping: true,
      run: () => revealPane('code', () => focusEditor() || focusFirst(['#editor-pane'])),
    },
    {
      keys: 'Alt+Shift+2',
      description: 'Go to the request panel',
      matches: (e) => altShift(e, 'Digit2'),
      whileTyping: true,
      run: () => revealPane('request', () => focusFirst(['#request-pane input[aria-label="Path and query"]', '#request-pane'])),
    },
    { keys: 'Ctrl+M', description: 'In the editor: switch Tab between indenting and moving focus' },
    { keys: 'Arrow keys', description: 'On a focused pane divider: resize the panes' },
    {
      keys: '?',
      description: 'This help',
      matches: (e) => e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey,
      run: () => setHelpOpen(true),
    },
    { keys: 'Esc', description: 'Close a dialog' },
  ];
}
