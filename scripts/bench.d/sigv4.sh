#!/usr/bin/env bash
# SHA-256 MB/s of SwitchboardSigV4 beside OpenSSL's EVP_sha256 on the same 16 MiB buffer, and
# SigV4 signatures per second for a typical 1 KB AppSync request (release build).
# On CPUs with SHA extensions OpenSSL hashes in dedicated hardware instructions that pure Swift
# cannot emit, so the SHA-256 comparison is repeated with them masked (OPENSSL_ia32cap), which
# compares against OpenSSL's fastest software path (AVX2 and friends) as well.
# Usage: scripts/bench sigv4
set -euo pipefail
swift build -c release --product sigv4-bench >&2
bench="$(swift build -c release --show-bin-path)/sigv4-bench"
"$bench" "$@"
if grep -qw sha_ni /proc/cpuinfo 2>/dev/null; then
    echo
    echo "OpenSSL with its SHA-NI path masked (OPENSSL_ia32cap=:~0x20000000), software vs software:"
    OPENSSL_ia32cap=":~0x20000000" "$bench" "$@" | sed -n '/^SHA-256/,/ratio/p'
fi
