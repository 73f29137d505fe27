import { createPlaygroundState } from '../../web/playground-state.ts';
import { browserStorage } from '../../web/state/stored.ts';
import { builtCourse } from '../support/built-course.ts';

/**
 * A new playground state reading the (stubbed) localStorage and address, as a page load would build it,
 * with the members of its parts side by side (`filesStore`, `openWorkspace`, …) and the whole as `state`.
 */
export function freshState({ authoring = false }: { authoring?: boolean } = {}) {
  const state = createPlaygroundState({
    storage: browserStorage(),
    location: globalThis.location ?? { search: '' },
    course: builtCourse,
    authoring,
  });
  return {
    state,
    ...state.files,
    ...state.layout,
    ...state.progress,
    ...state.request,
    ...state.workspace,
    ...state.modes,
    ...state.lessonChecks,
    ...state.share,
    ...state.exercises,
  };
}
