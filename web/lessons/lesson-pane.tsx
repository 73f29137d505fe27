import { lazy, Suspense, use, useDeferredValue, useEffect, useRef } from 'react';
import { useStore } from '../state/store.ts';
import { useWorkspace } from './workspace-store.ts';
import { useCourse, type Lesson } from './course/catalog.ts';
import { LessonNav } from './lesson-nav.tsx';
import { LessonMarkdown } from './lesson-markdown.tsx';
import { CheckList } from './check-list.tsx';
import { LessonActions } from './lesson-actions.tsx';
import { ChecksBar } from './checks-bar.tsx';
import { useCourseEnd } from './course-end-store.ts';
import { takeFocus } from './lesson-focus.ts';
import { usePrepareDatabase } from '../engine/use-prepare-database.ts';

// Shown at the course's end or in the free playground: loaded then, not with the first lesson.
const ScratchNotes = lazy(() => import('./scratch-notes.tsx').then((m) => ({ default: m.ScratchNotes })));
const CourseComplete = lazy(() => import('./course-complete.tsx').then((m) => ({ default: m.CourseComplete })));


function LessonBody({ lesson }: { lesson: Lesson }) {
  const { lessonText } = useCourse();
  const text = use(lessonText(lesson));
  return (
    <article aria-label={`Lesson ${lesson.number}: ${lesson.title}`} tabIndex={-1} data-lesson-start className="p-3 text-sm leading-relaxed">
      <LessonMarkdown text={text} />
      <CheckList lesson={lesson} />
      <LessonActions lesson={lesson} kind="lesson" />
    </article>
  );
}

/**
 * The lesson pane: the lesson list, the open lesson's text, checks and actions (or notes in the free
 * playground); `checksBar` false when the layout shows the checks bar itself (the stacked, narrow one).
 */
export function LessonPane({ checksBar = true }: { checksBar?: boolean }) {
  const { workspaceStore } = useWorkspace();
  const { courseEndStore } = useCourseEnd();
  const { findLesson } = useCourse();
  const active = useStore(workspaceStore, (s) => s.active);
  const courseEnd = useStore(courseEndStore, (s) => s.shown);
  const lesson = findLesson(active);
  usePrepareDatabase(lesson?.solution, lesson?.id);
  // The body follows once the new lesson's text has loaded: until then the previous lesson stays, never a blank pane.
  const shownId = useDeferredValue(active);
  const shown = findLesson(shownId);
  const scroller = useRef<HTMLDivElement>(null);
  // Another lesson closes the course-complete panel.
  useEffect(() => courseEndStore.set({ shown: false }), [active, courseEndStore]);
  // A new lesson (or the panel) starts at its beginning, not where the previous one was scrolled to.
  useEffect(() => {
    // A block body: Chromium's scrollTo returns a promise, which React would take for a cleanup function.
    scroller.current?.scrollTo({ top: 0 });
    takeFocus(shownId, scroller.current?.querySelector<HTMLElement>('[data-lesson-start]'));
  }, [shownId, courseEnd]);
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-slot="lesson">
      <LessonNav />
      {/* relative: the screen-reader-only spans of the check list are placed inside the scroller, never beside the page, whose
          overflow a wheel over the toolbar would then scroll out of view. */}
      <div ref={scroller} data-lesson-scroller className="relative min-h-0 flex-1 overflow-auto">
        {/* Above the keyed body: a lesson change keeps the revealed body until the next one is ready. */}
        <Suspense fallback={null}>{courseEnd ? <CourseComplete /> : shown ? <LessonBody key={shown.id} lesson={shown} /> : <ScratchNotes />}</Suspense>
      </div>
      {lesson && checksBar && <ChecksBar lesson={lesson} />}
    </div>
  );
}
