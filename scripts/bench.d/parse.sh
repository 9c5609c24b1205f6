#!/usr/bin/env bash
# GraphQL parsing throughput (MB/s) of GraphQLLanguage vs GraphQLSwift/GraphQL 4.3.0 on the shared
# github-schema.graphql and kitchen-sink.graphql, both release builds, same harness, same run.
# Usage: scripts/bench parse [SECONDS_PER_FILE]
set -euo pipefail
seconds=${1:-3}
data=../shared/testdata/graphql
files=("$data/github-schema.graphql" "$data/kitchen-sink.graphql")
for f in "${files[@]}"; do
    if [ ! -f "$f" ]; then echo "bench parse: $f is absent" >&2; exit 1; fi
done
swift build -c release --product parse-bench >/dev/null
ours="$(swift build -c release --show-bin-path)/parse-bench"
(cd scripts/bench-graphqlswift && swift build -c release >/dev/null)
theirs="$(cd scripts/bench-graphqlswift && swift build -c release --show-bin-path)/graphqlswift-parse-bench"
printf '%-24s %10s %16s %16s %8s\n' file bytes "Switchboard MB/s" "GraphQLSwift MB/s" ratio
for f in "${files[@]}"; do
    read -r name size ours_rate _ < <("$ours" "$f" --seconds "$seconds")
    read -r _ _ theirs_rate _ < <("$theirs" "$f" --seconds "$seconds")
    ratio=$(awk -v a="$ours_rate" -v b="$theirs_rate" 'BEGIN { printf "%.1fx", a / b }')
    printf '%-24s %10s %16s %16s %8s\n' "$name" "$size" "$ours_rate" "$theirs_rate" "$ratio"
done
