/**
 * "Changes on every create": a field (a created id) that must differ each time the same request is sent. The check
 * captures it and, as its last step, sends the request again: the new answer's field must differ from the capture.
 * Last, so the flow's other steps (a list read back) see one create, as recorded.
 */
import type { CheckRequest, CheckStep } from '../format/check-format.ts';
import { captureName } from './capture-name.ts';

/** Keys that name an id (`id`, `todoId`, `user_id`): their values are what a later request sends back. */
export const ID_KEY = /(^|[_a-z])(id|Id|ID)$/;

/** Whether a field of an answer is one "changes on every create" is proposed for: an id a POST answered. */
export function isCreatedId(method: string, path: string): boolean {
  return method === 'POST' && ID_KEY.test(path.split('.').at(-1) ?? '');
}

/**
 * The captures of a step (answering `status`) with its `fresh` fields captured too (a capture it has already is
 * reused), and the step sending `request` again that checks each differs from its capture; none when there are none.
 */
export function freshIdSteps(
  status: number,
  choices: { fresh?: readonly string[]; capture?: Readonly<Record<string, string>> },
  request: CheckRequest,
  taken: Set<string>,
): { capture: Record<string, string> | undefined; repeat: CheckStep | null } {
  const fresh = choices.fresh ?? [];
  if (fresh.length === 0) return { capture: choices.capture && { ...choices.capture }, repeat: null };
  const capture: Record<string, string> = { ...choices.capture };
  for (const name of Object.keys(capture)) taken.add(name);
  const kinds = Object.fromEntries(
    fresh.map((path) => {
      const name = Object.keys(capture).find((key) => capture[key] === path) ?? captureName(path, taken);
      capture[name] = path;
      return [path, { type: 'differs' as const, capture: name }];
    }),
  );
  return { capture, repeat: { request, expect: { status, kinds } } };
}
