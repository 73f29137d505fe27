/**
 * The class app's WebSocket: the connect hook checks the class code or the teacher key, and the publish filter sends
 * the teacher every change and each learner only changes to their own records.
 */
import { HttpException, websocket, type App } from 'halo';
import { connectionIdentity, credentialsOf } from './class-caller.ts';
import type { ClassContext } from './class-context.ts';
import type { Identity } from './class-identity.ts';
import { CLASS_SERVICES, CLASS_SOCKET_PATH } from './class-protocol.ts';
import { SocketCaps } from './socket-caps.ts';

/** A field of a published record (undefined when the record has none). */
function fieldOf(record: unknown, name: 'id' | 'learnerId'): unknown {
  return typeof record === 'object' && record !== null && name in record ? Reflect.get(record, name) : undefined;
}

/** The learner `identity` names, if it names one. */
function identityLearner(identity: Identity): string | undefined {
  return identity.role === 'learner' ? identity.learnerId : undefined;
}

/**
 * Opens the class's WebSocket on `app`, for those who give the class code or the teacher key, each learner and each
 * address within its socket caps (see SocketCaps).
 */
export function openClassSocket(app: App, { guard, learners }: ClassContext): void {
  const caps = new SocketCaps(guard.limits, (address) => guard.limited(address));
  websocket(app, {
    path: CLASS_SOCKET_PATH,
    maxMessageBytes: 256 * 1024,
    connect: (connection) => {
      const identity = guard.identify(
        credentialsOf((name) => connection.query[name]),
        connection.remoteAddress,
      );
      if (identity.role === 'anonymous') throw HttpException.notAuthenticated({ message: 'Give the class code or the teacher key.' });
      caps.take(connection, identity);
      connection.data.identity = identity;
      if (identity.role === 'learner') connection.data.learnerId = identity.learnerId;
    },
    disconnect: (connection) => caps.release(connection),
    // The teacher gets every change; a learner only changes to their own records (their removal too); anyone else nothing.
    publish: (data, connection, event) => {
      const identity = connectionIdentity(connection, learners);
      if (identity.role === 'teacher') return true;
      if (event === `${CLASS_SERVICES.learners} removed`)
        return fieldOf(data, 'id') === (connection.data.learnerId ?? identityLearner(identity));
      if (identity.role !== 'learner') return false;
      const owner = fieldOf(data, event.startsWith(`${CLASS_SERVICES.learners} `) ? 'id' : 'learnerId');
      return owner === identity.learnerId;
    },
  });
}
