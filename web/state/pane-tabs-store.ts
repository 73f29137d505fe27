import { useSyncExternalStore } from 'react';
import { createStore } from './store.ts';
import { stateHook } from './state-context.tsx';

/** The panes a narrow screen shows one at a time, behind tabs. */
export type StackedPane = 'lesson' | 'code' | 'request' | 'response';

/** Below this width the three columns would squeeze the lesson to a word per line: the panes stack behind tabs. */
const NARROW_QUERY = '(max-width: 899.98px)';

function narrowNow(): boolean {
  return globalThis.matchMedia?.(NARROW_QUERY).matches ?? false;
}

function subscribeNarrow(listener: () => void): () => void {
  const query = globalThis.matchMedia?.(NARROW_QUERY);
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

/** Whether the window is narrow enough for the stacked layout; follows resizes and rotation. */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribeNarrow, narrowNow);
}

/** The pane-tabs part of the playground state. */
export type PaneTabsPart = ReturnType<typeof createPaneTabsState>;

/** Creates which pane the narrow layout shows; a newcomer starts with the lesson text. */
export function createPaneTabsState() {
  const paneTabsStore = createStore<{ pane: StackedPane }>({ pane: 'lesson' });

  /**
   * Makes `pane` visible, then runs `then` (e.g. focusing inside it): on a narrow screen the pane may be on
   * another tab, which must be painted before it can take focus.
   */
  function revealPane(pane: StackedPane, then: () => void): void {
    if (!narrowNow() || paneTabsStore.get().pane === pane) return then();
    paneTabsStore.set({ pane });
    requestAnimationFrame(then);
  }

  return { paneTabsStore, revealPane };
}

/** The pane-tabs part of the playground state, for components. */
export const usePaneTabs = stateHook<PaneTabsPart>('paneTabs');
