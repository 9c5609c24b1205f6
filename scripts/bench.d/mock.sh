#!/usr/bin/env bash
# `switchboard mock`'s CPU per request against the same mock built at a baseline revision, in one
# run: both release builds serve the same configuration (a getTodo answer), each is driven in turn
# by serve-bench's load generator (HTTP/1.1 keep-alive POSTs at 16 connections), and the mock
# process's CPU time (utime + stime from /proc) is divided by the requests it answered. Issue #19's
# goal: at least halved against a267012, the last revision before its work (JSONDecoder for
# JSONValue and the real-time messages, the scanner-based response decoding).
# The baseline is checked out into .build-baseline/src (git worktree) and built there once.
# Usage: scripts/bench mock [SECONDS_PER_CELL] [BASELINE_REVISION]   (Linux: reads /proc)
set -euo pipefail
seconds=${1:-3}
baseline=${2:-a267012}
root=$PWD
swift build -c release --product switchboard >&2
swift build -c release --product serve-bench >&2
bin="$(swift build -c release --show-bin-path)"
base="$root/.build-baseline"
if [ "$(git -C "$base/src" rev-parse HEAD 2>/dev/null)" != "$(git rev-parse "$baseline")" ]; then
    rm -rf "$base/src"
    git worktree prune
    git worktree add --detach "$base/src" "$baseline" >&2
fi
echo "building the baseline ($baseline) in $base (once; several minutes on 2 cores)" >&2
swift build -c release --product switchboard --package-path "$base/src" --scratch-path "$base/scratch" >&2
base_bin="$(swift build -c release --package-path "$base/src" --scratch-path "$base/scratch" --show-bin-path)"

work=$(mktemp -d)
cleanup() {
    if [ -n "${mock_pid:-}" ]; then kill "$mock_pid" 2>/dev/null || true; wait "$mock_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
cat >"$work/mock.yaml" <<'YAML'
graphQL:
  - operations: [Get]
    response:
      body:
        json:
          data:
            getTodo: {id: "todo-7", name: "Write the benchmark", priority: 3, tags: ["bench", "mock"], done: false}
YAML

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
run_cell() {  # run_cell NAME BINARY -> "NAME requests cpu_seconds"
    "$2" mock "$work/mock.yaml" --port 0 >"$work/$1.log" 2>&1 &
    mock_pid=$!
    local url=""
    for _ in $(seq 1 200); do
        url=$(sed -n 's|.*listening on \(http://127.0.0.1:[0-9]*\).*|\1|p' "$work/$1.log" | head -1)
        [ -n "$url" ] && break
        sleep 0.05
    done
    if [ -z "$url" ]; then echo "bench mock: $1 did not start" >&2; cat "$work/$1.log" >&2; exit 1; fi
    "$bin/serve-bench" load "$url/graphql" --operation getTodo --connections 16 --seconds 0.5 --warmup 0 >/dev/null
    local before after line
    before=$(cpu_ticks "$mock_pid")
    line=$("$bin/serve-bench" load "$url/graphql" --operation getTodo --connections 16 --seconds "$seconds" --warmup 0)
    after=$(cpu_ticks "$mock_pid")
    kill "$mock_pid"
    wait "$mock_pid" 2>/dev/null || true
    mock_pid=""
    set -- $line
    # RESULT load REQUESTS SECONDS RATE P50 P99 FAILURES
    echo "$3 $(( after - before )) $5 $8"
}
ticks=$(getconf CLK_TCK)
declare -A requests cpu
for round in 1 2 3; do
    for side in baseline head; do
        binary=$bin/switchboard
        [ "$side" = baseline ] && binary=$base_bin/switchboard
        read -r n t rate failures < <(run_cell "$side" "$binary")
        if [ "$failures" != 0 ]; then echo "bench mock: $side answered $failures requests with errors" >&2; exit 1; fi
        requests[$side]=$(( ${requests[$side]:-0} + n ))
        cpu[$side]=$(( ${cpu[$side]:-0} + t ))
        echo "round $round $side: $n requests ($rate req/s), $t CPU ticks"
    done
done
python3 - "${requests[baseline]}" "${cpu[baseline]}" "${requests[head]}" "${cpu[head]}" "$ticks" "$baseline" <<'PY'
import sys
bn, bt, hn, ht, tck, rev = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
b = bt / tck / bn * 1e6
h = ht / tck / hn * 1e6
print(f"mock CPU per getTodo request: {h:.1f} µs now, {b:.1f} µs at {rev}: {h / b:.2f}x (goal <= 0.5x)")
PY
