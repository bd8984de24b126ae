#!/usr/bin/env bash
# Load benchmark of POST /v1/redact with a real HTTP load generator (wrk) on this machine:
# 1 KB texts from the synthetic corpus, 100 keys over 5 accounts, the gateway and wrk sharing
# the cores.
#
#   benches/load/run.sh [sqlite|postgres] [SECONDS=20] [CONNECTIONS=32] [WRK_THREADS=1]
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

command -v wrk >/dev/null || { echo "wrk is needed (apt-get install wrk)" >&2; exit 1; }
cargo build --release -q -p redact-gateway
cargo build --release -q -p redact-benches --example load_bodies
tdir=${CARGO_TARGET_DIR:-target}
bin=$tdir/release/redact-gateway
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

"$tdir"/release/examples/load_bodies 64 1024 > "$work/bodies"
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

export LOAD_KEYS="$work/keys" LOAD_BODIES="$work/bodies"
echo "== warm-up (3 s)"
wrk -t"$threads" -c"$conns" -d3s -s benches/load/redact.lua "http://127.0.0.1:$port" >/dev/null
echo "== $store: ${secs}s, $conns connections, $threads wrk thread(s), 1 KB texts, $(wc -l < "$work/keys") keys"
wrk -t"$threads" -c"$conns" -d"${secs}s" --latency -s benches/load/redact.lua "http://127.0.0.1:$port"
curl -fs "http://127.0.0.1:$port/metrics" | grep -E '^redact_http_requests_total\{route="/v1/redact"' || true
