import type { CheckExpect, CheckRequest } from '../format/check-format.ts';
import type { ActualResponse } from './compare-response.ts';

/** The outcome of one step of a check (a WebSocket step reads as a request `WS <path> (<name>)`). */
export interface StepResult {
  /** The request as sent (captured values filled in). */
  request: CheckRequest;
  /** What the response had to look like. */
  expected: CheckExpect;
  /** What came back; status 0 and an empty body when no response arrived. */
  actual: ActualResponse;
  /** Expected-vs-actual explanations; empty when the step passed. */
  failures: string[];
}
