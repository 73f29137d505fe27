import { frameworkErrors } from '../errors/framework-errors.ts';

/** One page of a paginated `index` result. */
export interface Page<Data> {
  /** How many records match the query in all. */
  total: number;
  /** The page size used. */
  limit: number;
  /** How many matching records come before this page. */
  skip: number;
  /** The records of this page. */
  data: Data[];
}

/** True when an `index` result is a page rather than a plain list. */
export function isPage<Data>(value: Data[] | Page<Data>): value is Page<Data> {
  return !Array.isArray(value);
}

/**
 * The first record of an `index` result; 404 with `message` when there is none (what findOne
 * answers). A custom `index` may yield anything, so null, `[]` and a page without data are all "none".
 */
export function firstRecord<Data>(found: Data[] | Page<Data> | null | undefined, message: string): Data {
  const list: unknown = Array.isArray(found) ? found : (found as Partial<Page<Data>> | null | undefined)?.data;
  if (!Array.isArray(list) || list.length === 0) throw frameworkErrors.noRecordMatches(message);
  return list[0] as Data;
}
