import { useEffect, useRef, useState } from 'react';
import { useStore } from '../state/store.ts';
import { resetWorkspace, workspaceStore } from '../state/workspace-store.ts';
import { findLesson, type Lesson } from '../lessons/catalog.ts';
import { LessonNav } from './lesson-nav.tsx';
import { LessonMarkdown } from './lesson-markdown.tsx';
import { CheckList } from './check-list.tsx';
import { ChecksBar } from './checks-bar.tsx';
import { SolutionDialog } from './solution-dialog.tsx';
import { ScratchNotes } from './scratch-notes.tsx';

function LessonBody({ lesson }: { lesson: Lesson }) {
  const [showSolution, setShowSolution] = useState(false);
  return (
    <article aria-label={`Lesson ${lesson.number}: ${lesson.title}`} tabIndex={-1} data-lesson-start className="p-3 text-sm leading-relaxed">
      <LessonMarkdown text={lesson.text} />
      <CheckList lesson={lesson} />
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn-ghost" onClick={() => setShowSolution(true)}>
          Show solution
        </button>
        <button
          type="button"
          className="btn-ghost"
          onClick={() => window.confirm('Replace your code with the starter code of this lesson?') && resetWorkspace()}
        >
          Reset to starter
        </button>
      </div>
      {showSolution && <SolutionDialog lesson={lesson} onClose={() => setShowSolution(false)} />}
    </article>
  );
}

/** The lesson pane: the lesson list, the open lesson's text, checks and actions (or notes in the free playground). */
export function LessonPane() {
  const active = useStore(workspaceStore, (s) => s.active);
  const lesson = findLesson(active);
  const scroller = useRef<HTMLDivElement>(null);
  // A new lesson starts at its beginning, not where the previous one was scrolled to.
  useEffect(() => {
    // A block body: Chromium's scrollTo returns a promise, which React would take for a cleanup function.
    scroller.current?.scrollTo({ top: 0 });
  }, [active]);
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-slot="lesson">
      <LessonNav />
      <div ref={scroller} data-lesson-scroller className="min-h-0 flex-1 overflow-auto">{lesson ? <LessonBody key={lesson.id} lesson={lesson} /> : <ScratchNotes />}</div>
      {lesson && <ChecksBar lesson={lesson} />}
    </div>
  );
}
