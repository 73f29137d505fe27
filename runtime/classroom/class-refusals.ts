/** How the class app refuses a call: a 403 for who calls, a 400 for what they send. */
import { HttpException } from 'halo';

/** A 403 with `message`. */
export function forbidden(message: string): HttpException {
  return HttpException.forbidden({ message });
}

/** `value` as `schema` parses it (trimmed, normalised, capped): what the services store; else a 400 naming every problem. */
export function validated<T>(result: { ok: true; value: T } | { ok: false; issues: string[] }, what: string): T {
  if (!result.ok) throw HttpException.badRequest({ message: `Not a valid ${what}.`, errors: result.issues });
  return result.value;
}
