import { useEffect, useRef } from 'react';
import { useStore } from '../state/store.ts';
import { useProgress } from '../state/progress-store.ts';
import { SCRATCH } from './workspace-store.ts';
import { useCourse } from './course/catalog.ts';
import { useCourseEnd } from './course-end-store.ts';
import { useGoTo } from './use-go-to.ts';

/** The end of the course: what the lessons taught, and where to go on (the free playground, Node). */
export function CourseComplete() {
  const { progressStore } = useProgress();
  const { courseEndStore } = useCourseEnd();
  const completed = useStore(progressStore, (s) => s.completed);
  const { lessons } = useCourse();
  const goTo = useGoTo();
  const heading = useRef<HTMLHeadingElement>(null);
  const done = lessons.filter((l) => completed.includes(l.id)).length;
  const last = lessons[lessons.length - 1];
  // The panel replaces the text under the button that opened it: move focus so it is announced.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="course-complete-title" className="flex flex-col gap-3 p-3 text-sm leading-relaxed" data-lesson-start>
      <h2 id="course-complete-title" ref={heading} tabIndex={-1} className="text-lg font-bold">
        Course complete
      </h2>
      <p>
        You reached the end of the Halo course: {done} of {lessons.length} lessons have all their checks passing.
        {done < lessons.length && ' The others wait in the lesson list, marked ○.'}
      </p>
      <h3 className="font-semibold">What you learned</h3>
      <ol className="list-decimal pl-5">
        {lessons.map((lesson) => (
          <li key={lesson.id}>
            <span className="font-semibold">{lesson.title}</span>
            {lesson.summary && <span>: {lesson.summary}</span>}
          </li>
        ))}
      </ol>
      <h3 className="font-semibold">What next</h3>
      <ul className="list-disc pl-5">
        <li>
          <a
            href={`?lesson=${SCRATCH}`}
            className="text-blue-800 underline dark:text-blue-300"
            onClick={(e) => {
              e.preventDefault();
              goTo(SCRATCH);
            }}
          >
            Open the free playground
          </a>{' '}
          and write your own program, or start from a template (the toolbar's “Free playground…” menu).
        </li>
        <li>“Download as Node project” in the toolbar gives you your program to run with Node on your machine.</li>
      </ul>
      <div>
        <button type="button" className="btn-ghost" onClick={() => courseEndStore.set({ shown: false })}>
          Back to lesson {last.number}
        </button>
      </div>
    </section>
  );
}
