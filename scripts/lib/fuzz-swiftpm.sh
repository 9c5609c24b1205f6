# Shared by the scripts/fuzz.d targets that SwiftPM builds (the fuzz-* executables Package.swift
# declares when SWITCHBOARD_FUZZ is set, sources in scripts/fuzzers): builds fuzz-NAME with
# libFuzzer and AddressSanitizer (release, testable imports, its own build directory), seeds its
# corpus from scripts/fuzzers/Seeds/NAME (inputs taken from the tests), and runs it for SECONDS.
# Crash inputs land in fuzz-artifacts/NAME/artifacts/ (git-ignored); turn each one into a
# regression test.
# The per-input timeout is generous because the machine is shared.

# Builds fuzz target PRODUCT, or without it every one that SwiftPM builds.
fuzz_swiftpm_build() {
    local product
    for product in ${1:-$(ls scripts/fuzz.d | sed -n 's/\.sh$//p' | grep -v '^parse$' | sed 's/^/fuzz-/')}; do
        SWITCHBOARD_FUZZ=1 swift build -c release --build-path "$PWD/.build-fuzz" \
            -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing --product "$product" >&2
    done
}

fuzz_swiftpm() {
    local name=$1 seconds=$2 max_len=$3
    shift 3
    local out=fuzz-artifacts/$name
    mkdir -p "$out/corpus" "$out/artifacts"
    cp scripts/fuzzers/Seeds/"$name"/* "$out/corpus/" 2>/dev/null || true
    fuzz_swiftpm_build "fuzz-$name"
    "$PWD/.build-fuzz/release/fuzz-$name" -max_total_time="$seconds" -max_len="$max_len" -timeout=60 \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$out/artifacts/" "$@" "$out/corpus"
}
