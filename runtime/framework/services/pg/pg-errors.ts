import { frameworkErrors } from '../../errors/framework-errors.ts';
import { HttpException } from '../../http-exception.ts';

/** SQLSTATE classes whose errors come from what the client sent, and the status each gets. */
const CLIENT_ERRORS: Record<string, (error: unknown) => HttpException> = {
  '22': frameworkErrors.databaseRefused, // data exception: a value PostgreSQL cannot take (bad number, too long…)
  '23': frameworkErrors.databaseConflict, // integrity constraint violation: e.g. a duplicate id
};

/**
 * Turns whatever a driver threw into an HttpException, so a failing statement answers the client
 * clearly and never crashes the server: the client's data errors become 400/409, an unreachable
 * server 503, anything else 500 — each saying it came from the database.
 */
export function databaseError(error: unknown): HttpException {
  if (error instanceof HttpException) return error;
  const code = typeof (error as { code?: unknown } | null)?.code === 'string' ? (error as { code: string }).code : '';
  const factory = CLIENT_ERRORS[code.slice(0, 2)];
  if (factory) return factory(error);
  // Connection failures: SQLSTATE class 08 or 57P (shutdown), or a socket error of node-postgres.
  if (code.startsWith('08') || code.startsWith('57P') || /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH)$/.test(code)) {
    return frameworkErrors.databaseUnavailable(error);
  }
  return frameworkErrors.databaseFailed(error);
}
