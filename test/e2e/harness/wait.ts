/**
 * How long the e2e tests wait for a state of the page. CI runs the whole suite on a shared, slow 2-core
 * machine, where compiling, starting a worker, loading Monaco or a first visit's service worker can take
 * many times what they take on an idle one; a wait that is too short is a flaky failure, never a finding.
 */

/** Waits for a state of an open page: a render, a compile, Monaco's next answer. */
export const WAIT = { timeout: 30_000 };

/** Waits for a program to run or to answer: a compile, a worker start, the kill switch (5 s) and its restart. */
export const ANSWER = { timeout: 45_000 };

/**
 * Waits for a first of something: a first visit in a fresh browser context (every asset over the network,
 * no service worker yet), or the first answer of a worker started on demand (Monaco's type checker).
 */
export const FIRST = { timeout: 60_000 };

/** `promise`, or a rejection naming `what` once `ms` passed: for waits that run inside the page, out of a poll's reach. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
