#!/usr/bin/env bash
# Load test on loopback with wrk: every algorithm at each concurrency, GET /healthz in the same run
# as the stack's ceiling, and /healthz while bayes saturates the CPU. Prints markdown tables.
#   loadtest/run.sh                      # all algorithms, concurrency 1 8 32 128, 5 s each
#   DURATION=10s ALGORITHMS="bayes density" CONCURRENCY="32" loadtest/run.sh
#   SONAR_CPUS=0 WRK_CPUS=1 loadtest/run.sh   # per core: the service alone on CPU 0 (it then counts
#                                             # one core), wrk on CPU 1 (taskset CPU lists)
# Needs wrk (apt-get install wrk). Sends traffic only to 127.0.0.1 and stops by itself.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-5s}
CONCURRENCY=${CONCURRENCY:-"1 8 32 128"}
PORT=${PORT:-18181}
BASE="http://127.0.0.1:$PORT"
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install wrk" >&2; exit 1; }

cargo build --release --quiet
BIN=target/release/sonar
ALGORITHMS=${ALGORITHMS:-}
CORPUS=$(mktemp)
$BIN corpus --per-kind 4 > "$CORPUS"
export CORPUS REPORT=loadtest/report.lua

# Optional pinning (taskset, which execs the program: $! stays the service's pid).
sonar_pin=() wrk_pin=() pinning=""
if [ -n "${SONAR_CPUS:-}" ]; then sonar_pin=(taskset -c "$SONAR_CPUS"); fi
if [ -n "${WRK_CPUS:-}" ]; then wrk_pin=(taskset -c "$WRK_CPUS"); fi
if [ -n "${SONAR_CPUS:-}${WRK_CPUS:-}" ]; then
  pinning=" (sonar on CPUs ${SONAR_CPUS:-any}, wrk on CPUs ${WRK_CPUS:-any})"
fi
"${sonar_pin[@]}" $BIN serve --bind "127.0.0.1:$PORT" >/dev/null 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; rm -f "$CORPUS"' EXIT
for _ in $(seq 50); do curl -sf "$BASE/healthz" >/dev/null && break; sleep 0.1; done
if [ -z "$ALGORITHMS" ]; then
  ALGORITHMS=$(curl -s "$BASE/algorithms" | python3 -c 'import json,sys; print(" ".join(a["name"] for a in json.load(sys.stdin)))')
fi

count() { # sonar_recommend_duration_seconds_count for one algorithm
  curl -s "$BASE/metrics" | awk -v a="$1" -F' ' '$1 == "sonar_recommend_duration_seconds_count{algorithm=\"" a "\"}" {print $2}' | head -1
}
run() { # target script concurrency -> "rps p50 p99 p999 requests non2xx socket_errors"
  local threads=$(( $3 < 2 ? $3 : 2 ))
  "${wrk_pin[@]}" wrk -t"$threads" -c"$3" -d"$DURATION" -s "$2" "$1" | awk '/^RESULT/ {
    for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    print v["rps"], v["p50_ms"], v["p99_ms"], v["p999_ms"], v["requests"], v["non2xx"], v["socket_errors"] }'
}

echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo); wrk and sonar on the same machine$pinning; $DURATION per cell."
echo
echo "| target | concurrency | req/s | p50 ms | p99 ms | p99.9 ms | non-2xx | socket errors | answers served (wrk) | histogram count grew by |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for c in $CONCURRENCY; do
  read -r rps p50 p99 p999 n bad sock < <(run "$BASE/healthz" loadtest/get.lua "$c")
  echo "| GET /healthz | $c | $rps | $p50 | $p99 | $p999 | $bad | $sock | | |"
done
for a in $ALGORITHMS; do
  for c in $CONCURRENCY; do
    before=$(count "$a"); before=${before:-0}
    read -r rps p50 p99 p999 n bad sock < <(ALGORITHM=$a run "$BASE" loadtest/rotate.lua "$c")
    sleep 0.3 # let requests still in flight when wrk stopped finish
    after=$(count "$a"); after=${after:-0}
    echo "| $a | $c | $rps | $p50 | $p99 | $p999 | $bad | $sock | $((n - bad)) | $((after - before)) |"
  done
done

echo
echo "GET /healthz (concurrency 8) while bayes runs at concurrency 128:"
echo
echo "| target | concurrency | req/s | p50 ms | p99 ms | p99.9 ms | non-2xx | socket errors |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
ALGORITHM=bayes run "$BASE" loadtest/rotate.lua 128 > "$CORPUS.bayes" &
LOAD=$!
sleep 0.5
read -r rps p50 p99 p999 n bad sock < <(run "$BASE/healthz" loadtest/get.lua 8)
echo "| GET /healthz under bayes | 8 | $rps | $p50 | $p99 | $p999 | $bad | $sock |"
wait $LOAD
read -r rps p50 p99 p999 n bad sock < "$CORPUS.bayes"
echo "| bayes (the load) | 128 | $rps | $p50 | $p99 | $p999 | $bad | $sock |"
rm -f "$CORPUS.bayes"
