#!/usr/bin/env bash
# A 1,000-item listPosts response: Switchboard's decoder + list-provider stages vs one plain
# JSONDecoder decode vs the Amplify-style path, in one release run. Usage: scripts/bench decode-list [DECODES_PER_ROUND]
set -euo pipefail
swift run -c release decode-list-bench "$@"
