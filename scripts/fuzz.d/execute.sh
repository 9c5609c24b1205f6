#!/usr/bin/env bash
# libFuzzer over GraphQL execution: requests (query NUL variables NUL operationName NUL caller)
# through the local server's GraphQLService over a seeded in-memory store, checking the
# response's shape and that a query answers the same twice: scripts/fuzz execute SECONDS
# [libFuzzer options]. The dictionary (execute.dict) holds the schema's names, so that mutated
# documents stay valid often enough to reach execution.
# LeakSanitizer is off for this target: the service keeps parsed documents (its cache, the
# schema) whose enum payloads Swift stores behind tagged pointers, which LeakSanitizer cannot
# follow, so every new query would look like a leak, and suppressing them by stack does not work
# once the allocation happened in a task. The parse target checks the parser for leaks.
set -euo pipefail
. scripts/lib/fuzz-swiftpm.sh
seconds=${1:-60}
shift || true
ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" fuzz_swiftpm execute "$seconds" 4096 -dict=scripts/fuzz.d/execute.dict "$@"
