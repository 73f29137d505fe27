import type { KeyValueStorage } from './state/stored.ts';
import { createFilesState } from './state/files-store.ts';
import { createLayoutState } from './state/layout-store.ts';
import { createProgressState } from './state/progress-store.ts';
import { createPaneTabsState } from './state/pane-tabs-store.ts';
import { createConfirmState } from './layout/confirm-dialog.tsx';
import { createRequestState } from './exchange/request/request-store.ts';
import { createExchangeState } from './exchange/exchange-store.ts';
import { createWorkspaceState } from './lessons/workspace-store.ts';
import { createLessonChecksState } from './lessons/lesson-checks.ts';
import { createCourseEndState } from './lessons/course-end-store.ts';
import { createModeState } from './modes/mode-store.ts';
import { createOfflineState } from './modes/offline-client.ts';
import { createConsoleState } from './editor/console-store.ts';
import { createProblemsState } from './editor/problems-store.ts';
import { createApiPanelState } from './api/api-panel-store.ts';
import { createShareState } from './share/share-store.ts';
import { playgroundTarget } from './shell/playground-target.ts';
import { createExercisesState } from './state/exercises-store.ts';
import { createExerciseDraftState } from './exercise/draft-store.ts';
import { createClassState } from './classroom/class-store.ts';
import type { Course } from './lessons/course/catalog.ts';

/** What the playground state is made from: nothing is read from globals, so a test or an embed passes its own. */
export interface PlaygroundStateOptions {
  /** Where preferences and code are saved: localStorage, or an embed's in-memory copy; none when blocked. */
  storage: KeyValueStorage | undefined;
  /** The page's address: `?lesson=<id>` opens a lesson. */
  location: Pick<Location, 'search'>;
  /** The course the page teaches (the site's course data: `loadCourse`); read with `useCourse()`. */
  course: Course;
  /**
   * The course's author is working on it (`npm run author`, the author server): a lesson's completion follows its
   * latest round, so a check changed to failing shows at once instead of staying "complete".
   */
  authoring?: boolean;
}

/**
 * Creates every store of the page, once, in dependency order (the workspace fills the files and may set
 * the request; the lesson checks follow the workspace and mark progress). Handed to the components by
 * `PlaygroundStateProvider`.
 */
export function createPlaygroundState({ storage, location, course, authoring = false }: PlaygroundStateOptions) {
  const files = createFilesState(course.example);
  const layout = createLayoutState(storage);
  const progress = createProgressState(storage);
  const request = createRequestState(storage);
  const exercises = createExercisesState(storage);
  const workspace = createWorkspaceState({ storage, search: location.search, course, files, request, exercises });
  exercises.followWorkspace(workspace.workspaceStore);
  const exchange = createExchangeState(request);
  const lessonChecks = createLessonChecksState(files, workspace, progress, exercises, { course, authoring }, exchange.exchangeStore);
  return {
    course,
    files,
    layout,
    progress,
    request,
    workspace,
    exercises,
    paneTabs: createPaneTabsState(),
    confirm: createConfirmState(),
    exchange,
    lessonChecks,
    courseEnd: createCourseEndState(),
    modes: createModeState(storage, layout),
    offline: createOfflineState(),
    console: createConsoleState(),
    problems: createProblemsState(),
    apiPanel: createApiPanelState(),
    share: createShareState(playgroundTarget(course, workspace, exercises)),
    exerciseDraft: createExerciseDraftState({ workspaceStore: workspace.workspaceStore, findExercise: exercises.findExercise }),
    classroom: createClassState({ storage, search: location.search }, lessonChecks, files),
  };
}
