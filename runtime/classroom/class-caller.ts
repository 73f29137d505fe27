/**
 * Who calls the class app: read once per call from the WebSocket connection or the REST headers, and kept in the
 * service params where every hook reads it.
 */
import { SocketConnection, type Handler, type ServiceParams } from 'halo';
import type { ClassContext } from './class-context.ts';
import type { Identity } from './class-identity.ts';
import { CLASS_HEADERS, type ClassCredentials } from './class-protocol.ts';
import type { LearnersService } from './learners-service.ts';

/** The names of the class credentials, as ClassCredentials and CLASS_HEADERS name them. */
const CREDENTIALS: (keyof ClassCredentials)[] = ['key', 'code', 'learner', 'secret'];

/** The credentials `valueOf` finds, by name (a name it finds no value for is left out). */
export function credentialsOf(valueOf: (name: keyof ClassCredentials) => string | undefined): ClassCredentials {
  const credentials: ClassCredentials = {};
  for (const name of CREDENTIALS) {
    const value = valueOf(name);
    if (value !== undefined) credentials[name] = value;
  }
  return credentials;
}

/** True when `value` is an Identity (what identifyCaller and the connect hook store). */
function isIdentity(value: unknown): value is Identity {
  if (typeof value !== 'object' || value === null || !('role' in value)) return false;
  if (value.role === 'learner') return 'learnerId' in value && typeof value.learnerId === 'string';
  return value.role === 'teacher' || value.role === 'member' || value.role === 'anonymous';
}

/** Who made a call: what identifyCaller put in the params (anonymous for a server-side call). */
export function identityOf(params: ServiceParams | undefined): Identity {
  const identity = params?.identity;
  return isIdentity(identity) ? identity : { role: 'anonymous' };
}

/** The client address identifyCaller put in the params ('' for a server-side call). */
export function addressOf(params: ServiceParams | undefined): string {
  const address = params?.address;
  return typeof address === 'string' ? address : '';
}

/** A connection's identity now: a learner the teacher (or they themselves) removed is only a member again. */
export function connectionIdentity(connection: SocketConnection, learners: LearnersService): Identity {
  const identity = identityOf(connection.data);
  if (identity.role !== 'learner' || learners.has(identity.learnerId)) return identity;
  const member: Identity = { role: 'member' };
  connection.data.identity = member;
  return member;
}

/** The middleware that says who calls, for every route and service: the connection's identity over WebSocket, the headers over REST. */
export function identifyCaller({ guard, learners }: ClassContext): Handler {
  return (req) => {
    const connection = req.serviceParams.connection;
    const identity =
      connection instanceof SocketConnection
        ? connectionIdentity(connection, learners)
        : guard.identify(
            credentialsOf((name) => req.headers[CLASS_HEADERS[name]]?.[0]),
            req.remoteAddress,
          );
    guard.countCall(identity, req.remoteAddress);
    req.serviceParams.identity = identity;
    req.serviceParams.address = req.remoteAddress;
    return true;
  };
}
