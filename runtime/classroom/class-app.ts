/**
 * The class server as a Halo app: services for the class, its learners and their results (and the code a
 * learner chooses to show), hooks that check who calls and what they send, publish filters so the teacher
 * sees every change and each learner only their own, and the WebSocket provider's connect hook checking
 * the class code or the teacher key. It imports nothing but the public `halo` API: a case study of a real app.
 */
import {
  AnonymousService,
  App,
  HttpException,
  SocketConnection,
  websocket,
  type Handler,
  type ServiceParams,
  type ServiceResult,
} from 'halo';
import { classCsv } from './class-csv.ts';
import { ClassGuard, TooManyCalls, type ClassLimits } from './class-guard.ts';
import type { Identity } from './class-identity.ts';
import {
  CLASS_CHANGE_INPUT,
  CLASS_EXPORT_PATH,
  CLASS_HEADERS,
  CLASS_SERVICES,
  CLASS_SOCKET_PATH,
  CODE_INPUT,
  joinInput,
  parseInput,
  renameInput,
  RESULT_INPUT,
  type ClassCredentials,
  type ClassInfo,
  type ClassPublicInfo,
} from './class-protocol.ts';
import type { ClassTables } from './class-tables.ts';
import { normaliseName } from './learner-names.ts';
import { LearnersService, REMOVED_BY_TEACHER } from './learners-service.ts';
import { ResultsService } from './results-service.ts';
import { SharedCodeService } from './shared-code-service.ts';

/** The class to serve, and its limits. */
export interface ClassOptions {
  /** The class as the dashboard shows it (code, join address, lessons and checks, cap and lock). */
  info: ClassInfo;
  /** The teacher's key: random, printed in the terminal, never sent to a learner. */
  teacherKey: string;
  /** Where the class keeps its records (memory, or a `--keep` database). */
  tables: ClassTables;
  /** Every limit of the class (DEFAULT_CLASS_LIMITS; `info.maxLearners` is the learner cap). */
  limits: Omit<ClassLimits, 'maxLearners'>;
  /** The exercises the class serves, by id: their `.halo-exercise` text (their columns are in `info.lessons`). */
  exerciseFiles?: ReadonlyMap<string, string>;
  /** The code of the class this server ran before (restarted without `--keep`): looking it up answers this class. */
  previousCode?: string;
}

/** The names of the class credentials, as ClassCredentials and CLASS_HEADERS name them. */
const CREDENTIALS: (keyof ClassCredentials)[] = ['key', 'code', 'learner', 'secret'];

/** The credentials `valueOf` finds, by name (a name it finds no value for is left out). */
function credentialsOf(valueOf: (name: keyof ClassCredentials) => string | undefined): ClassCredentials {
  const credentials: ClassCredentials = {};
  for (const name of CREDENTIALS) {
    const value = valueOf(name);
    if (value !== undefined) credentials[name] = value;
  }
  return credentials;
}

/** A field of a published record (undefined when the record has none). */
function fieldOf(record: unknown, name: 'id' | 'learnerId'): unknown {
  return typeof record === 'object' && record !== null && name in record ? Reflect.get(record, name) : undefined;
}

/** The learner who calls; only a learner sends results and code. */
function callingLearner(params: ServiceParams, service: string): string {
  const identity = identityOf(params);
  if (identity.role !== 'learner') throw forbidden(`Turn sharing on to send ${service}.`);
  return identity.learnerId;
}

/** True when `value` is an Identity (what identifyCaller and the connect hook store). */
function isIdentity(value: unknown): value is Identity {
  if (typeof value !== 'object' || value === null || !('role' in value)) return false;
  if (value.role === 'learner') return 'learnerId' in value && typeof value.learnerId === 'string';
  return value.role === 'teacher' || value.role === 'member' || value.role === 'anonymous';
}

/** Who made a call: what identifyCaller put in the params (anonymous for a server-side call). */
function identityOf(params: ServiceParams | undefined): Identity {
  const identity = params?.identity;
  return isIdentity(identity) ? identity : { role: 'anonymous' };
}

/** The id of the one record a create or remove answered (undefined for a list or a page). */
function recordId(result: ServiceResult<{ id: string }> | undefined): string | undefined {
  return result && 'id' in result ? result.id : undefined;
}

/** The client address identifyCaller put in the params ('' for a server-side call). */
function addressOf(params: ServiceParams | undefined): string {
  const address = params?.address;
  return typeof address === 'string' ? address : '';
}

function forbidden(message: string): HttpException {
  return HttpException.forbidden({ message });
}

/** `value` as `schema` parses it (trimmed, normalised, capped): what the services store; else a 400 naming every problem. */
function validated<T>(result: { ok: true; value: T } | { ok: false; issues: string[] }, what: string): T {
  if (!result.ok) throw HttpException.badRequest({ message: `Not a valid ${what}.`, errors: result.issues });
  return result.value;
}

/** Makes the class app: mount it on a Node server with `attachWebSockets` (class-server.ts does). */
export async function createClassApp(options: ClassOptions): Promise<App> {
  const { info, teacherKey, tables } = options;
  const learners = await LearnersService.open(tables.learners);
  const results = await ResultsService.open(tables.results);
  const code = await SharedCodeService.open(tables.code);
  const guard = new ClassGuard(
    {
      code: info.code,
      teacherKey,
      isLearner: (id, secret) => learners.isLearner(id, secret),
      wasRemoved: (id, secret) => learners.wasRemoved(id, secret),
    },
    { ...options.limits, maxLearners: info.maxLearners },
  );
  const checksOf = new Map(info.lessons.map((lesson) => [lesson.id, lesson.checks.length]));
  const exerciseFiles = options.exerciseFiles ?? new Map<string, string>();
  const exercises = info.lessons.filter((lesson) => exerciseFiles.has(lesson.id)).map(({ id, title }) => ({ id, title }));
  const joinSchema = joinInput(normaliseName);
  const renameSchema = renameInput(normaliseName);

  /** A connection's identity now: a learner the teacher (or they themselves) removed is only a member again. */
  const connectionIdentity = (connection: SocketConnection): Identity => {
    const identity = identityOf(connection.data);
    if (identity.role !== 'learner' || learners.has(identity.learnerId)) return identity;
    const member: Identity = { role: 'member' };
    connection.data.identity = member;
    return member;
  };

  // Who calls, for every route and service below: the connection's identity over WebSocket, the headers over REST.
  const identifyCaller: Handler = (req) => {
    const connection = req.serviceParams.connection;
    const identity =
      connection instanceof SocketConnection
        ? connectionIdentity(connection)
        : guard.identify(
            credentialsOf((name) => req.headers[CLASS_HEADERS[name]]?.[0]),
            req.remoteAddress,
          );
    guard.countCall(identity, req.remoteAddress);
    req.serviceParams.identity = identity;
    req.serviceParams.address = req.remoteAddress;
    return true;
  };

  const app = new App({ bodyLimit: 256 * 1024 });
  // A 429 says when to try again, wherever it was thrown (the guard, a class code looked up).
  const answerError = app.errorHandler;
  app.errorHandler = (error, req, res) => {
    if (error instanceof TooManyCalls) res.headers['retry-after'] = String(error.retryAfterSeconds);
    return answerError(error, req, res);
  };
  const api = app.chain([identifyCaller]);

  const classes = api.use(
    CLASS_SERVICES.classes,
    new AnonymousService<string, ClassInfo | ClassPublicInfo>({
      index: () => [info],
      // Anyone may try a code; only the right one answers, with the class's title. A wrong one is a guess.
      read: (id, params) => {
        const address = addressOf(params);
        guard.refuseGuessing(address);
        const code = String(id).trim().toUpperCase();
        // A learner of the class before the restart finds this one: their page offers to join it.
        if (code !== info.code && code !== options.previousCode) {
          guard.countGuess(address);
          throw HttpException.notFound({ message: 'No class has this code.' });
        }
        return { code: info.code, title: info.title, ...(exercises.length > 0 ? { exercises } : {}) };
      },
      // The teacher's lock switch (hooks check who and what).
      modify: async (id, data) => {
        if (String(id).trim().toUpperCase() !== info.code) throw HttpException.notFound({ message: 'No class has this code.' });
        info.joiningLocked = validated(parseInput(CLASS_CHANGE_INPUT, data), 'change of the class').joiningLocked;
        await tables.classes.put('class', { code: info.code, teacherKey, joiningLocked: info.joiningLocked });
        return info;
      },
    }),
  );
  classes.before(['indexed', 'modified'], (event) => {
    if (identityOf(event.params).role !== 'teacher') throw forbidden('Only the teacher sees and changes the class.');
  });

  // A member of the class fetches an exercise to open it in their playground, as a file.
  api.use(
    CLASS_SERVICES.exercises,
    new AnonymousService<string, string>({
      read: (id, params) => {
        if (identityOf(params).role === 'anonymous') throw forbidden('Join with the class code to open its exercises.');
        const text = exerciseFiles.get(String(id));
        if (text === undefined) throw HttpException.notFound({ message: 'The class has no such exercise.' });
        return text;
      },
    }),
  );

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

  /** Results and code: a learner sends and reads their own, the teacher reads everyone's. */
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

  api.get(CLASS_EXPORT_PATH, async (req, res) => {
    if (identityOf(req.serviceParams).role !== 'teacher') throw forbidden('Only the teacher exports the class.');
    res.headers['content-type'] = 'text/csv; charset=utf-8';
    res.headers['content-disposition'] = `attachment; filename="class-${info.code}.csv"`;
    res.write(classCsv(info.lessons, await learners.index(), await results.index(), await code.index()));
  });

  websocket(app, {
    path: CLASS_SOCKET_PATH,
    maxMessageBytes: 256 * 1024,
    connect: (connection) => {
      const identity = guard.identify(
        credentialsOf((name) => connection.query[name]),
        connection.remoteAddress,
      );
      if (identity.role === 'anonymous') throw HttpException.notAuthenticated({ message: 'Give the class code or the teacher key.' });
      connection.data.identity = identity;
      if (identity.role === 'learner') connection.data.learnerId = identity.learnerId;
    },
    // The teacher gets every change; a learner only changes to their own records (their removal too); anyone else nothing.
    publish: (data, connection, event) => {
      const identity = connectionIdentity(connection);
      if (identity.role === 'teacher') return true;
      if (event === `${CLASS_SERVICES.learners} removed`)
        return fieldOf(data, 'id') === (connection.data.learnerId ?? identityLearner(identity));
      if (identity.role !== 'learner') return false;
      const owner = fieldOf(data, event.startsWith(`${CLASS_SERVICES.learners} `) ? 'id' : 'learnerId');
      return owner === identity.learnerId;
    },
  });
  return app;
}

function identityLearner(identity: Identity): string | undefined {
  return identity.role === 'learner' ? identity.learnerId : undefined;
}
