#!/usr/bin/env bash
# WebSocket echo on loopback, release builds: Switchboard client ↔ Switchboard server, then a
# SwiftNIO client ↔ server (Hummingbird + WSClient, the separate package scripts/bench-nio) in
# the same run. 64 B and 64 KiB binary messages, one round trip at a time.
# Usage: scripts/bench websocket [MESSAGES] [ROUNDS]   (64 KiB runs use MESSAGES/10; default
# 20000 messages, 3 rounds). The two implementations run alternately, ROUNDS times each, and the
# best round of each is reported, so that load from other processes biases neither side.
set -euo pipefail
messages=${1:-20000}
rounds=${2:-3}
results=$(mktemp)
trap 'rm -f "$results"' EXIT

swift build -c release --product websocket-bench >&2
switchboard="$(swift build -c release --show-bin-path)/websocket-bench"
nio=""
if (cd scripts/bench-nio && swift build -c release >&2); then
    nio="$(cd scripts/bench-nio && swift build -c release --show-bin-path)/nio-websocket-bench"
else
    echo "websocket bench: the SwiftNIO baseline package (scripts/bench-nio) did not build; no ratio" >&2
fi
for _ in $(seq 1 "$rounds"); do
    "$switchboard" "$messages" | grep '^RESULT' >>"$results"
    if [ -n "$nio" ]; then "$nio" "$messages" | grep '^RESULT' >>"$results"; fi
done

python3 - "$results" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    _, who, size, count, seconds = line.split()
    key = (who, int(size))
    # Keep the best round: the least disturbed by other load on the machine.
    if key not in rows or float(seconds) / int(count) < rows[key][1] / rows[key][0]:
        rows[key] = (int(count), float(seconds))
def label(size): return f"{size} B" if size < 1024 else f"{size // 1024} KiB"
print(f"best of rounds per implementation")
print(f"{'echo':>8} {'implementation':>14} {'messages/s':>12} {'MB/s':>10}")
for size in sorted({s for _, s in rows}):
    rates = {}
    for who in ("switchboard", "nio"):
        if (who, size) not in rows: continue
        count, seconds = rows[(who, size)]
        rate = count / seconds
        rates[who] = rate
        print(f"{label(size):>8} {who:>14} {rate:>12.0f} {rate * size / 1e6:>10.2f}")
    if len(rates) == 2:
        print(f"{label(size):>8} {'ratio':>14} {rates['switchboard'] / rates['nio']:>11.2f}x  (Switchboard / NIO, higher is better)")
PY
