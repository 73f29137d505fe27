/**
 * What `HALO_TRACE` asks of the Node adapter, a comma list: `1` or `print` prints a compact trace of
 * every request (and WebSocket call) to stdout; `timing` adds a `Server-Timing` header with the step
 * durations; `header` answers a request that carries `x-halo-trace` with its trace in that header
 * (what the lesson checks read). Unset, empty or `0`: no tracing, and no cost.
 */
export interface TraceMode {
  print: boolean;
  timing: boolean;
  header: boolean;
}

const WORDS = new Set(['1', 'print', 'timing', 'header']);

/** The mode `value` (the environment's `HALO_TRACE`) names, or null for none; an unknown word throws, naming the accepted ones. */
export function traceModeOf(value: string | undefined): TraceMode | null {
  const words = (value ?? '')
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word !== '' && word !== '0');
  if (words.length === 0) return null;
  for (const word of words) {
    if (!WORDS.has(word)) throw new Error(`HALO_TRACE: unknown value "${word}". Use a comma list of 1 (or print), timing, header.`);
  }
  return { print: words.includes('1') || words.includes('print'), timing: words.includes('timing'), header: words.includes('header') };
}
