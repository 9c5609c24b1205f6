#!/usr/bin/env bash
# `switchboard serve` (release build, in-memory store) beside Strawberry + uvicorn (PyPI, one
# worker, the same schema shape from an in-memory dict: scripts/bench.d/serve_strawberry.py),
# both started here and driven by the same release-built load generator (serve-bench: HTTP/1.1
# keep-alive POSTs over SwitchboardNet's TCPConnection): requests/s and p99 for getTodo,
# listTodos(limit: 100) and createTodo at 1, 16 and 64 connections, the two servers alternating
# cell by cell; then subscription fan-out on Switchboard's AppSync real-time endpoint (1,000
# subscribers, one connection each; p50/p99 from the mutation being sent to its delivery at every
# subscriber, and the mutation's own round trip), beside a single subscriber and beside the machine's
# floor (serve-bench fanout-floor: the same connections, one bare write each per event, nothing
# else). Goal: at least 5x Strawberry's throughput.
# Both stores are seeded with 500 items; the createTodo cells run last, one after another, so each
# runs on a store the previous ones grew.
# Usage: scripts/bench serve [SECONDS_PER_CELL] [SUBSCRIBERS] [EVENTS]
set -euo pipefail
seconds=${1:-3}
subscribers=${2:-1000}
events=${3:-20}
source scripts/lib/venv.sh
venv_install 'strawberry-graphql[asgi]' 'uvicorn[standard]'
swift build -c release --product switchboard >&2
swift build -c release --product serve-bench >&2
bin="$(swift build -c release --show-bin-path)"

work=$(mktemp -d)
cleanup() {
    for pid in "${switchboard_pid:-}" "${strawberry_pid:-}"; do
        if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
    done
    rm -rf "$work"
}
trap cleanup EXIT

cat >"$work/model.graphql" <<'SDL'
type Todo @model {
  id: ID!
  name: String!
  priority: Int
}
SDL
api_key=da2-bench
"$bin/switchboard" serve --schema "$work/model.graphql" --port 0 --in-memory --api-key "$api_key" \
    >"$work/switchboard.log" 2>&1 &
switchboard_pid=$!
switchboard_port=""
for _ in $(seq 1 200); do
    switchboard_port=$(sed -n 's|^  GraphQL: *http://127.0.0.1:\([0-9]*\)/graphql$|\1|p' "$work/switchboard.log")
    [ -n "$switchboard_port" ] && grep -q '^Stop with Ctrl-C.$' "$work/switchboard.log" && break
    sleep 0.05
done
if [ -z "$switchboard_port" ]; then echo "bench serve: switchboard serve did not start" >&2; cat "$work/switchboard.log" >&2; exit 1; fi

strawberry_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
(cd scripts/bench.d && exec "$VENV_DIR/bin/uvicorn" serve_strawberry:app --host 127.0.0.1 --port "$strawberry_port" \
    --workers 1 --log-level warning --no-access-log) >"$work/strawberry.log" 2>&1 &
strawberry_pid=$!
for _ in $(seq 1 150); do
    if curl -fsS -o /dev/null -H 'Content-Type: application/json' -d '{"query":"{ __typename }"}' \
        "http://127.0.0.1:$strawberry_port/graphql" 2>/dev/null; then break; fi
    sleep 0.1
done

switchboard_url="http://127.0.0.1:$switchboard_port/graphql"
strawberry_url="http://127.0.0.1:$strawberry_port/graphql"
"$bin/serve-bench" seed "$switchboard_url" --items 500 --header "x-api-key: $api_key"
"$bin/serve-bench" seed "$strawberry_url" --items 500

results="$work/results"
cell=0
measure() {  # measure SERVER URL OPERATION CONNECTIONS
    local line
    line=$("$bin/serve-bench" load "$2" --operation "$3" --connections "$4" --seconds "$seconds" \
        --header "x-api-key: $api_key")
    echo "$1 $3 $4 ${line#RESULT load }" >>"$results"
}
# createTodo last: it grows both stores, which the reads should not see.
for operation in getTodo listTodos createTodo; do
    for connections in 1 16 64; do
        # Alternate which server goes first, so neither always runs on the warmer machine.
        if [ $((cell % 2)) -eq 0 ]; then
            measure switchboard "$switchboard_url" "$operation" "$connections"
            measure strawberry "$strawberry_url" "$operation" "$connections"
        else
            measure strawberry "$strawberry_url" "$operation" "$connections"
            measure switchboard "$switchboard_url" "$operation" "$connections"
        fi
        cell=$((cell + 1))
    done
done
fanout_one=$("$bin/serve-bench" fanout "$switchboard_url" --api-key "$api_key" --connections 1 --events "$events" \
    --server-pid "$switchboard_pid")
fanout_all=$("$bin/serve-bench" fanout "$switchboard_url" --api-key "$api_key" --connections "$subscribers" \
    --events "$events" --server-pid "$switchboard_pid")
# What the machine allows: the same number of loopback connections, one bare write each per event.
fanout_floor=$("$bin/serve-bench" fanout-floor --connections "$subscribers" --events "$events")

python3 - "$results" "$seconds" "$fanout_floor" "$fanout_one" "$fanout_all" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    server, operation, connections, requests, seconds, rate, p50, p99, failures = line.split()[:9]
    rows[(server, operation, int(connections))] = (float(rate), float(p99), int(failures))
print(f"{sys.argv[2]} s per cell after 0.5 s of warm-up; p99 in ms; ratio = Switchboard req/s / Strawberry req/s")
print(f"{'operation':<12} {'conns':>5} {'Switchboard req/s':>18} {'p99':>8} {'Strawberry req/s':>17} {'p99':>8} {'ratio':>7}")
failed = 0
for operation in ("getTodo", "listTodos", "createTodo"):
    for connections in (1, 16, 64):
        ours = rows[("switchboard", operation, connections)]
        theirs = rows[("strawberry", operation, connections)]
        failed += ours[2] + theirs[2]
        print(f"{operation:<12} {connections:>5} {ours[0]:>18.0f} {ours[1]:>8.2f} {theirs[0]:>17.0f} {theirs[1]:>8.2f} "
              f"{ours[0] / theirs[0]:>6.1f}x")
if failed:
    print(f"{failed} replies were not a clean 200 (see the messages above)")
print("subscription fan-out (Switchboard, AppSync real-time, one connection per subscriber; ms from the mutation's send)")
_, _, connections, _, floor_p50, floor_p99, floor_max, trip_p50, trip_p99, during_p50, during_p99 = sys.argv[3].split()
print(f"{int(connections):>6} bare loopback writes (the machine's floor): p50 {float(floor_p50):.2f}, "
      f"p99 {float(floor_p99):.2f}, max {float(floor_max):.2f}; a round trip answered as they begin "
      f"(the mutation's floor): p50 {float(during_p50):.2f}, p99 {float(during_p99):.2f}; one right after: "
      f"p50 {float(trip_p50):.2f}, p99 {float(trip_p99):.2f}")
mutation_p99 = {}
for text in sys.argv[4:]:
    _, _, subscriptions, events, p50, p99, maximum, setup, mutation_p50, mutation_p99[subscriptions], cpu = text.split()
    versus_floor = f", p99 / floor {float(p99) / float(floor_p99):.1f}x" if subscriptions == connections else ""
    # Per delivery only where deliveries dominate: with one subscriber it is the mutation's cost.
    server_cpu = f"; server CPU {float(cpu):.1f} us per delivery" if subscriptions == connections else ""
    print(f"{int(subscriptions):>6} subscribers x {events} events: p50 {float(p50):.2f}, p99 {float(p99):.2f}, "
          f"max {float(maximum):.2f}{versus_floor}; "
          f"mutation p50 {float(mutation_p50):.2f}, p99 {float(mutation_p99[subscriptions]):.2f}{server_cpu}  "
          f"(setup {setup} s)")
one, many = (float(mutation_p99[text.split()[2]]) for text in sys.argv[4:6])
print(f"mutation p99 with {connections} subscribers / with one: {many / one:.2f}x; "
      f"the floor's round trip during the writes / after them: {float(during_p99) / float(trip_p99):.2f}x")
PY
