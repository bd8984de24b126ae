#!/usr/bin/env bash
# Load benchmark of POST /v1/redact with a real HTTP load generator (wrk) on this machine:
# 256 texts of 1 KB cut from the diverse document (the evaluation corpus's documents in
# order), 100 keys over 5 accounts, the gateway and wrk sharing the cores.
#
#   benches/load/run.sh [sqlite|postgres] [SECONDS=20] [CONNECTIONS=32] [WRK_THREADS=1]
#
# Environment:
# - LOAD_RUNS (default 1): measured runs, each after the warm-up, on the same gateway; with
#   more than one, the medians of requests/s, p50 and p99 are printed at the end.
# - LOAD_BIN: a gateway binary to measure instead of building this tree (for A/B runs
#   against an older build); LOAD_NO_BUILD=1 skips the build and uses the built binary.
# - LOAD_LONG=1: afterwards, times 10 sequential requests of just under 200,000 characters
#   (the limit) with curl (its total time: the server's time plus sending about 200 KB each
#   way over loopback), after one untimed request, and prints their median.
# - LOAD_PORT (default 18080).
# - LOAD_TEXT=mixed: the bodies (and the long text) from the synthetic mixed corpus instead,
#   which cycles seven paragraphs (the figures before 2026-11-26 were taken on it; a lazy DFA
#   caches its few paths, which flatters it).
#
# PostgreSQL: REDACT_TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test, in a
# fresh schema. Needs wrk (Debian: apt-get install wrk) and curl.
set -euo pipefail
cd "$(dirname "$0")/../.."
store=${1:-sqlite}
secs=${2:-20}
conns=${3:-32}
threads=${4:-1}
port=${LOAD_PORT:-18080}
runs=${LOAD_RUNS:-1}

command -v wrk >/dev/null || { echo "wrk is needed (apt-get install wrk)" >&2; exit 1; }
tdir=${CARGO_TARGET_DIR:-target}
if [ -z "${LOAD_NO_BUILD:-}" ]; then
  cargo build --release -q -p redact-gateway
  cargo build --release -q -p redact-benches --example load_bodies
fi
bin=${LOAD_BIN:-$tdir/release/redact-gateway}
work=$(mktemp -d)
gw_pid=""
cleanup() { [ -n "$gw_pid" ] && kill "$gw_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

case "$store" in
  sqlite) url="sqlite:$work/load.db" ;;
  postgres)
    base=${REDACT_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
    url="$base?options=-csearch_path%3Dload_$RANDOM$RANDOM" ;;
  *) echo "store must be sqlite or postgres" >&2; exit 2 ;;
esac
export REDACT_DATABASE_URL="$url"

"$tdir"/release/examples/load_bodies 256 1024 > "$work/bodies"
: > "$work/keys"
for a in 1 2 3 4 5; do
  id=$("$bin" account create --name "load$a" --api-access --balance 1000 --json | sed 's/.*"id":"\([^"]*\)".*/\1/')
  for k in $(seq 20); do
    "$bin" key create "$id" --json | sed 's/.*"key":"\([^"]*\)".*/\1/' >> "$work/keys"
  done
done

REDACT_LISTEN="127.0.0.1:$port" REDACT_RATE_LIMIT_PER_MINUTE=1000000000 REDACT_LOG=warn \
  "$bin" serve > "$work/gateway.out" 2> "$work/gateway.err" &
gw_pid=$!
for _ in $(seq 200); do
  curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.05
done

# wrk's latency figures in milliseconds ("850.00us", "4.61ms", "1.02s").
to_ms() {
  awk -v v="$1" 'BEGIN {
    if (v ~ /us$/) { sub(/us$/, "", v); printf "%.2f", v / 1000 }
    else if (v ~ /ms$/) { sub(/ms$/, "", v); printf "%.2f", v }
    else if (v ~ /s$/) { sub(/s$/, "", v); printf "%.2f", v * 1000 }
    else printf "%s", v }'
}
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else printf "%.2f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

export LOAD_KEYS="$work/keys" LOAD_BODIES="$work/bodies"
echo "== warm-up (3 s)"
wrk -t"$threads" -c"$conns" -d3s -s benches/load/redact.lua "http://127.0.0.1:$port" >/dev/null
: > "$work/results"
for run in $(seq "$runs"); do
  echo "== $store run $run/$runs: ${secs}s, $conns connections, $threads wrk thread(s), 1 KB texts, $(wc -l < "$work/keys") keys; load: $(cut -d' ' -f1-3 /proc/loadavg)"
  wrk -t"$threads" -c"$conns" -d"${secs}s" --latency -s benches/load/redact.lua \
    "http://127.0.0.1:$port" | tee "$work/wrk.out"
  rps=$(awk '/^Requests\/sec:/ { print $2 }' "$work/wrk.out")
  p50=$(to_ms "$(awk '$1 == "50%" { print $2 }' "$work/wrk.out")")
  p99=$(to_ms "$(awk '$1 == "99%" { print $2 }' "$work/wrk.out")")
  errors=$(awk '/Non-2xx or 3xx responses:/ { print $NF }' "$work/wrk.out")
  echo "RESULT $store run=$run rps=$rps p50_ms=$p50 p99_ms=$p99 non2xx=${errors:-0}"
  echo "$rps $p50 $p99" >> "$work/results"
done
if [ "$runs" -gt 1 ]; then
  echo "MEDIAN $store runs=$runs rps=$(cut -d' ' -f1 "$work/results" | median)" \
    "p50_ms=$(cut -d' ' -f2 "$work/results" | median)" \
    "p99_ms=$(cut -d' ' -f3 "$work/results" | median)"
fi
curl -fs "http://127.0.0.1:$port/metrics" | grep -E '^redact_http_requests_total\{route="/v1/redact"' || true

if [ -n "${LOAD_LONG:-}" ]; then
  "$tdir"/release/examples/load_bodies 1 199950 > "$work/long"  # at most 200,000 characters, the limit
  # (the diverse document's first 200,000 characters, as the library's benchmark)
  key=$(head -1 "$work/keys")
  : > "$work/long_times"
  for _ in $(seq 11); do
    curl -s -o /dev/null -w '%{http_code} %{time_total}\n' -H 'Expect:' -H "Authorization: Bearer $key" \
      -H 'Content-Type: application/json' --data-binary @"$work/long" \
      "http://127.0.0.1:$port/v1/redact" >> "$work/long_times"
  done
  # The first request is left out (warm-up); only answers 200 are timed.
  tail -n +2 "$work/long_times" | awk '$1 == 200 { printf "%.2f\n", $2 * 1000 }' > "$work/long_ok"
  echo "LONG $store body_chars=$(wc -m < "$work/long") statuses=$(tail -n +2 "$work/long_times" | cut -d' ' -f1 | sort | uniq -c | tr -s ' ' | tr '\n' ';')" \
    "median_ms=$(median < "$work/long_ok") all_ms=$(tr '\n' ' ' < "$work/long_ok")"
fi
