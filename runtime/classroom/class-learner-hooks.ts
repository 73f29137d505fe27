/** The hooks on the class's learners: who may join, rename and remove, what a learner sees, and what a removal forgets. */
import { SocketConnection, type Router, type ServiceResult } from 'halo';
import { addressOf, identityOf } from './class-caller.ts';
import type { ClassContext } from './class-context.ts';
import { CLASS_SERVICES, joinInput, parseInput, renameInput } from './class-protocol.ts';
import { forbidden, validated } from './class-refusals.ts';
import { normaliseName } from './learner-names.ts';
import { REMOVED_BY_TEACHER } from './learners-service.ts';

/** The id of the one record a create or remove answered (undefined for a list or a page). */
function recordId(result: ServiceResult<{ id: string }> | undefined): string | undefined {
  return result && 'id' in result ? result.id : undefined;
}

/** Mounts the class's learners on `api`, with the hooks that check who joins, sees, renames and removes them. */
export function useClassLearners(api: Router, { info, guard, learners, results, code }: ClassContext): void {
  const joinSchema = joinInput(normaliseName);
  const renameSchema = renameInput(normaliseName);
  const learnersHooked = api.use(CLASS_SERVICES.learners, learners);
  learnersHooked.before('created', (event) => {
    if (identityOf(event.params).role !== 'member') throw forbidden('Join with the class code to share.');
    if (info.joiningLocked) throw forbidden('The teacher has locked the class: nobody new may join now. Ask the teacher.');
    if (learners.size >= info.maxLearners) throw forbidden(`The class is full (${info.maxLearners} learners).`);
    const address = addressOf(event.params);
    if (guard.limited(address) && learners.sharingFrom(address) >= guard.limits.learnersPerAddress)
      throw forbidden(`${guard.limits.learnersPerAddress} learners already share from your address: stop sharing on one of them first.`);
    event.data = { ...validated(parseInput(joinSchema, event.data), 'learner'), address } as never;
  });
  learnersHooked.after('created', (event) => {
    // Over WebSocket, the connection that turned sharing on is that learner's from now on.
    const connection = event.params.connection;
    const learnerId = recordId(event.result);
    if (connection instanceof SocketConnection && learnerId !== undefined) connection.data.identity = { role: 'learner', learnerId };
  });
  learnersHooked.before(['indexed', 'read', 'removed'], (event) => {
    const identity = identityOf(event.params);
    if (identity.role === 'teacher') {
      if (event.eventName === 'removed') event.params[REMOVED_BY_TEACHER] = true;
      return;
    }
    if (identity.role !== 'learner') throw forbidden('Only the teacher sees the learners.');
    if (event.eventName === 'indexed') event.params.query = { id: identity.learnerId };
    else if (String(event.id) !== identity.learnerId) throw forbidden('A learner sees only themselves.');
  });
  learnersHooked.before('modified', (event) => {
    if (identityOf(event.params).role !== 'teacher') throw forbidden('Only the teacher renames learners.');
    event.data = validated(parseInput(renameSchema, event.data), 'name') as never;
  });
  learnersHooked.after('removed', async (event) => {
    const learnerId = recordId(event.result);
    if (learnerId === undefined) return;
    await results.forgetLearner(learnerId);
    await code.forgetLearner(learnerId);
  });
}
