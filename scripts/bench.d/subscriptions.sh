#!/usr/bin/env bash
# 1,000 subscriptions × 100 events through the mock server and the real subscription stack
# (WebSocket, AppSync protocol, decoding): delivery latency p50/p99 (release build), beside a
# single subscription in the same run.
# Usage: scripts/bench subscriptions [SUBSCRIPTIONS] [EVENTS]
set -euo pipefail
swift run -c release subscription-bench "$@"
