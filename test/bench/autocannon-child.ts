/** Runs one autocannon load (the fallback when wrk is absent) and prints a `BENCH_RESULT` JSON line. */
import autocannon from 'autocannon';
import type { LoadSpec } from './load.ts';

const spec = JSON.parse(process.argv[2]) as LoadSpec;
const result = await autocannon({
  url: spec.url,
  method: spec.method,
  body: spec.body,
  headers: spec.contentType ? { 'content-type': spec.contentType } : undefined,
  connections: spec.connections,
  pipelining: 1,
  duration: spec.seconds,
});
const summary = {
  requests: result.requests.total,
  durationMicros: result.duration * 1e6, // autocannon reports seconds
  p99Micros: result.latency.p99 * 1000,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
};
console.log(`BENCH_RESULT ${JSON.stringify(summary)}`);
