#!/usr/bin/env bash
# libFuzzer over AppSync and graphql-transport-ws message decoding and encoding round trips:
# scripts/fuzz realtime-messages SECONDS [libFuzzer options].
set -euo pipefail
. scripts/lib/fuzz-swiftpm.sh
seconds=${1:-60}
shift || true
fuzz_swiftpm realtime-messages "$seconds" 4096 "$@"
