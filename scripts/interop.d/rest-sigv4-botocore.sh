#!/usr/bin/env bash
# Sends 500 generated REST requests (every method; paths and query parameters with reserved,
# percent and non-ASCII characters; custom headers; binary bodies; API Gateway and other hosts,
# with and without a configured service) through APIPlugin with AWS_IAM, and checks that the URL
# and the Authorization header are exactly what botocore makes of the same request and time.
# Usage: scripts/interop rest-sigv4-botocore [COUNT] [SEED]
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/venv.sh
venv_install botocore
count=${1:-500}
seed=${2:-20261202}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product rest-sigv4-interop >/dev/null
python scripts/interop.d/rest-sigv4-botocore.py generate "$work" "$count" "$seed"
.build/release/rest-sigv4-interop "$work/cases.jsonl" >"$work/switchboard.jsonl"
python scripts/interop.d/rest-sigv4-botocore.py compare "$work"
