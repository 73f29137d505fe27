/**
 * What a check tests, step by step, in words: the exact comparisons it runs — what a maker's card shows, so a
 * teacher sees "equal to the value captured as "id" in step 1" where a flow compares with a capture, not "a UUID".
 */
import { flowStepsOf, isSocketStep, type Check, type CheckExpect, type JsonValue, type ValueKind } from '../format/check-format.ts';
import { jsonFields } from './json-fields.ts';
import { show } from './match-json.ts';
import { kindTest } from './value-kinds.ts';

/** One test of one step: the place it looks at (`status`, `json.id`) and the test. */
export interface StepTest {
  /** The step, from 1. */
  step: number;
  place: string;
  test: string;
}

/** The tests of an answer's JSON: each leaf compared by value (an object's other keys ignored), each kind by its test. */
function answerTests(
  json: JsonValue | undefined,
  kinds: Record<string, ValueKind> | undefined,
  capturedIn: Map<string, number>,
): [string, string][] {
  const byValue: [string, string][] =
    json === undefined
      ? []
      : jsonFields(json)
          .filter((field) => field.value === null || typeof field.value !== 'object' || Object.keys(field.value).length === 0)
          .map((field) => [`json${field.path ? `.${field.path}` : ''}`, `equal to ${show(field.value, 60)}`]);
  const byKind = Object.entries(kinds ?? {}).map(([path, kind]): [string, string] => {
    const capture = 'capture' in kind && kind.capture !== undefined ? capturedIn.get(kind.capture) : undefined;
    return [`json.${path}`, `${kindTest(kind)}${capture ? ` (captured in step ${capture})` : ''}`];
  });
  return [...byValue, ...byKind];
}

/** The tests of an HTTP step's expect besides its JSON. */
function responseTests(expect: CheckExpect): [string, string][] {
  return [
    ...(expect.status !== undefined ? [['status', `equal to ${expect.status}`] as [string, string]] : []),
    ...Object.entries(expect.headers ?? {}).map(([name, value]): [string, string] => [
      `header ${name}`,
      value === null ? 'absent' : `contains ${show(value)} (any case)`,
    ]),
    ...(expect.body !== undefined ? [['body', `equal to ${show(expect.body, 60)}`] as [string, string]] : []),
    ...[expect.bodyIncludes ?? []].flat().map((text): [string, string] => ['body', `contains ${show(text, 60)}`]),
  ];
}

/** Every test `check` runs, step by step, as a card lists them. */
export function checkTests(check: Check): StepTest[] {
  const capturedIn = new Map<string, number>();
  return flowStepsOf(check).flatMap((step, index) => {
    const tests = isSocketStep(step)
      ? step.expect === undefined
        ? []
        : answerTests(step.expect, step.kinds, capturedIn).map(([place, test]): [string, string] => [
            place.replace(/^json/, 'message'),
            test,
          ])
      : [...responseTests(step.expect), ...answerTests(step.expect.json, step.expect.kinds, capturedIn)];
    for (const name of Object.keys(step.capture ?? {})) capturedIn.set(name, index + 1);
    return tests.map(([place, test]) => ({ step: index + 1, place, test }));
  });
}
