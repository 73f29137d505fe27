import { stepsOf } from '../../../runtime/checks/check-format.ts';
import type { RequestPart } from './request-store.ts';
import { findLesson } from '../../lessons/course/catalog.ts';
import { specFromCheck } from './spec-from-check.ts';

/** Sets the request panel to the first request of lesson `id`'s first check (nothing for scratch). */
export function prefillRequest({ requestStore }: RequestPart, id: string): void {
  const first = findLesson(id)?.checks[0];
  if (first) requestStore.set({ spec: specFromCheck(stepsOf(first)[0].request) });
}
