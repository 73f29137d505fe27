import { frameworkErrors } from '../../errors/framework-errors.ts';
import type { ServiceParams } from '../service-params.ts';
import type { QueryFilters } from './query-split.ts';

/** Page sizes of a paginating MemoryService: `default` when the query has no `$limit`, never more than `max`. */
export interface PaginateOptions {
  /** Page size when the query has no `$limit`. */
  default?: number;
  /** Largest page size, whatever `$limit` asks for. */
  max?: number;
}

/** The methods that may work on several records at once. */
export type MultiMethod = 'create' | 'modify' | 'remove';

/** The options of a query-language service that calls may override through `params.adapter`. */
export interface QueryServiceOptions {
  /** Paginate `index` results; off by default. */
  paginate?: PaginateOptions | false;
  /** Allow array creates and modify/remove with a null id: `true` for all, or the methods listed. Default false. */
  multi?: boolean | MultiMethod[];
}

/** Params a query-language service (MemoryService, PgService) understands besides `query`. */
export interface QueryParams extends ServiceParams {
  /** Per-call pagination: `false` for a plain list. */
  paginate?: PaginateOptions | false;
  /** Per-call option overrides. */
  adapter?: Partial<QueryServiceOptions> & Record<string, unknown>;
}

/** The page size of a query: its `$limit`, or when paginating the default size, capped at the maximum. */
export function limitFor(filters: QueryFilters, paginate: PaginateOptions | false): number | undefined {
  if (!paginate) return filters.$limit;
  const wanted = filters.$limit !== undefined && filters.$limit >= 0 ? filters.$limit : (paginate.default ?? 0);
  return Math.min(wanted, paginate.max ?? Number.MAX_SAFE_INTEGER);
}

/** The pagination of one call: `params.paginate` when given, else the options' (with `params.adapter`); false when off. */
export function paginationOf(options: Pick<QueryServiceOptions, 'paginate'>, params: QueryParams | undefined): PaginateOptions | false {
  const paginate = params?.paginate !== undefined ? params.paginate : { ...options, ...params?.adapter }.paginate;
  return paginate && (paginate.default !== undefined || paginate.max !== undefined) ? paginate : false;
}

/** Throws 405 `Can not <method> multiple entries` unless `multi` allows `method`. */
export function assertMulti(multi: QueryServiceOptions['multi'], method: MultiMethod): void {
  if (multi === true || (Array.isArray(multi) && multi.includes(method))) return;
  throw frameworkErrors.multipleNotAllowed(method);
}
