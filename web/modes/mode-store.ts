import { createStore } from '../state/store.ts';
import { readStored, writeStored, type KeyValueStorage } from '../state/stored.ts';
import { stateHook } from '../state/state-context.tsx';
import type { LayoutPart, LayoutState } from '../state/layout-store.ts';

/** The display modes beyond one learner's tab. */
export interface ModeState {
  /** Presentation (classroom) mode: large type, minimal chrome, request/response prominent. */
  presentation: boolean;
  /** Whether the keyboard help dialog is open. */
  helpOpen: boolean;
  /** The layout the learner had before presentation mode, restored when it ends. */
  before: Pick<LayoutState, 'largeText' | 'lessonOpen' | 'splits'> | null;
}

/** The split between editor and request/response while the notes are hidden (see app.tsx). */
const PRESENTATION_SPLIT = 'columns-no-lesson';
/** The modes part of the playground state. */
export type ModePart = ReturnType<typeof createModeState>;

/** Creates the mode state; presentation mode survives a reload (a projector tab gets reloaded mid-class). */
export function createModeState(storage: KeyValueStorage | undefined, { layoutStore }: LayoutPart) {
  const saved = readStored(storage, 'halo.modes.v1', {});
  const modeStore = createStore<ModeState>({ presentation: saved.presentation === true, helpOpen: false, before: saved.before ?? null });

  modeStore.subscribe(() => {
    const { presentation, before } = modeStore.get();
    writeStored(storage, 'halo.modes.v1', { presentation, before });
  });

  /** Turns presentation mode on or off; large text and the notes pane come back as they were. */
  function togglePresentation(): void {
    const { presentation, before } = modeStore.get();
    if (presentation) {
      modeStore.set({ presentation: false, before: null });
      if (before) layoutStore.set(before);
      return;
    }
    const { largeText, lessonOpen, splits } = layoutStore.get();
    modeStore.set({ presentation: true, before: { largeText, lessonOpen, splits } });
    // The editor and panels already scale with large text; the notes make room, the exchange gets half.
    layoutStore.set({ largeText: true, lessonOpen: false, splits: { ...splits, [PRESENTATION_SPLIT]: [50, 50] } });
  }

  /** Opens or closes the keyboard help dialog. */
  function setHelpOpen(helpOpen: boolean): void {
    modeStore.set({ helpOpen });
  }

  return { modeStore, togglePresentation, setHelpOpen };
}

/** The modes part of the playground state, for components. */
export const useModes = stateHook<ModePart>('modes');
