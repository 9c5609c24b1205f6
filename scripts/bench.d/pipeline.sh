#!/usr/bin/env bash
# 10,000 sequential Switchboard.API.query calls vs raw URLSession POST + JSONDecoder (release build).
# Usage: scripts/bench pipeline [REQUESTS]
set -euo pipefail
swift run -c release pipeline-bench "$@"
