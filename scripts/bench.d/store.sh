#!/usr/bin/env bash
# A 1,000-item list normalized into a RecordStore and read back, against decoding the same bytes
# straight into the operation's Data (goal: at most 2x), and a 1,000-watcher fan-out of one record
# change, and a transaction appending one item to a watched 1,000-item list (goal: under 1 ms).
# Usage: scripts/bench store [ROUNDS]
set -euo pipefail
swift run -c release store-bench "$@"
