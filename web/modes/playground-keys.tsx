import { lazy, Suspense, useMemo, useState } from 'react';
import { makeShareLink } from '../share/make-share-link.ts';
import { useShare } from '../share/share-store.ts';
import { useStore } from '../state/store.ts';
import { useFiles } from '../state/files-store.ts';
import { useRequest } from '../exchange/request/request-store.ts';
import { useLayout } from '../state/layout-store.ts';
import { usePaneTabs } from '../state/pane-tabs-store.ts';
import { useModes } from './mode-store.ts';
import { playgroundShortcuts } from './playground-shortcuts.ts';
import { usePresentationClass } from './presentation.ts';
import { useShortcuts } from './shortcuts.ts';

// The keyboard help loads when it is first asked for.
const HelpDialog = lazy(() => import('./help-dialog.tsx').then((m) => ({ default: m.HelpDialog })));

/** The page's keyboard layer: global shortcuts, the `?` help dialog, and presentation mode's styling. */
export function PlaygroundKeys() {
  const files = useFiles();
  const request = useRequest();
  const share = useShare();
  const layout = useLayout();
  const modes = useModes();
  const paneTabs = usePaneTabs();
  const shortcuts = useMemo(
    () => playgroundShortcuts({ share: () => void makeShareLink(files, request, share, share.target), layout, modes, paneTabs }),
    [files, request, share, layout, modes, paneTabs],
  );
  useShortcuts(shortcuts);
  usePresentationClass();
  const helpOpen = useStore(modes.modeStore, (s) => s.helpOpen);
  // Mounted from its first opening on: closing it stays the dialog's own (focus goes back where it was).
  const [helpAsked, setHelpAsked] = useState(false);
  if (helpOpen && !helpAsked) setHelpAsked(true);
  if (!helpAsked) return null;
  return (
    <Suspense fallback={null}>
      <HelpDialog shortcuts={shortcuts} />
    </Suspense>
  );
}
