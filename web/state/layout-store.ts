import { createStore } from './store.ts';
import { readStored, writeStored, type KeyValueStorage, type THEMES } from './stored.ts';
import { stateHook } from './state-context.tsx';

/** Theme preference: follow the operating system, or force one. */
export type ThemeChoice = (typeof THEMES)[number];

/** UI layout and display preferences, persisted across visits. */
export interface LayoutState {
  /** Pane sizes in percent, keyed by split id (new panes add their own keys). */
  splits: Record<string, number[]>;
  theme: ThemeChoice;
  /** Large type for projectors and classrooms. */
  largeText: boolean;
  /** Which tab the editor's bottom dock shows. */
  dockTab: 'console' | 'problems' | 'output';
  /** Whether the lesson pane is shown. */
  lessonOpen: boolean;
}

/** Defaults chosen to fit 1280×720: notes, a wide editor, and the request/response column. */
export const DEFAULT_LAYOUT: LayoutState = {
  splits: {
    // The lesson text needs room for its code samples; the editor keeps the most.
    columns: [26, 42, 32],
    'columns-no-lesson': [55, 45],
    editor: [72, 28],
    // Request over response, by what the request panel is doing: WebSocket mode has its answers in its own
    // log (the response pane shows nothing of it), a GraphQL body needs room for the query and its variables.
    exchange: [45, 55],
    'exchange-websocket': [82, 18],
    'exchange-graphql': [62, 38],
  },
  theme: 'system',
  largeText: false,
  dockTab: 'console',
  lessonOpen: true,
};

/** The layout part of the playground state. */
export type LayoutPart = ReturnType<typeof createLayoutState>;

/** Creates the layout store from what `storage` saved; every change is saved back. */
export function createLayoutState(storage: KeyValueStorage | undefined) {
  const saved = readStored(storage, 'halo.layout.v1', {});
  const layoutStore = createStore<LayoutState>({
    ...DEFAULT_LAYOUT,
    ...saved,
    splits: { ...DEFAULT_LAYOUT.splits, ...saved.splits },
  });
  layoutStore.subscribe(() => writeStored(storage, 'halo.layout.v1', layoutStore.get()));

  /** Sets the sizes of one split. */
  function setSplitSizes(id: string, sizes: number[]): void {
    layoutStore.set((s) => ({ splits: { ...s.splits, [id]: sizes } }));
  }

  return { layoutStore, setSplitSizes };
}

/** The layout part of the playground state, for components. */
export const useLayout = stateHook<LayoutPart>('layout');
