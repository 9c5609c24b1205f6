#!/usr/bin/env bash
# GraphQL parsing throughput (MB/s) of GraphQLLanguage vs GraphQLSwift/GraphQL 4.3.0 on the shared
# github-schema.graphql and kitchen-sink.graphql, both release builds, same harness, same run.
# The two harnesses are separate processes (GraphQLSwift is a package dependency this package may
# not have), so they alternate in short rounds and the ratio is the median over adjacent pairs:
# this machine's speed drifts within seconds, and a block per side measured the drift.
# Usage: scripts/bench parse [ROUNDS] [SECONDS_PER_ROUND]
set -euo pipefail
rounds=${1:-9}
seconds=${2:-0.3}
data=../shared/testdata/graphql
files=("$data/github-schema.graphql" "$data/kitchen-sink.graphql")
for f in "${files[@]}"; do
    if [ ! -f "$f" ]; then echo "bench parse: $f is absent" >&2; exit 1; fi
done
swift build -c release --product parse-bench >/dev/null
ours="$(swift build -c release --show-bin-path)/parse-bench"
(cd scripts/bench-graphqlswift && swift build -c release >/dev/null)
theirs="$(cd scripts/bench-graphqlswift && swift build -c release --show-bin-path)/graphqlswift-parse-bench"
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "$rounds alternating rounds of ${seconds}s per side and file; rates are medians, the ratio the median of pairs"
printf '%-24s %10s %16s %17s %8s\n' file bytes "Switchboard MB/s" "GraphQLSwift MB/s" ratio
for f in "${files[@]}"; do
    ours_rates=() theirs_rates=() ratios=()
    for round in $(seq 1 "$rounds"); do
        # Alternate which side goes first, so neither always runs on the warmer machine.
        if [ $((round % 2)) -eq 1 ]; then
            read -r name size a _ < <("$ours" "$f" --seconds "$seconds")
            read -r _ _ b _ < <("$theirs" "$f" --seconds "$seconds")
        else
            read -r _ _ b _ < <("$theirs" "$f" --seconds "$seconds")
            read -r name size a _ < <("$ours" "$f" --seconds "$seconds")
        fi
        ours_rates+=("$a") theirs_rates+=("$b")
        ratios+=("$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')")
    done
    ours_rate=$(printf '%s\n' "${ours_rates[@]}" | median)
    theirs_rate=$(printf '%s\n' "${theirs_rates[@]}" | median)
    ratio=$(printf '%s\n' "${ratios[@]}" | median)
    printf '%-24s %10s %16.1f %17.1f %7.2fx\n' "$name" "$size" "$ours_rate" "$theirs_rate" "$ratio"
done
