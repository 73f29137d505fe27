import {
  CLASS_HEADERS,
  CLASS_REFUSALS,
  CLASS_SERVICES,
  type CheckFailure,
  type ClassPublicInfo,
  type LearnerRecord,
} from '../../runtime/classroom/class-protocol.ts';

/** This browser's place in a class: the code, the learner's name, their own secret, and their id while sharing. */
export interface Membership {
  code: string;
  title: string;
  name: string;
  secret: string;
  /** Set while the learner shares; null when sharing is off. */
  learnerId: string | null;
}

/** One check's outcome as a learner sends it. */
interface ResultToSend {
  lesson: string;
  check: number;
  passed: boolean;
  failure?: CheckFailure;
}

/** A refusal of the class server: its status and message. */
class ClassRefusal extends Error {
  /** The server's `message` (or a sentence with the status) and the HTTP status. */
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The class server did not answer (it is stopped or restarting, or the network is gone). */
class ClassUnreachable extends Error {}

/** Calls the class server this page was loaded from; a refusal throws a ClassRefusal with the server's message. */
async function classFetch<T>(
  path: string,
  membership: Pick<Membership, 'code'> & Partial<Membership>,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (membership.code) headers[CLASS_HEADERS.code] = membership.code;
  if (membership.learnerId && membership.secret) {
    headers[CLASS_HEADERS.learner] = membership.learnerId;
    headers[CLASS_HEADERS.secret] = membership.secret;
  }
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  let text: string;
  try {
    response = await fetch(new URL(`/${path}`, location.origin), {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    text = await response.text();
  } catch {
    throw new ClassUnreachable('The class server does not answer.');
  }
  const json = (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as unknown;
  if (!response.ok) {
    const message = (json as { message?: unknown } | null)?.message;
    throw new ClassRefusal(typeof message === 'string' ? message : `The class server answered ${response.status}.`, response.status);
  }
  return json as T;
}

/** The class with this code, or an error saying there is none. */
export function checkClassCode(code: string): Promise<ClassPublicInfo> {
  return classFetch<ClassPublicInfo>(`${CLASS_SERVICES.classes}/${encodeURIComponent(code)}`, { code });
}

/** The `.halo-exercise` text of one exercise the class serves. */
export function fetchClassExercise(membership: Membership, id: string): Promise<string> {
  return classFetch<string>(`${CLASS_SERVICES.exercises}/${encodeURIComponent(id)}`, membership);
}

/** Turns sharing on: the server learns the name and this browser's secret, and answers the learner's id. */
export function startSharing(membership: Membership): Promise<LearnerRecord> {
  return classFetch<LearnerRecord>(CLASS_SERVICES.learners, membership, {
    method: 'POST',
    body: { name: membership.name, secret: membership.secret },
  });
}

/** Turns sharing off: the server removes the learner, their results and their code. */
export async function stopSharing(membership: Membership): Promise<void> {
  await classFetch(`${CLASS_SERVICES.learners}/${encodeURIComponent(membership.learnerId ?? '')}`, membership, { method: 'DELETE' });
}

/** Sends one check's result. */
export async function sendResult(membership: Membership, result: ResultToSend): Promise<void> {
  await classFetch(CLASS_SERVICES.results, membership, { method: 'POST', body: result });
}

/** Shows the teacher one lesson's files. */
export async function showCode(membership: Membership, lesson: string, files: Record<string, string>): Promise<void> {
  await classFetch(CLASS_SERVICES.code, membership, { method: 'POST', body: { lesson, files } });
}

/** Stops showing the code. */
export async function hideCode(membership: Membership): Promise<void> {
  await classFetch(`${CLASS_SERVICES.code}/${encodeURIComponent(membership.learnerId ?? '')}`, membership, { method: 'DELETE' });
}

/** Where this browser stands with its class now. */
export type ClassLink =
  /** `name`: the learner's name as the class has it now (the teacher may have renamed them), while sharing. */
  | { state: 'live'; name?: string }
  | { state: 'unreachable' }
  /** The class is gone (a restart made a new one); `next` is the new class when the server says which. */
  | { state: 'ended'; next: ClassPublicInfo | null }
  | { state: 'removed' }
  /** The class goes on but no longer knows this learner: sharing is off. */
  | { state: 'forgotten' };

/** Asks the class server whether this membership still holds (as a learner when sharing, else by the code). */
export async function classLink(membership: Membership): Promise<ClassLink> {
  try {
    if (membership.learnerId) {
      const learner = await classFetch<LearnerRecord>(`${CLASS_SERVICES.learners}/${encodeURIComponent(membership.learnerId)}`, membership);
      return { state: 'live', name: learner.name };
    }
    const info = await classFetch<ClassPublicInfo>(`${CLASS_SERVICES.classes}/${encodeURIComponent(membership.code)}`, membership);
    return info.code !== membership.code ? { state: 'ended', next: info } : { state: 'live' };
  } catch (error) {
    if (error instanceof ClassUnreachable) return { state: 'unreachable' };
    if (!(error instanceof ClassRefusal)) throw error;
    if (error.message === CLASS_REFUSALS.removed) return { state: 'removed' };
    if (error.message === CLASS_REFUSALS.unknownLearner) return { state: 'forgotten' };
    if (error.message !== CLASS_REFUSALS.wrongCode) return { state: 'live' };
  }
  // The code is no longer this server's: the class that replaced it, if the server says (asked without credentials).
  try {
    const next = await classFetch<ClassPublicInfo>(`${CLASS_SERVICES.classes}/${encodeURIComponent(membership.code)}`, { code: '' });
    return { state: 'ended', next: next.code !== membership.code ? next : null };
  } catch {
    return { state: 'ended', next: null };
  }
}
