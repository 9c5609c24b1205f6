#!/usr/bin/env bash
# libFuzzer over GraphQLLanguage's lexer, parser, printer round trip, __typename insertion and
# subset matching: scripts/fuzz parse SECONDS. Crash inputs land in fuzz-artifacts/parse/artifacts/ (git-ignored);
# turn each one into a regression test in Tests/GraphQLLanguageTests/FuzzRegressionTests.swift.
# The per-input timeout is generous because the machine is shared: an input that takes 0.2 s
# alone once hit a 30 s alarm at a load average of 17.
set -euo pipefail
seconds=${1:-60}
out=fuzz-artifacts/parse
mkdir -p "$out/corpus" "$out/artifacts"
# Seed the corpus with the project's fixtures and, when present, the shared test vectors.
cp Tests/Fixtures/graphql/*.graphql "$out/corpus/" 2>/dev/null || true
cp Tests/Fixtures/graphql/validation/*/*.graphql Tests/Fixtures/graphql/fuzz/* "$out/corpus/" 2>/dev/null || true
for f in ../shared/testdata/graphql/kitchen-sink.graphql ../shared/testdata/graphql/schema-kitchen-sink.graphql \
    ../shared/testdata/graphql/starwars.graphqls ../shared/testdata/graphql/starwars-operations/*.graphql; do
    [ -f "$f" ] && cp "$f" "$out/corpus/"
done
# The schema to validate against is the regression tests' fixture, compiled in as a string.
{
    printf 'let fuzzSchemaSDL = """\n'
    cat Tests/Fixtures/graphql/fuzz-schema.graphqls
    printf '"""\n'
} >"$out/FuzzSchemaSDL.swift"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name GraphQLLanguage -package-name switchboard \
    Sources/GraphQLLanguage/*/*.swift scripts/fuzzers/Parse/FuzzParse.swift "$out/FuzzSchemaSDL.swift" -o "$out/fuzz-parse"
LSAN_OPTIONS="suppressions=$PWD/scripts/fuzz.d/parse.lsan-suppressions${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
    "$out/fuzz-parse" -max_total_time="$seconds" -max_len=4096 -timeout=60 -rss_limit_mb=2048 \
    -artifact_prefix="$out/artifacts/" "$out/corpus"
