import { useCourse, type Lesson } from './course/catalog.ts';

function Mark({ done }: { done: boolean }) {
  return (
    <span aria-hidden="true" className={`inline-block w-4 shrink-0 text-center ${done ? 'text-green-700 dark:text-green-400' : 'text-slate-500 dark:text-slate-400'}`}>
      {done ? '✓' : '○'}
    </span>
  );
}

/** One entry of the lesson list: its completion mark, number and title. */
function LessonLink({ lesson, active, done, onChoose }: { lesson: Lesson; active: boolean; done: boolean; onChoose: (id: string) => void }) {
  return (
    <button
      type="button"
      className="lesson-link flex w-full gap-1 rounded px-1 py-0.5 text-left hover:bg-slate-100 aria-[current=page]:bg-blue-50 aria-[current=page]:font-semibold dark:hover:bg-slate-800 dark:aria-[current=page]:bg-slate-800"
      aria-current={active ? 'page' : undefined}
      onClick={() => onChoose(lesson.id)}
    >
      <Mark done={done} />
      <span>
        {lesson.number}. {lesson.title}
        {done && <span className="sr-only"> (complete)</span>}
      </span>
    </button>
  );
}

/** The course's lessons by chapter, each under its title and one-line introduction, with completion marks. */
export function ChapterList({ active, completed, onChoose: choose }: { active: string; completed: string[]; onChoose: (id: string) => void }) {
  const { chapters } = useCourse();
  // A course of one chapter (no course file) needs no chapter headings: its title is the course's.
  const manyChapters = chapters.length > 1;
  return (
    <>
      {chapters.map((chapter, chapterIndex) => (
      <section key={chapter.title} aria-labelledby={manyChapters ? `chapter-${chapterIndex}` : undefined}>
        {manyChapters && (
          <>
            <h3 id={`chapter-${chapterIndex}`} className="mt-2 px-1 text-xs font-semibold tracking-wide uppercase text-slate-700 dark:text-slate-300">
              {chapter.title}
            </h3>
            {chapter.intro && <p className="px-1 text-xs text-slate-700 dark:text-slate-300">{chapter.intro}</p>}
          </>
        )}
        <ol start={chapter.lessons[0]?.number} className="mt-1 flex flex-col">
          {chapter.lessons.map((lesson) => (
            <li key={lesson.id}>
              <LessonLink lesson={lesson} active={lesson.id === active} done={completed.includes(lesson.id)} onChoose={choose} />
            </li>
          ))}
        </ol>
      </section>
    ))}
    </>
  );
}
