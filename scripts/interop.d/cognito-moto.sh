#!/usr/bin/env bash
# The Cognito providers against moto (a local Cognito from PyPI, in server mode on 127.0.0.1):
# guest and signed-in identity-pool credentials, one refresh shared by concurrent callers, sign-in
# with USER_PASSWORD_AUTH and USER_SRP_AUTH (moto checks the messages, not the SRP proof, which
# CognitoSRPTests checks against pycognito), a wrong password and an unknown client as clear errors
# with no secret in them, token refresh, 40 random SRP password claims identical to pycognito's, and a
# query, a mutation and a subscription signed with the identity pool's credentials against the
# local server. Usage: scripts/interop cognito-moto
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/venv.sh
venv_install "moto[server]" pycognito
swift build --product cognito-interop >/dev/null
bin="$(swift build --show-bin-path)/cognito-interop"
vectors=$(mktemp)
ours=$(mktemp)
python scripts/interop.d/cognito_srp_vectors.py generate 40 20261202 "$vectors"
"$bin" srp "$vectors" >"$ours"
python scripts/interop.d/cognito_srp_vectors.py compare "$vectors" "$ours"
rm -f "$vectors" "$ours"
log=$(mktemp)
moto_server -H 127.0.0.1 -p 0 >"$log" 2>&1 &
moto=$!
trap 'kill $moto 2>/dev/null || true; rm -f "$log"' EXIT
port=""
for _ in $(seq 1 100); do
    port=$(sed -n 's/.*Running on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log" | head -1)
    [ -n "$port" ] && break
    sleep 0.1
done
if [ -z "$port" ]; then echo "moto did not start:"; cat "$log"; exit 1; fi
# shellcheck disable=SC2046
"$bin" $(python scripts/interop.d/cognito_moto_setup.py "$port")
