#!/usr/bin/env bash
# Interop against a real Strawberry server (PyPI strawberry-graphql + uvicorn):
# - `switchboard query` prints byte-identical output with its own HTTP/1.1 client
#   (--transport switchboard) and with URLSession (--transport urlsession), gzip-compressed
#   responses and GraphQL errors included;
# - a Switchboard subscription over graphql-transport-ws receives the events that mutations sent
#   through `switchboard query` trigger.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/venv.sh
venv_install 'strawberry-graphql[asgi]' 'uvicorn[standard]'
swift build --product switchboard >/dev/null
switchboard="$(swift build --show-bin-path)/switchboard"

work=$(mktemp -d)
cleanup() { kill "${server_pid:-}" "${subscriber_pid:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
(cd scripts/interop.d && exec "$VENV_DIR/bin/uvicorn" strawberry_app:app --host 127.0.0.1 --port "$port" \
    --log-level warning) &
server_pid=$!
for _ in $(seq 1 150); do
    if curl -fsS -o /dev/null -H 'Content-Type: application/json' -d '{"query":"{ hello }"}' \
        "http://127.0.0.1:$port/graphql" 2>/dev/null; then break; fi
    sleep 0.1
done

cat >"$work/amplifyconfiguration.json" <<JSON
{"api": {"plugins": {"awsAPIPlugin": {"strawberry": {"endpointType": "GraphQL",
  "endpoint": "http://127.0.0.1:$port/graphql", "region": "us-east-1", "authorizationType": "NONE",
  "subscriptionProtocol": "graphql-transport-ws"}}}}}
JSON
# The same documents through both HTTP transports: the printed responses must be identical.
curl -fsS -D "$work/headers" -o /dev/null -H 'Content-Type: application/json' -H 'Accept-Encoding: gzip' \
    -d '{"query":"{ todos(count: 100) { id name } }"}' "http://127.0.0.1:$port/graphql"
grep -qi '^content-encoding: gzip' "$work/headers" || { echo "the server did not compress a large response"; exit 1; }
compared=0
for document in '{ hello }' '{ todos(count: 3000) { id name } }' '{ nope }' \
    'query Echo($t: String!) { echo(text: $t) }'; do
    for transport in switchboard urlsession; do
        set +e
        "$switchboard" query --config "$work/amplifyconfiguration.json" --transport "$transport" \
            --variables '{"t": "h\u00e9llo \"quoted\" \u2713 \\ tab\t"}' "$document" >"$work/$transport.out" 2>&1
        echo "exit $?" >>"$work/$transport.out"
        set -e
    done
    if ! cmp -s "$work/switchboard.out" "$work/urlsession.out"; then
        echo "transport interop FAILED for $document:"; diff "$work/switchboard.out" "$work/urlsession.out" | head -20
        exit 1
    fi
    compared=$((compared + $(wc -c <"$work/switchboard.out")))
done
echo "transport interop: 4 documents, byte-identical output from --transport switchboard and urlsession ($compared bytes)"

# Subscribes to onCreateTodo with the API options "$@" and keeps creating todos through the same
# API until the subscriber has printed two events and exited (Strawberry registers a subscription
# a moment after the client considers it started); $subscribe_only holds options of `subscribe`
# alone. Fails naming $label otherwise.
two_events_from_mutations() {
    "$switchboard" subscribe "$@" ${subscribe_only:-} --count 2 \
        'subscription OnCreate { onCreateTodo { id name } }' >"$work/events" 2>"$work/states" &
    subscriber_pid=$!
    for _ in $(seq 1 200); do grep -q "connection connected" "$work/states" && break; sleep 0.05; done
    sent=0
    while kill -0 "$subscriber_pid" 2>/dev/null && [ "$sent" -lt 40 ]; do
        sent=$((sent + 1))
        "$switchboard" query "$@" "mutation { createTodo(name: \"todo $sent\") { id name } }" >/dev/null
        sleep 0.25
    done
    status=0
    wait "$subscriber_pid" || status=$?
    subscriber_pid=""
    echo "subscriber exit status: $status; mutations sent: $sent"
    cat "$work/events"
    lines=$(grep -c '"onCreateTodo"' "$work/events" || true)
    if [ "$status" -ne 0 ] || [ "$lines" -ne 2 ]; then
        echo "$label interop FAILED: expected 2 onCreateTodo events and exit 0"; cat "$work/states"; exit 1
    fi
}

label=strawberry
two_events_from_mutations --config "$work/amplifyconfiguration.json"
echo "strawberry interop: 2 events received over graphql-transport-ws"

# The legacy graphql-ws protocol (subscriptions-transport-ws) against Strawberry's /legacy app, which
# speaks only it and sends a keep-alive every 0.3 s: negotiated from a graphql-transport-ws
# configuration (the server answers with graphql-ws) and chosen directly with --protocol graphql-ws.
legacy="http://127.0.0.1:$port/legacy/graphql"
for protocol in graphql-transport-ws graphql-ws; do
    # Completion by the server, with keep-alives between the events (the pause is 0.8 s).
    set +e
    "$switchboard" subscribe --endpoint "$legacy" --protocol "$protocol" \
        'subscription { countTo(target: 3, pause: 0.8) }' >"$work/legacy.out" 2>"$work/legacy.err"
    status=$?
    set -e
    if [ "$status" -ne 0 ] || [ "$(cat "$work/legacy.out")" != "$(printf '{"data":{"countTo":%d}}\n' 1 2 3)" ]; then
        echo "legacy graphql-ws interop FAILED ($protocol, completion): exit $status"
        cat "$work/legacy.out" "$work/legacy.err"; exit 1
    fi
    # An operation the server refuses ends the subscription with its error.
    set +e
    "$switchboard" subscribe --endpoint "$legacy" --protocol "$protocol" 'subscription { nope }' \
        >"$work/legacy.out" 2>"$work/legacy.err"
    status=$?
    set -e
    if [ "$status" -ne 1 ] || ! grep -q "nope" "$work/legacy.err"; then
        echo "legacy graphql-ws interop FAILED ($protocol, error): exit $status"
        cat "$work/legacy.out" "$work/legacy.err"; exit 1
    fi
done
# Events that mutations trigger, the mutations sent to the same legacy app over HTTP.
label="legacy graphql-ws"
subscribe_only="--protocol graphql-transport-ws"
two_events_from_mutations --endpoint "$legacy"
echo "strawberry interop: legacy graphql-ws negotiated and chosen: completion, errors, keep-alives, 2 events from mutations"
