#!/usr/bin/env bash
# `switchboard serve` (release build, in-memory store) side by side with two independent peers
# serving the same API from memory: graph-gophers/graphql-go (Go, net/http, GOMAXPROCS=2) and
# graphql-js 16 (node, plain http, parse+validate cached by document text), both from Debian's
# packages (scripts/bench.d/peers/). The API is what AppSync's @model transform generates for
# `type Ticket @model { id: ID! title: String! status: String priority: Int }`; all three are
# seeded with the same tickets, their replies to each operation are compared for shape, then
# serve-bench drives getTicket, listTickets (filter priority >= 2, limit 100, a walk of 5 pages
# by nextToken) and createTicket at 1, 16 and 64 connections, the servers taking turns cell by
# cell, and checks every reply. Per cell: req/s, p99 and the server's CPU time per request
# (utime+stime from /proc in the measured window). nginx returning a small static JSON, before
# and after the cells, gives the load generator's own ceiling: a cell at >= 70% of it is
# marked, its req/s only a lower bound, and judged by CPU per request instead. nginx's CPU per
# request is printed beside it: what the kernel's TCP and HTTP exchange cost any server here.
# The floors of issue #38 are printed beside each cell; this is a report, not a gate: it exits 0
# unless a server did not start or a reply failed its check. ROUNDS > 1 measures every cell that
# many times (the servers taking turns in each round) and reports each figure's median: on a
# shared machine one 3-second run can be 15% off, enough to move a cell across a floor.
# Usage: scripts/bench serve-peers [SECONDS_PER_CELL] [TICKETS] [ROUNDS]
set -euo pipefail
seconds=${1:-3}
tickets=${2:-10000}
rounds=${3:-1}
peers=scripts/bench.d/peers
out=.bench-peers   # git-ignored: the Go peer's binary and build cache

# Debian's packages for the peers and the ceiling; the package lists are refreshed only if an
# install fails (they may be stale or missing on a fresh machine).
missing=()
for package in golang-go golang-github-graph-gophers-graphql-go-dev node-graphql nginx; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "bench serve-peers: installing ${missing[*]}" >&2
    if ! apt-get install -y -qq "${missing[@]}" >&2; then
        apt-get update -qq >&2 && apt-get install -y -qq "${missing[@]}" >&2
    fi
fi
swift build -c release --product switchboard >&2
swift build -c release --product serve-bench >&2
bin="$(swift build -c release --show-bin-path)"
# GOPATH mode against the sources Debian installs: no module download, so it builds offline.
mkdir -p "$out"
GO111MODULE=off GOPATH=/usr/share/gocode GOFLAGS= GOCACHE="$PWD/$out/go-cache" \
    go build -o "$out/graphql-go-server" "$peers/graphql_go_server.go"
export NODE_PATH=/usr/share/nodejs   # where Debian's node-graphql puts the graphql module

work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
fail_start() { echo "bench serve-peers: $1 did not start" >&2; cat "$work/$1.log" >&2; exit 1; }

# wait_for_line NAME PATTERN: the first match of the sed PATTERN in NAME's log, within 10 s.
wait_for_line() {
    local value=""
    for _ in $(seq 1 200); do
        value=$(sed -n "$2" "$work/$1.log")
        [ -n "$value" ] && { echo "$value"; return; }
        sleep 0.05
    done
    fail_start "$1"
}

cat >"$work/model.graphql" <<'SDL'
type Ticket @model {
  id: ID!
  title: String!
  status: String
  priority: Int
}
SDL
api_key=da2-bench
"$bin/switchboard" serve --schema "$work/model.graphql" --port 0 --in-memory --api-key "$api_key" \
    >"$work/switchboard.log" 2>&1 &
pids+=($!)
switchboard_pid=$!
switchboard_port=$(wait_for_line switchboard 's|^  GraphQL: *http://127.0.0.1:\([0-9]*\)/graphql$|\1|p')
wait_for_line switchboard '/^Stop with Ctrl-C.$/p' >/dev/null

GOMAXPROCS=2 "$out/graphql-go-server" 0 >"$work/graphql-go.log" 2>&1 &
pids+=($!)
go_pid=$!
go_port=$(wait_for_line graphql-go 's/^PORT //p')

node "$peers/graphql_js_server.js" 0 >"$work/graphql-js.log" 2>&1 &
pids+=($!)
js_pid=$!
js_port=$(wait_for_line graphql-js 's/^PORT //p')

# nginx answering every request with a small static JSON, keep-alive without a request limit:
# what serve-bench reaches against a server that does next to nothing. One worker: a second
# would only take CPU from the load generator on a small machine.
nginx_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$work/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $work/nginx.pid;
events { worker_connections 1024; }
http {
    access_log off;
    keepalive_requests 100000000;
    keepalive_timeout 120s;
    client_body_temp_path $work/nginx-body;
    server {
        listen 127.0.0.1:$nginx_port;
        location / { default_type application/json; return 200 '{"data":{"__typename":"Query"}}'; }
    }
}
CONF
nginx -p "$work" -c "$work/nginx.conf" -e "$work/nginx.log" >>"$work/nginx.log" 2>&1 &
pids+=($!)
nginx_master=$!
nginx_url="http://127.0.0.1:$nginx_port/graphql"
for _ in $(seq 1 100); do curl -fsS -o /dev/null -d '{}' "$nginx_url" 2>/dev/null && break; sleep 0.05; done
curl -fsS -o /dev/null -d '{}' "$nginx_url" 2>/dev/null || fail_start nginx
# Its one worker serves the requests: what a request costs a server that does next to nothing.
nginx_worker=$(pgrep -P "$nginx_master" 2>/dev/null | head -n 1 || true)

declare -A url=(
    [switchboard]="http://127.0.0.1:$switchboard_port/graphql"
    [graphql-go]="http://127.0.0.1:$go_port/graphql"
    [graphql-js]="http://127.0.0.1:$js_port/graphql"
)
declare -A pid=([switchboard]=$switchboard_pid [graphql-go]=$go_pid [graphql-js]=$js_pid)
servers=(switchboard graphql-go graphql-js)
for server in "${servers[@]}"; do
    "$bin/serve-bench" seed "${url[$server]}" --model Ticket --items "$tickets" --header "x-api-key: $api_key"
done
shapes_status=0
python3 scripts/bench.d/serve_peers_shapes.py "$api_key" "${url[switchboard]}" "${url[graphql-go]}" \
    "${url[graphql-js]}" || shapes_status=$?

results="$work/results"
# measure SERVER URL OPERATION CONNECTIONS [--server-pid PID]: one cell, appended to the results.
measure() {
    local line
    line=$("$bin/serve-bench" load "$2" --operation "$3" --connections "$4" --seconds "$seconds" \
        --items "$tickets" --header "x-api-key: $api_key" "${@:5}")
    echo "$1 $3 $4 ${line#RESULT load }" >>"$results"
}
# The ceiling is measured first and again last; the report keeps the higher of the two, as a
# low one only means that something else had the machine then.
measure_ceiling() {
    for connections in 1 16 64; do
        measure nginx "$nginx_url" typename "$connections" ${nginx_worker:+--server-pid "$nginx_worker"}
    done
}
measure_ceiling
# createTicket last: it grows the tables, which the reads' expected pages must not see.
cell=0
for operation in getTicket listTickets createTicket; do
    for connections in 1 16 64; do
        for _ in $(seq 1 "$rounds"); do
            # Rotate who goes first, so that no server always runs on the warmer (or busier) machine.
            for turn in 0 1 2; do
                server=${servers[$(((cell + turn) % 3))]}
                measure "$server" "${url[$server]}" "$operation" "$connections" --server-pid "${pid[$server]}"
            done
            cell=$((cell + 1))
        done
    done
done

measure_ceiling

report_status=0
python3 scripts/bench.d/serve_peers_report.py "$results" "$seconds" "$tickets" || report_status=$?
[ "$shapes_status" -eq 0 ] && [ "$report_status" -eq 0 ]
