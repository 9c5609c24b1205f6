#!/usr/bin/env bash
# The request path of `switchboard serve` (in-memory store) in-process, without sockets,
# request bytes parsed, routed, authenticated, executed and the response serialized, for
# getTicket, listTickets (a 100-key page, filtered) and createTicket. The baseline, measured in
# the same run, is the same bytes parsed and answered with a static JSON body: what the HTTP
# layer alone costs. It reports CPU µs per request (thread CPU time): the user-space part of
# `scripts/bench serve-peers`' server CPU figure, steady enough to compare changes by.
# Usage: scripts/bench handler [REQUESTS] [TICKETS]; for a profile, HANDLER_BENCH_ONLY=getTicket (one
# operation) and HANDLER_BENCH_PATH_ONLY=1 (no baseline) narrow what runs.
set -euo pipefail
swift build -c release --product handler-bench >&2
"$(swift build -c release --show-bin-path)/handler-bench" "$@"
