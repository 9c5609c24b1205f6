#!/usr/bin/env bash
# Generation time of SwitchboardCodegen for 200 operations synthesized against GitHub's schema
# (../shared/testdata/graphql/github-schema.graphql), release build, beside the time to parse
# that schema's SDL in the same run (the baseline). Goal: load + generate under 1 s.
# Usage: scripts/bench codegen [OPERATIONS] [ROUNDS]
set -euo pipefail
operations=${1:-200}
rounds=${2:-7}
schema=../shared/testdata/graphql/github-schema.graphql
if [ ! -f "$schema" ]; then echo "bench codegen: $schema is absent" >&2; exit 1; fi
swift build -c release --product codegen-bench >/dev/null
"$(swift build -c release --show-bin-path)/codegen-bench" "$schema" --operations "$operations" --rounds "$rounds"
