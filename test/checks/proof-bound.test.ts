import { describe, expect, it } from 'vitest';
import { boundOneIn, boundWords, PROOF_RUNS, runsToBound } from '../../runtime/course/checks/proof-bound.ts';

describe("the proof's bound", () => {
  it('59 runs for a failure in 1 of 20 at 95 %: (19/20)^59 is under 5 %, (19/20)^58 is not', () => {
    expect(PROOF_RUNS).toBe(59);
    expect((19 / 20) ** 59).toBeLessThan(0.05);
    expect((19 / 20) ** 58).toBeGreaterThan(0.05);
    expect(runsToBound(10)).toBe(29);
  });

  it('states what the runs made bound, rounding toward the safe side', () => {
    expect(boundOneIn(59)).toBe(20);
    expect(boundOneIn(60)).toBe(20);
    // (1 - 1/k)^runs must be at most 5 % for the k stated.
    for (const runs of [4, 8, 29, 59, 100]) expect((1 - 1 / boundOneIn(runs)) ** runs).toBeLessThanOrEqual(0.05);
    expect(boundWords(59)).toBe('a failure in 1 of 20 runs would have been seen with 95 % confidence');
    expect(boundWords(1)).toBe('too few runs to bound how often it fails');
  });
});
