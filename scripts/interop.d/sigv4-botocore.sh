#!/usr/bin/env bash
# Signs 1,000 generated requests (random methods; paths with reserved, encoded and unicode
# characters, dot and empty segments; repeated query keys; header values with inner spaces and
# tabs; bodies of 0 B to 1 MiB; with and without session tokens; every tenth one presigned) with
# Switchboard and with botocore, and reports how many are identical. Exits 1 unless all are.
# Usage: scripts/interop sigv4-botocore [COUNT] [SEED]
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/venv.sh
venv_install botocore
count=${1:-1000}
seed=${2:-20150830}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product sigv4-interop >/dev/null
python scripts/interop.d/sigv4-botocore.py generate "$work" "$count" "$seed"
.build/release/sigv4-interop "$work/cases.jsonl" "$work/bodies.bin" >"$work/switchboard.jsonl"
python scripts/interop.d/sigv4-botocore.py compare "$work"
