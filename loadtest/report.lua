-- wrk's done() callback shared by the load-test scripts: one machine-readable RESULT line.
return function(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local e = summary.errors
  io.write(string.format(
    "RESULT rps=%.0f p50_ms=%.3f p99_ms=%.3f p999_ms=%.3f requests=%d non2xx=%d socket_errors=%d\n",
    summary.requests / seconds, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    latency:percentile(99.9) / 1000, summary.requests, e.status, e.connect + e.read + e.write + e.timeout))
end
