/**
 * The class server as a Halo app: services for the class, its learners and their results (and the code a
 * learner chooses to show), hooks that check who calls and what they send, publish filters so the teacher
 * sees every change and each learner only their own, and the WebSocket provider's connect hook checking
 * the class code or the teacher key. Everything lives in memory and is gone when the class ends.
 */
import { App } from '../framework/app.ts';
import type { Handler } from '../framework/handler.ts';
import { HttpException } from '../framework/http-exception.ts';
import type { RequestContext } from '../framework/request-context.ts';
import { AnonymousService } from '../framework/services/anonymous-service.ts';
import type { ServiceParams } from '../framework/services/service-params.ts';
import { SocketConnection } from '../framework/providers/websocket/socket-connection.ts';
import { websocket } from '../framework/providers/websocket/websocket-provider.ts';
import { classCsv } from './class-csv.ts';
import { identify, type Identity } from './class-identity.ts';
import {
  CLASS_EXPORT_PATH,
  CLASS_HEADERS,
  CLASS_SERVICES,
  CLASS_SOCKET_PATH,
  CODE_INPUT,
  inputIssues,
  JOIN_INPUT,
  RESULT_INPUT,
  type ClassCredentials,
  type ClassInfo,
  type ClassPublicInfo,
} from './class-protocol.ts';
import { LearnersService } from './learners-service.ts';
import { PerKeyRateLimit } from './per-key-rate-limit.ts';
import { ResultsService, type ResultInput } from './results-service.ts';
import { SharedCodeService } from './shared-code-service.ts';

/** The class to serve, and its limits. */
interface ClassOptions {
  /** The class as the dashboard shows it (code, join address, lessons and checks). */
  info: ClassInfo;
  /** The teacher's key: random, printed in the terminal, never sent to a learner. */
  teacherKey: string;
  /** Calls one learner (or, all together, everyone without a learner id yet) may make per minute. Default 120. */
  callsPerMinute?: number;
  /** How many learners may share at once. Default 300. */
  maxLearners?: number;
  /** The exercises the class serves, by id: their `.halo-exercise` text (their columns are in `info.lessons`). */
  exerciseFiles?: ReadonlyMap<string, string>;
}

/** The calls every caller without a learner id shares (joining): generous, as a whole class joins at once. */
const MEMBER_CALLS_PER_MINUTE = 1200;

/** Credentials from REST headers (the first value of each). */
function credentialsOfHeaders(req: RequestContext): ClassCredentials {
  const credentials: ClassCredentials = {};
  for (const [name, header] of Object.entries(CLASS_HEADERS) as [keyof typeof CLASS_HEADERS, string][]) {
    const value = req.headers[header]?.[0];
    if (value !== undefined) credentials[name] = value;
  }
  return credentials;
}

/** Credentials from a WebSocket upgrade's query (`?code=…&learner=…&secret=…` or `?key=…`). */
function credentialsOfQuery(query: Record<string, string>): ClassCredentials {
  const credentials: ClassCredentials = {};
  for (const name of Object.keys(CLASS_HEADERS) as (keyof typeof CLASS_HEADERS)[])
    if (query[name] !== undefined) credentials[name] = query[name];
  return credentials;
}

function identityOf(params: ServiceParams | undefined): Identity {
  return (params?.identity as Identity | undefined) ?? { role: 'anonymous' };
}

function forbidden(message: string): HttpException {
  return HttpException.forbidden({ message });
}

function validated<T>(schema: Parameters<typeof inputIssues>[0], value: unknown, what: string): T {
  const issues = inputIssues(schema, value);
  if (issues.length > 0) throw HttpException.badRequest({ message: `Not a valid ${what}.`, errors: issues });
  return value as T;
}

/** Makes the class app: mount it on a Node server with `attachWebSockets` (class-server.ts does). */
export function createClassApp(options: ClassOptions): App {
  const { info, teacherKey } = options;
  const learners = new LearnersService();
  const results = new ResultsService();
  const code = new SharedCodeService();
  const secrets = { code: info.code, teacherKey, isLearner: (id: string, secret: string) => learners.isLearner(id, secret) };
  const limit = new PerKeyRateLimit(options.callsPerMinute ?? 120, 60_000);
  const memberLimit = new PerKeyRateLimit(MEMBER_CALLS_PER_MINUTE, 60_000);
  const checksOf = new Map(info.lessons.map((lesson) => [lesson.id, lesson.checks.length]));
  const exerciseFiles = options.exerciseFiles ?? new Map<string, string>();
  const exercises = info.lessons.filter((lesson) => exerciseFiles.has(lesson.id)).map(({ id, title }) => ({ id, title }));

  /** A connection's identity now: a learner the teacher (or they themselves) removed is only a member again. */
  const connectionIdentity = (connection: SocketConnection): Identity => {
    const identity = (connection.data.identity as Identity | undefined) ?? { role: 'anonymous' };
    if (identity.role !== 'learner' || learners.has(identity.learnerId)) return identity;
    const member: Identity = { role: 'member' };
    connection.data.identity = member;
    return member;
  };

  // Who calls, for every route and service below: the connection's identity over WebSocket, the headers over REST.
  const identifyCaller: Handler = (req) => {
    const connection = req.serviceParams.connection;
    const identity = connection instanceof SocketConnection ? connectionIdentity(connection) : identify(credentialsOfHeaders(req), secrets);
    const allowed =
      identity.role === 'learner' ? limit.take(identity.learnerId) : identity.role === 'teacher' || memberLimit.take('members');
    if (!allowed) throw new HttpException({ statusCode: 429, message: 'Too many calls: wait a minute.' });
    req.serviceParams.identity = identity;
    return true;
  };

  const app = new App({ bodyLimit: 256 * 1024 });
  const api = app.chain([identifyCaller]);

  const classes = api.use(
    CLASS_SERVICES.classes,
    new AnonymousService<string, ClassInfo | ClassPublicInfo>({
      index: () => [info],
      // Anyone may try a code; only the right one answers, with the class's title.
      read: (id) => {
        if (String(id).trim().toUpperCase() !== info.code) throw HttpException.notFound({ message: 'No class has this code.' });
        return { code: info.code, title: info.title, ...(exercises.length > 0 ? { exercises } : {}) };
      },
    }),
  );
  classes.before('indexed', (event) => {
    if (identityOf(event.params).role !== 'teacher') throw forbidden('Only the teacher sees the class.');
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
    if (learners.size >= (options.maxLearners ?? 300)) throw HttpException.unavailable({ message: 'The class is full.' });
    event.data = validated(JOIN_INPUT, event.data, 'learner');
  });
  learnersHooked.after('created', (event) => {
    // Over WebSocket, the connection that turned sharing on is that learner's from now on.
    const connection = event.params.connection;
    const record = event.result as { id: string };
    if (connection instanceof SocketConnection) connection.data.identity = { role: 'learner', learnerId: record.id };
  });
  learnersHooked.before(['indexed', 'read', 'removed'], (event) => {
    const identity = identityOf(event.params);
    if (identity.role === 'teacher') return;
    if (identity.role !== 'learner') throw forbidden('Only the teacher sees the learners.');
    if (event.eventName === 'indexed') event.params.query = { id: identity.learnerId };
    else if (String(event.id) !== identity.learnerId) throw forbidden('A learner sees only themselves.');
  });
  learnersHooked.after('removed', (event) => {
    const record = event.result as { id: string };
    results.forgetLearner(record.id);
    code.forgetLearner(record.id);
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
    const input = validated<Omit<ResultInput, 'learnerId'>>(RESULT_INPUT, event.data, 'result');
    const checks = checksOf.get(input.lesson);
    if (checks === undefined || input.check >= checks)
      throw HttpException.badRequest({ message: `The class has no check ${input.check} in lesson or exercise "${input.lesson}".` });
    event.data = { ...input, learnerId: (identityOf(event.params) as { learnerId: string }).learnerId } as never;
  });

  const codeHooked = api.use(CLASS_SERVICES.code, code);
  codeHooked.beforeAll(ownedBy('code'));
  codeHooked.before('created', (event) => {
    const input = validated<{ lesson: string; files: Record<string, string> }>(CODE_INPUT, event.data, 'program');
    if (!checksOf.has(input.lesson)) throw HttpException.badRequest({ message: `The class has no lesson or exercise "${input.lesson}".` });
    event.data = { ...input, learnerId: (identityOf(event.params) as { learnerId: string }).learnerId } as never;
  });

  api.get(CLASS_EXPORT_PATH, async (req, res) => {
    if (identityOf(req.serviceParams).role !== 'teacher') throw forbidden('Only the teacher exports the class.');
    res.headers['content-type'] = 'text/csv; charset=utf-8';
    res.headers['content-disposition'] = `attachment; filename="class-${info.code}.csv"`;
    res.write(classCsv(info.lessons, await learners.index(), await results.index()));
  });

  websocket(app, {
    path: CLASS_SOCKET_PATH,
    maxMessageBytes: 256 * 1024,
    connect: (connection) => {
      const identity = identify(credentialsOfQuery(connection.query), secrets);
      if (identity.role === 'anonymous') throw HttpException.notAuthenticated({ message: 'Give the class code or the teacher key.' });
      connection.data.identity = identity;
    },
    // The teacher gets every change; a learner only changes to their own records; anyone else nothing.
    publish: (data, connection, event) => {
      const identity = connectionIdentity(connection);
      if (identity.role === 'teacher') return true;
      if (identity.role !== 'learner') return false;
      const record = data as { id?: unknown; learnerId?: unknown };
      const owner = event.startsWith(`${CLASS_SERVICES.learners} `) ? record.id : record.learnerId;
      return owner === identity.learnerId;
    },
  });
  return app;
}
