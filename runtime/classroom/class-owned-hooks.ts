/** The hooks on what learners send, their results and their code: a learner sends and reads their own, the teacher reads everyone's. */
import { HttpException, type Router, type ServiceParams } from 'halo';
import { identityOf } from './class-caller.ts';
import type { ClassContext } from './class-context.ts';
import { CLASS_SERVICES, CODE_INPUT, parseInput, RESULT_INPUT } from './class-protocol.ts';
import { forbidden, validated } from './class-refusals.ts';

/** The learner who calls; only a learner sends results and code. */
function callingLearner(params: ServiceParams, service: string): string {
  const identity = identityOf(params);
  if (identity.role !== 'learner') throw forbidden(`Turn sharing on to send ${service}.`);
  return identity.learnerId;
}

/** The hook on every call of `service`: who may send, and whose records each caller reads. */
const ownedBy = (service: string) => (event: { eventName: string; id: unknown; params: ServiceParams }) => {
  const identity = identityOf(event.params);
  if (event.eventName === 'created') {
    if (identity.role !== 'learner') throw forbidden(`Turn sharing on to send ${service}.`);
    return;
  }
  if (identity.role === 'teacher') return;
  if (identity.role !== 'learner') throw forbidden(`Only the teacher sees the learners' ${service}.`);
  if (event.eventName === 'indexed') event.params.query = { learnerId: identity.learnerId };
  else if (String(event.id) !== identity.learnerId && !String(event.id).startsWith(`${identity.learnerId}:`))
    throw forbidden(`A learner sees only their own ${service}.`);
};

/** Mounts the learners' results and code on `api`, each checked against the class's lessons and checks. */
export function useLearnerWork(api: Router, { info, results, code }: ClassContext): void {
  const checksOf = new Map(info.lessons.map((lesson) => [lesson.id, lesson.checks.length]));

  const resultsHooked = api.use(CLASS_SERVICES.results, results);
  resultsHooked.beforeAll(ownedBy('results'));
  resultsHooked.before('created', (event) => {
    const input = validated(parseInput(RESULT_INPUT, event.data), 'result');
    const checks = checksOf.get(input.lesson);
    if (checks === undefined || input.check >= checks)
      throw HttpException.badRequest({ message: `The class has no check ${input.check} in lesson or exercise "${input.lesson}".` });
    event.data = { ...input, learnerId: callingLearner(event.params, 'results') } as never;
  });

  const codeHooked = api.use(CLASS_SERVICES.code, code);
  codeHooked.beforeAll(ownedBy('code'));
  codeHooked.before('created', (event) => {
    const input = validated(parseInput(CODE_INPUT, event.data), 'program');
    if (!checksOf.has(input.lesson)) throw HttpException.badRequest({ message: `The class has no lesson or exercise "${input.lesson}".` });
    event.data = { ...input, learnerId: callingLearner(event.params, 'code') } as never;
  });
}
