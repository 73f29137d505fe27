import { readChecksJson, type ChecksReading } from '../../runtime/course/exercises/checks-json.ts';
import type { ExerciseDraftPart } from './draft-store.ts';

/**
 * Reads the checks edited as JSON and, when they are valid, replaces the draft's checks with them; an
 * invalid text changes nothing. Apart from the draft store, which the page loads eagerly: the reader and
 * its JSON parser load with the checks editor.
 */
export function applyChecksJson(draft: Pick<ExerciseDraftPart, 'setChecks'>, text: string): ChecksReading {
  const reading = readChecksJson(text);
  if ('checks' in reading) draft.setChecks(reading.checks);
  return reading;
}
