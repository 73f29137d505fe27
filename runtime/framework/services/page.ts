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
