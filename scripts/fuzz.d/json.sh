#!/usr/bin/env bash
# libFuzzer over JSONScanner (syntax errors, values at key paths), JSONValue parsing and round
# trips, and JSONBytesDecoder against both: scripts/fuzz json SECONDS [libFuzzer options].
set -euo pipefail
. scripts/lib/fuzz-swiftpm.sh
seconds=${1:-60}
shift || true
fuzz_swiftpm json "$seconds" 8192 "$@"
