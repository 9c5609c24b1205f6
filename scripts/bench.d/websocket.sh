#!/usr/bin/env bash
# WebSocket echo on loopback, release builds: Switchboard client ↔ Switchboard server, then a
# SwiftNIO client ↔ server (Hummingbird + WSClient, the separate package scripts/bench-nio) in
# the same run. 64 B and 64 KiB binary messages, one round trip at a time.
# Usage: scripts/bench websocket [MESSAGES]   (64 KiB runs use MESSAGES/10; default 20000)
set -euo pipefail
messages=${1:-20000}
results=$(mktemp)
trap 'rm -f "$results"' EXIT

swift build -c release --product websocket-bench >&2
"$(swift build -c release --show-bin-path)/websocket-bench" "$messages" | grep '^RESULT' >>"$results"

if (cd scripts/bench-nio && swift build -c release >&2); then
    (cd scripts/bench-nio && "$(swift build -c release --show-bin-path)/nio-websocket-bench" "$messages") \
        | grep '^RESULT' >>"$results"
else
    echo "websocket bench: the SwiftNIO baseline package (scripts/bench-nio) did not build; no ratio" >&2
fi

python3 - "$results" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    _, who, size, count, seconds = line.split()
    rows[(who, int(size))] = (int(count), float(seconds))
def label(size): return f"{size} B" if size < 1024 else f"{size // 1024} KiB"
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
