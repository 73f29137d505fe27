import type { RequestContext } from '../request-context.ts';

/** The methods an HTML form (which can only GET or POST) may ask for with `X-HTTP-Method-Override`. */
const OVERRIDABLE: ReadonlySet<string> = new Set(['PATCH', 'PUT', 'DELETE']);

/**
 * The method a request runs as: a POST whose `X-HTTP-Method-Override` names PATCH, PUT or DELETE runs
 * as that method; every other request, and every other override, keeps its own method.
 */
export function effectiveMethod(req: RequestContext): string {
  if (req.method !== 'POST') return req.method;
  const wanted = req.header('x-http-method-override')?.trim().toUpperCase();
  return wanted !== undefined && OVERRIDABLE.has(wanted) ? wanted : 'POST';
}
