#!/usr/bin/env bash
# libFuzzer over HTTP/1.1 request heads, Content-Length and chunked bodies and trailers
# (HTTPRequestParser), whole and in pieces: scripts/fuzz http-request SECONDS [libFuzzer options].
set -euo pipefail
. scripts/lib/fuzz-swiftpm.sh
seconds=${1:-60}
shift || true
fuzz_swiftpm http-request "$seconds" 8192 "$@"
