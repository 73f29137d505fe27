import { flowStepsOf, isSocketStep, stepsOf, type Check, type SocketStep } from '../../../runtime/course/format/check-format.ts';
import type { RequestPart } from './request-store.ts';
import { graphqlOfCheck, specFromCheck } from './spec-from-check.ts';
import { defaultRequest, type RequestSpec } from './request-model.ts';

/**
 * The request panel as a lesson's checks set it up: the first HTTP request of the first check, and — for
 * when the text has the learner switch to them — the lesson's own first GraphQL operation in the GraphQL
 * body and its first WebSocket message in WebSocket mode, in place of the samples (which name `todos`).
 */
export function specFromChecks(checks: Check[]): RequestSpec {
  const requests = checks.flatMap(stepsOf).map((step) => step.request);
  const spec = requests[0] ? specFromCheck(requests[0]) : defaultRequest();
  const graphql = requests.map(graphqlOfCheck).find((operation) => operation !== null);
  if (graphql && spec.bodyType !== 'graphql') {
    spec.graphql = graphql.query;
    spec.variables = graphql.variables;
  }
  // A message with a captured value (`{{id}}`) means nothing on its own.
  const socket = checks
    .flatMap(flowStepsOf)
    .find((step): step is SocketStep => isSocketStep(step) && step.send !== undefined && !JSON.stringify(step.send).includes('{{'));
  if (socket) {
    spec.socketPath = socket.path ?? '/ws';
    spec.socketMessage = JSON.stringify(socket.send);
  }
  return spec;
}

/** Sets the request panel up for a lesson's checks (see {@link specFromChecks}); nothing for none (scratch). */
export function prefillRequest({ requestStore }: RequestPart, checks: Check[]): void {
  if (checks.length > 0) requestStore.set({ spec: specFromChecks(checks) });
}
