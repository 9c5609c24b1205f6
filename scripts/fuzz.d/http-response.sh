#!/usr/bin/env bash
# libFuzzer over the HTTP response-head parser of the WebSocket client's opening handshake:
# scripts/fuzz http-response SECONDS [libFuzzer options].
set -euo pipefail
. scripts/lib/fuzz-swiftpm.sh
seconds=${1:-60}
shift || true
fuzz_swiftpm http-response "$seconds" 4096 "$@"
