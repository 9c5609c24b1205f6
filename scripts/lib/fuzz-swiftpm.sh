# Shared by the scripts/fuzz.d targets built from the scripts/fuzzers package: builds fuzz-NAME with
# libFuzzer and AddressSanitizer (release, testable imports), seeds its corpus from scripts/fuzzers/Seeds/NAME
# (inputs taken from the tests), and runs it for SECONDS. One package name for every module lets
# the targets reach `package` declarations (the parsers are not public API). Crash inputs land in
# fuzz-artifacts/NAME/artifacts/ (git-ignored); turn each one into a regression test.
# The per-input timeout is generous because the machine is shared.

# Builds every target of the scripts/fuzzers package (PRODUCT: just that one).
fuzz_swiftpm_build() {
    swift build --package-path scripts/fuzzers -c release --build-path "$PWD/.build-fuzz" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -Xswiftc -package-name -Xswiftc switchboard_fuzz \
        ${1:+--product "$1"} >&2
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
