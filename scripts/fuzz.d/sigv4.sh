#!/usr/bin/env bash
# libFuzzer over SigV4 verification of received requests, and sign-then-verify of well-formed ones
# (canonical requests): scripts/fuzz sigv4 SECONDS [libFuzzer options].
set -euo pipefail
. scripts/lib/fuzz-swiftpm.sh
seconds=${1:-60}
shift || true
fuzz_swiftpm sigv4 "$seconds" 4096 "$@"
