/**
 * How many runs a proof needs, and what the runs it made show. n runs of a program that fails a run with
 * probability p all pass with probability (1 - p)^n; the proof is sized so that this is at most 5 % for p = 1/20:
 * a solution that fails 1 run in 20 (or more often) is caught with at least 95 % confidence.
 */

/** The confidence a proof's bound is stated with. */
const CONFIDENCE = 0.95;

/** The failure rate a full proof bounds: 1 run in this many. */
const ONE_IN = 20;

/** The runs that bound a failure rate of 1 in `oneIn` with `confidence`: 59 for 1 in 20 at 95 %. */
export function runsToBound(oneIn = ONE_IN, confidence = CONFIDENCE): number {
  return Math.ceil(Math.log(1 - confidence) / Math.log(1 - 1 / oneIn));
}

/** A proof's runs: 59 fresh starts (see runsToBound). */
export const PROOF_RUNS = runsToBound();

/**
 * The rarest failure `runs` passing runs would have shown with 95 % confidence, as 1 in k: the largest k with
 * (1 - 1/k)^runs ≤ 5 %. 59 runs: 1 in 20.
 */
export function boundOneIn(runs: number): number {
  return Math.floor(1 / (1 - (1 - CONFIDENCE) ** (1 / runs)));
}

/** The bound in words, as the card says it: "a failure in 1 of 20 runs would have been seen with 95 % confidence". */
export function boundWords(runs: number, what = 'runs'): string {
  const k = boundOneIn(runs);
  return k < 2
    ? `too few ${what} to bound how often it fails`
    : `a failure in 1 of ${k} ${what} would have been seen with ${Math.round(CONFIDENCE * 100)} % confidence`;
}
