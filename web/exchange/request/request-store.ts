import { createStore } from '../../state/store.ts';
import { readStored, writeStored, type KeyValueStorage, type Stored } from '../../state/stored.ts';
import { stateHook } from '../../state/state-context.tsx';
import { defaultRequest, type RequestSpec } from './request-model.ts';

/** How many recent requests are remembered. */
const HISTORY_LIMIT = 15;

/** A remembered request (files are not kept, only the rows that named them). */
export interface HistoryEntry {
  spec: RequestSpec;
  origin: string;
  status: number | null;
  time: number;
}

/** A saved spec completed with defaults, so data saved by an older version still renders. */
function completeSpec(saved: Stored<'halo.request.v1'>): RequestSpec {
  return { ...defaultRequest(), ...saved };
}

/** A spec with chosen files dropped, as stored (a File cannot be serialized). */
function withoutFiles(spec: RequestSpec): RequestSpec {
  return { ...spec, multipart: spec.multipart.map((row) => ({ ...row, file: null })) };
}

/** The request part of the playground state. */
export type RequestPart = ReturnType<typeof createRequestState>;

/** Creates the request being edited and the recent requests, saved in `storage`. */
export function createRequestState(storage: KeyValueStorage | undefined) {
  const requestStore = createStore<{ spec: RequestSpec; history: HistoryEntry[] }>({
    spec: completeSpec(readStored(storage, 'halo.request.v1', {})),
    history: readStored(storage, 'halo.history.v1', []).map((entry) => ({ ...entry, spec: completeSpec(entry.spec) })),
  });

  requestStore.subscribe(() => {
    const { spec, history } = requestStore.get();
    writeStored(storage, 'halo.request.v1', withoutFiles(spec));
    writeStored(storage, 'halo.history.v1', history);
  });

  /** Applies a change to the request being edited. */
  function updateSpec(patch: Partial<RequestSpec>): void {
    requestStore.set((s) => ({ spec: { ...s.spec, ...patch } }));
  }

  /** Adds a sent request at the top of the history, replacing an identical earlier one. */
  function remember(entry: HistoryEntry): void {
    const stored = { ...entry, spec: withoutFiles(entry.spec) };
    const key = JSON.stringify([stored.spec, stored.origin]);
    requestStore.set((s) => ({
      history: [stored, ...s.history.filter((h) => JSON.stringify([h.spec, h.origin]) !== key)].slice(0, HISTORY_LIMIT),
    }));
  }

  /** Restores a recent request into the editor. */
  function restore(entry: HistoryEntry): void {
    requestStore.set({ spec: completeSpec(entry.spec) });
  }

  return { requestStore, updateSpec, remember, restore };
}

/** The request part of the playground state, for components. */
export const useRequest = stateHook<RequestPart>('request');
