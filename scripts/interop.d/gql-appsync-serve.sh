#!/usr/bin/env bash
# Interop: gql (PyPI), an independent AppSync client, against `switchboard serve`: its AppSync
# HTTP and real-time transports with API-key and IAM (botocore SigV4) authorization create, list
# with a filter page by page and subscribe (one subscription with an enhanced filter), receiving
# the events; a wrong IAM secret is refused with 401. graphql-core builds the schema introspected
# from the server, validates it and finds no difference from the SDL `switchboard codegen schema`
# prints for the same @model schema; gql validates every document against it before sending.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/venv.sh
venv_install 'gql[websockets,aiohttp,botocore]>=4,<5' graphql-core
swift build --product switchboard >/dev/null
switchboard="$(swift build --show-bin-path)/switchboard"

work=$(mktemp -d)
cleanup() {
    if [ -n "${server_pid:-}" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
cat >"$work/model.graphql" <<'SDL'
type Note @model @auth(rules: [{allow: public}, {allow: private, provider: iam}]) {
  id: ID!
  text: String!
  priority: Int!
  tags: [String]
}
SDL
"$switchboard" codegen schema --schema "$work/model.graphql" --output "$work/appsync.graphql" >/dev/null
: >"$work/server.log"
secret="interop/$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
"$switchboard" serve --schema "$work/model.graphql" --port 0 --in-memory --api-key da2-interop \
    --aws-access-key-id AKIDINTEROP --aws-secret-access-key "$secret" --region eu-central-1 \
    --write-config "$work/amplifyconfiguration.json" >"$work/server.log" 2>&1 &
server_pid=$!
port=""
for _ in $(seq 1 200); do
    port=$(sed -n 's|^  GraphQL: *http://127.0.0.1:\([0-9]*\)/graphql$|\1|p' "$work/server.log")
    [ -n "$port" ] && grep -q '^Stop with Ctrl-C.$' "$work/server.log" && break
    sleep 0.05
done
if [ -z "$port" ]; then echo "gql-appsync-serve interop FAILED: the server did not start"; cat "$work/server.log"; exit 1; fi
if ! "$VENV_DIR/bin/python" scripts/interop.d/gql_appsync_serve.py "$port" da2-interop AKIDINTEROP "$secret" \
    eu-central-1 "$work/appsync.graphql"; then
    echo "gql-appsync-serve interop FAILED"; cat "$work/server.log"; exit 1
fi
kill -TERM "$server_pid"
wait "$server_pid"
server_pid=""
grep -q '^SIGTERM: stopped.$' "$work/server.log" || { echo "the server did not stop cleanly"; cat "$work/server.log"; exit 1; }
echo "gql-appsync-serve interop: gql created, listed and subscribed with API-key and IAM auth; graphql-core accepted the introspected schema"
