import {
  CLASS_HEADERS,
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

/** Calls the class server this page was loaded from; a refusal throws with the server's message. */
async function classFetch<T>(
  path: string,
  membership: Pick<Membership, 'code'> & Partial<Membership>,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { [CLASS_HEADERS.code]: membership.code, accept: 'application/json' };
  if (membership.learnerId && membership.secret) {
    headers[CLASS_HEADERS.learner] = membership.learnerId;
    headers[CLASS_HEADERS.secret] = membership.secret;
  }
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new URL(`/${path}`, location.origin), {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const json = (text ? JSON.parse(text) : null) as unknown;
  if (!response.ok) {
    const message = (json as { message?: unknown } | null)?.message;
    throw new Error(typeof message === 'string' ? message : `The class server answered ${response.status}.`);
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
