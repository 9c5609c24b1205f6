#!/usr/bin/env bash
# libFuzzer over WebSocketFrameReader in both roles, whole and in pieces: scripts/fuzz websocket-
# frames SECONDS [libFuzzer options].
set -euo pipefail
. scripts/lib/fuzz-swiftpm.sh
seconds=${1:-60}
shift || true
fuzz_swiftpm websocket-frames "$seconds" 16384 "$@"
