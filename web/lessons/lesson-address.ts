import { useEffect } from 'react';
import { useStore } from '../state/store.ts';
import { SCRATCH, useWorkspace } from './workspace-store.ts';
import { useCourse, type Course } from './course/catalog.ts';
import { useGoTo } from './use-go-to.ts';
import { useExercises } from '../state/exercises-store.ts';

const APP_TITLE = 'Halo Playground';

/** The document title for workspace `id`: the lesson's number and name first, so tabs and history tell lessons apart. */
function workspaceTitle(id: string, { findLesson }: Course): string {
  const lesson = findLesson(id);
  if (lesson) return `${lesson.number}. ${lesson.title} — ${APP_TITLE}`;
  return id === SCRATCH ? `Free playground — ${APP_TITLE}` : APP_TITLE;
}

/**
 * Keeps the address and the title on the open lesson or exercise: each one the learner moves to is a
 * history entry (`?lesson=<id>`), so Back and Forward move between them and a reload stays on the lesson.
 * An exercise the learner has not chosen to run yet (from a link or a file) comes back held behind the
 * same click as when it opened.
 */
export function useLessonAddress(): void {
  const { workspaceStore, showUnchosen, isWorkspace } = useWorkspace();
  const course = useCourse();
  const { findExercise, isChosen } = useExercises();
  const active = useStore(workspaceStore, (s) => s.active);
  const goTo = useGoTo();

  useEffect(() => {
    document.title = workspaceTitle(active, course);
    const url = new URL(location.href);
    url.searchParams.set('lesson', active);
    // The page's first lesson (from storage, or instead of a bad link) corrects the address in place.
    if ((history.state as { haloLesson?: string } | null)?.haloLesson === undefined) return history.replaceState({ ...history.state, haloLesson: active }, '', url);
    if (new URL(location.href).searchParams.get('lesson') === active) return;
    // A move adds an entry; it leaves a shared link's fragment behind, which described the page the learner came from.
    url.hash = '';
    history.pushState({ haloLesson: active }, '', url);
  }, [active, course]);

  useEffect(() => {
    const onPopState = () => {
      const id = new URL(location.href).searchParams.get('lesson');
      if (!id) return;
      const exercise = findExercise(id);
      if (exercise && !isChosen(id)) showUnchosen(exercise.starter, true, id);
      else if (exercise || isWorkspace(id)) goTo(id);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [goTo, findExercise, isChosen, showUnchosen, isWorkspace]);
}
