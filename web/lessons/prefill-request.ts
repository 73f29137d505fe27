import { stepsOf } from '../../lessons/lesson-format.ts';
import { requestStore } from '../request/request-store.ts';
import { findLesson } from './catalog.ts';
import { specFromCheck } from './check-request-spec.ts';

/** Sets the request panel to the first request of lesson `id`'s first check (nothing for scratch). */
export function prefillRequest(id: string): void {
  const first = findLesson(id)?.checks[0];
  if (first) requestStore.set({ spec: specFromCheck(stepsOf(first)[0].request) });
}
