#!/usr/bin/env bash
# Interop: the operations SwitchboardCodegen's build plugin generates for scripts/codegen-e2e run
# against a real Strawberry server (PyPI strawberry-graphql + uvicorn) implementing the same
# schema: Strawberry validates and executes the documents (with the __typename the generator
# adds), resolves type conditions and fragments itself, pages a Relay connection of 500 starships
# (merged into one watched list by the record store, `watchPages`), and delivers a subscription
# event over graphql-transport-ws. The package is copied and built with its own --scratch-path, as in
# scripts/codegen-e2e.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
source scripts/lib/venv.sh
venv_install 'strawberry-graphql[asgi]' 'uvicorn[standard]'

work=$(mktemp -d)
cleanup() { kill "${server_pid:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
(cd scripts/interop.d && exec "$VENV_DIR/bin/uvicorn" strawberry_starwars:app --host 127.0.0.1 --port "$port" \
    --log-level warning) &
server_pid=$!
for _ in $(seq 1 150); do
    if curl -fsS -o /dev/null -H 'Content-Type: application/json' -d '{"query":"{ __typename }"}' \
        "http://127.0.0.1:$port/graphql" 2>/dev/null; then break; fi
    sleep 0.1
done

cp -R scripts/codegen-e2e "$work/codegen-e2e"
rm -rf "$work/codegen-e2e/.build"
perl -pi -e "s|path: \"\\.\\./\\.\\.\"|path: \"$repo\"|" "$work/codegen-e2e/Package.swift"
cd "$work/codegen-e2e"
scratch=${CODEGEN_E2E_SCRATCH:-$work/.build}
swift build --build-tests --scratch-path "$scratch" >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
CODEGEN_E2E_GRAPHQL_URL="http://127.0.0.1:$port/graphql" \
    swift test --skip-build --scratch-path "$scratch" --filter LiveServerTests >"$work/test.log" 2>&1 || {
    cat "$work/test.log"
    echo "codegen-strawberry interop FAILED"
    exit 1
}
grep -E "LiveServerTests|Test run" "$work/test.log" | grep -v started
if grep -q "skipped" "$work/test.log"; then echo "codegen-strawberry interop FAILED: the tests were skipped"; exit 1; fi
echo "codegen-strawberry interop: generated operations ran against Strawberry"
