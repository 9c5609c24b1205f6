#!/usr/bin/env bash
# Autobahn cases 1.* to 10.* (kosoku fuzzing client) against the Switchboard WebSocket server role.
set -euo pipefail
exec scripts/autobahn-server
