#!/usr/bin/env bash
# Interop: gql's AppSync real-time client (PyPI gql) subscribes to `switchboard mock` over
# AppSync's protocol with API-key authorization and receives a scripted event and the result of
# a mutation it sends over HTTP.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/venv.sh
venv_install 'gql[websockets,aiohttp]>=4,<5'
swift build --product switchboard >/dev/null
switchboard="$(swift build --show-bin-path)/switchboard"

work=$(mktemp -d)
cleanup() { kill "${server_pid:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
cat >"$work/mock.yaml" <<'YAML'
graphQL:
  - operations: [CreateTodo]
    headers: {x-api-key: "*"}
    response:
      body:
        json: {data: {createTodo: {id: todo-1, name: "{{variables.name}}"}}}
subscription:
  - operations: [OnCreateTodo]
    headers: {x-api-key: "*"}
    emitsOn: [CreateTodo]
    events:
      - data: {onCreateTodo: {id: todo-0, name: Scripted}}
YAML
# Created before the server starts: the loop below reads it, and the background shell opens it
# only when it gets to run.
: >"$work/server.log"
"$switchboard" mock "$work/mock.yaml" >"$work/server.log" 2>&1 &
server_pid=$!
port=""
for _ in $(seq 1 200); do
    port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$work/server.log")
    [ -n "$port" ] && break
    sleep 0.05
done
if [ -z "$port" ]; then echo "gql-appsync interop FAILED: the mock did not start"; cat "$work/server.log"; exit 1; fi
if ! "$VENV_DIR/bin/python" scripts/interop.d/gql_appsync.py "$port" "da2-interop"; then
    echo "gql-appsync interop FAILED"; cat "$work/server.log"; exit 1
fi
echo "gql-appsync interop: gql's AppSync client received the scripted event and the mutation's result"
