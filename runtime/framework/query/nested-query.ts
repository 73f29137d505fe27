import { frameworkErrors } from '../errors/framework-errors.ts';
import qs from 'qs';
import { HttpException } from '../http-exception.ts';
import { assertParameterCount, decodeFormComponent } from '../body/form-string.ts';
import type { RequestLimits } from '../body/request-limits.ts';
import { dropUnsafeKeys } from '../objects/safe-keys.ts';

/**
 * Reads a query string with bracket syntax (`age[$gt]=30&$sort[name]=1`) into nested objects and lists,
 * within the App's limits: more than `maxParameters` pairs, keys nested past `maxBodyDepth` or bad
 * percent-encoding is a 400; list indexes past `queryArrayLimit` stay object keys; unsafe keys
 * (`__proto__`, `constructor`, `prototype`) are dropped at every level.
 */
export function parseNestedQuery(queryString: string, limits: RequestLimits): Record<string, unknown> {
  if (queryString === '') return {};
  assertParameterCount(queryString, 'query string', limits.maxParameters);
  let query: Record<string, unknown>;
  try {
    query = qs.parse(queryString, {
      depth: limits.maxBodyDepth,
      strictDepth: true,
      parameterLimit: limits.maxParameters,
      arrayLimit: limits.queryArrayLimit,
      // qs leaves bad percent-encoding as it is; req.query refuses it, and so does this.
      decoder: decodeQueryComponent,
    });
  } catch (error) {
    if (error instanceof HttpException) throw error;
    if (/depth/i.test(error instanceof Error ? error.message : ''))
      throw frameworkErrors.nestedTooDeep('query string', limits.maxBodyDepth);
    throw frameworkErrors.malformedQueryString(error);
  }
  dropUnsafeKeys(query);
  return query;
}

function decodeQueryComponent(text: string): string {
  return decodeFormComponent(text, 'query string');
}
