import { loadavg } from 'node:os';

/**
 * Waits until the 1-minute load average is at most `below`, or `maxMs` passed, and returns it. The benches' targets
 * hold on a quiet machine; their own load keeps both cores of this machine busy, and an idle minute brings a load of
 * 3 down to 1.5 in about 40 s.
 */
export async function loadSettled(below: number, maxMs: number): Promise<number> {
  const end = Date.now() + maxMs;
  while (loadavg()[0] > below && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 2000));
  return loadavg()[0];
}
