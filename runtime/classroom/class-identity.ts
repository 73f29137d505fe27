import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpException } from 'halo';
import { CLASS_REFUSALS, type ClassCredentials } from './class-protocol.ts';

/** Who is calling: the teacher, a learner who shares, someone with the class code, or nobody known. */
export type Identity = { role: 'teacher' } | { role: 'learner'; learnerId: string } | { role: 'member' } | { role: 'anonymous' };

/** SHA-256 of a secret, hex: what the server keeps of a learner's secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Compares two secrets in constant time (their hashes, so lengths never leak either). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());
}

/** What identify() needs of the class. */
export interface ClassSecrets {
  code: string;
  teacherKey: string;
  /** Whether `secret` is the secret of learner `id`, who still shares. */
  isLearner(id: string, secret: string): boolean;
  /** Whether `secret` was the secret of learner `id`, whom the teacher removed. */
  wasRemoved(id: string, secret: string): boolean;
}

/**
 * Who the credentials name. No credentials: anonymous; a wrong teacher key, class code or learner secret is
 * a 403 (not a quieter identity), so a mistyped code says so.
 */
export function identify(credentials: ClassCredentials, secrets: ClassSecrets): Identity {
  if (credentials.key !== undefined) {
    if (!sameSecret(credentials.key, secrets.teacherKey)) throw HttpException.forbidden({ message: 'Wrong teacher key.' });
    return { role: 'teacher' };
  }
  if (credentials.code === undefined) return { role: 'anonymous' };
  if (credentials.code.trim().toUpperCase() !== secrets.code) throw HttpException.forbidden({ message: CLASS_REFUSALS.wrongCode });
  if (credentials.learner === undefined) return { role: 'member' };
  if (!secrets.isLearner(credentials.learner, credentials.secret ?? '')) {
    if (secrets.wasRemoved(credentials.learner, credentials.secret ?? ''))
      throw HttpException.forbidden({ message: CLASS_REFUSALS.removed });
    throw HttpException.forbidden({ message: CLASS_REFUSALS.unknownLearner });
  }
  return { role: 'learner', learnerId: credentials.learner };
}
