-- Sends one benchmark workload (method and body from the environment) and prints a JSON summary.
wrk.method = os.getenv("BENCH_METHOD") or "GET"
local body = os.getenv("BENCH_BODY")
if body ~= nil and body ~= "" then
  wrk.body = body
  wrk.headers["Content-Type"] = os.getenv("BENCH_CONTENT_TYPE")
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_RESULT {"requests":%d,"durationMicros":%d,"p99Micros":%d,"errors":%d,"non2xx":%d}\n',
    summary.requests, summary.duration, latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end
