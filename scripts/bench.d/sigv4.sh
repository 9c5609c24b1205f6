#!/usr/bin/env bash
# SHA-256 MB/s of SwitchboardSigV4 beside OpenSSL's EVP_sha256 on the same 16 MiB buffer, and
# SigV4 signatures per second for a typical 1 KB AppSync request (release build).
# Usage: scripts/bench sigv4
set -euo pipefail
swift run -c release sigv4-bench "$@"
