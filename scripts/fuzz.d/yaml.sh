#!/usr/bin/env bash
# libFuzzer over the mock's YAML parser (depth limit, JSON round trip) and configuration reader:
# scripts/fuzz yaml SECONDS [libFuzzer options].
set -euo pipefail
. scripts/lib/fuzz-swiftpm.sh
seconds=${1:-60}
shift || true
fuzz_swiftpm yaml "$seconds" 8192 "$@"
