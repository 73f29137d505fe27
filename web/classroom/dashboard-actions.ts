import { CLASS_EXPORT_PATH, CLASS_HEADERS, CLASS_SERVICES } from '../../runtime/classroom/class-protocol.ts';

/** Calls the class server as the teacher (the key travels in a header, never in a link); a refusal throws with the server's message. */
async function teacherFetch(key: string, path: string, init: { method: string; body?: unknown }): Promise<Response> {
  const headers: Record<string, string> = { [CLASS_HEADERS.key]: key, accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new URL(path, location.href), {
    method: init.method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (response.ok) return response;
  const refusal = (await response.json().catch(() => null)) as { message?: unknown; errors?: unknown } | null;
  const details = Array.isArray(refusal?.errors) ? ` ${refusal.errors.filter((e) => typeof e === 'string').join(' ')}` : '';
  throw new Error(typeof refusal?.message === 'string' ? `${refusal.message}${details}` : `The class server answered ${response.status}.`);
}

/** Removes a learner from the class: their secret stops working, their results go. */
export async function removeLearner(key: string, learnerId: string): Promise<void> {
  await teacherFetch(key, `/${CLASS_SERVICES.learners}/${encodeURIComponent(learnerId)}`, { method: 'DELETE' });
}

/** Gives a learner another display name (the server normalises it and may refuse it). */
export async function renameLearner(key: string, learnerId: string, name: string): Promise<void> {
  await teacherFetch(key, `/${CLASS_SERVICES.learners}/${encodeURIComponent(learnerId)}`, { method: 'PATCH', body: { name } });
}

/** Locks (or opens again) joining the class: learners already sharing stay. */
export async function lockJoining(key: string, classCode: string, locked: boolean): Promise<void> {
  await teacherFetch(key, `/${CLASS_SERVICES.classes}/${encodeURIComponent(classCode)}`, {
    method: 'PATCH',
    body: { joiningLocked: locked },
  });
}

/** Downloads the class CSV. */
export async function exportCsv(key: string, classCode: string): Promise<void> {
  const response = await teacherFetch(key, CLASS_EXPORT_PATH, { method: 'GET' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = `class-${classCode}.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
}
