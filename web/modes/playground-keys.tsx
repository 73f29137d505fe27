import { useMemo } from 'react';
import { makeShareLink } from '../share/make-share-link.ts';
import { playgroundTarget } from '../share/playground-target.ts';
import { HelpDialog } from './help-dialog.tsx';
import { playgroundShortcuts } from './playground-shortcuts.ts';
import { usePresentationClass } from './presentation.ts';
import { useShortcuts } from './shortcuts.ts';

/** The page's keyboard layer: global shortcuts, the `?` help dialog, and presentation mode's styling. */
export function PlaygroundKeys() {
  const shortcuts = useMemo(() => playgroundShortcuts({ share: () => void makeShareLink(playgroundTarget) }), []);
  useShortcuts(shortcuts);
  usePresentationClass();
  return <HelpDialog shortcuts={shortcuts} />;
}
