#!/usr/bin/env bash
# Autobahn cases 1.* to 10.* (kosoku fuzzing server) against the Switchboard WebSocket client.
# The whole run takes well under a minute in a release build.
set -euo pipefail
exec scripts/autobahn
