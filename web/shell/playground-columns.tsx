import { Fragment, type ReactNode } from 'react';
import { useStore } from '../state/store.ts';
import { useLayout } from '../state/layout-store.ts';
import { ActiveChecksBar, ChecksBar } from '../lessons/checks-bar.tsx';
import { ExercisePane, useActiveExercise } from '../exercise/exercise-pane.tsx';
import { exerciseAsLesson } from '../exercise/exercise-lesson.ts';
import { ExerciseMaker } from '../exercise/exercise-maker.tsx';
import { useExerciseDraft } from '../exercise/draft-store.ts';
import { LessonPane } from '../lessons/lesson-pane.tsx';
import { Pane } from '../layout/pane.tsx';
import { Split } from '../layout/split.tsx';
import { StackedPanes } from './stacked-panes.tsx';
import { useNarrow } from '../state/pane-tabs-store.ts';
import { useRequest } from '../exchange/request/request-store.ts';
import type { RequestSpec } from '../exchange/request/request-model.ts';

/**
 * The split of request and response for what the request panel is doing, each remembered apart: the room
 * goes to the mode in use (see DEFAULT_LAYOUT).
 */
function exchangeSplitOf(spec: RequestSpec): string {
  if (spec.mode === 'websocket') return 'exchange-websocket';
  return spec.bodyType === 'graphql' ? 'exchange-graphql' : 'exchange';
}

/**
 * The playground's panes: on a wide screen lesson, editor and request/response side by side in resizable
 * columns; on a narrow one stacked behind tabs, with the lesson's checks bar under every tab.
 */
export function PlaygroundColumns({ editor, request, response }: { editor: ReactNode; request: ReactNode; response: ReactNode }) {
  const { layoutStore } = useLayout();
  const lessonOpen = useStore(layoutStore, (s) => s.lessonOpen);
  const narrow = useNarrow();
  const exchangeSplit = useStore(useRequest().requestStore, ({ spec }) => exchangeSplitOf(spec));
  const open = useActiveExercise();
  const making = useStore(useExerciseDraft().draftStore, (s) => s.open);
  const lesson = (
    <Pane key="lesson" title="Lesson">
      {making ? (
        <ExerciseMaker />
      ) : open ? (
        <ExercisePane id={open.id} exercise={open.exercise} checksBar={!narrow} />
      ) : (
        <LessonPane checksBar={!narrow} />
      )}
    </Pane>
  );
  if (narrow) {
    return (
      <StackedPanes
        panes={[
          { id: 'lesson', label: 'Lesson', content: lesson },
          { id: 'code', label: 'Code', content: editor },
          { id: 'request', label: 'Request', content: request },
          { id: 'response', label: 'Response', content: response },
        ]}
        footer={open ? <ChecksBar lesson={exerciseAsLesson(open.id, open.exercise)} /> : <ActiveChecksBar />}
      />
    );
  }
  const exchange = (
    <Split key="exchange" id={exchangeSplit} direction="column" labels={['Resize request and response']}>
      {request}
      {response}
    </Split>
  );
  return lessonOpen ? (
    <Split id="columns" direction="row" labels={['Resize notes and editor', 'Resize editor and requests']}>
      {lesson}
      <Fragment key="editor">{editor}</Fragment>
      {exchange}
    </Split>
  ) : (
    <Split id="columns-no-lesson" direction="row" labels={['Resize editor and requests']}>
      <Fragment key="editor">{editor}</Fragment>
      {exchange}
    </Split>
  );
}
