#!/usr/bin/env bash
# The JSONTestSuite parsing cases (github.com/nst/JSONTestSuite, test_parsing: 95 y_, 188 n_, 35 i_
# files) against both of Switchboard's JSON readers. The files come from PyPI: the pyjson5 source
# distribution packages the suite under third-party/JSONTestSuite. They are fetched (pinned version,
# checked against PyPI's sha256) into .venv-interop/JSONTestSuite, and `swift test` runs
# JSONTestSuiteTests on them: every y_ accepted, every n_ rejected, both readers agreeing on i_.
set -euo pipefail
source scripts/lib/venv.sh
target="$VENV_DIR/JSONTestSuite"
if [ ! -d "$target/test_parsing" ]; then
    "$VENV_DIR/bin/python" - "$target" <<'PY'
import hashlib, io, json, sys, tarfile, urllib.parse, urllib.request

target = sys.argv[1]
meta_url = "https://pypi.org/pypi/pyjson5/json"
meta = json.load(urllib.request.urlopen(meta_url))
files = meta.get("releases", {}).get("2.0.1") or (meta["urls"] if meta["info"]["version"] == "2.0.1" else [])
sdist = next(u for u in files if u["packagetype"] == "sdist")
data = urllib.request.urlopen(urllib.parse.urljoin(meta_url, sdist["url"])).read()
if hashlib.sha256(data).hexdigest() != sdist["digests"]["sha256"]:
    sys.exit("pyjson5 sdist: sha256 mismatch")
prefix = "pyjson5-2.0.1/third-party/JSONTestSuite/"
with tarfile.open(fileobj=io.BytesIO(data)) as archive:
    members = [m for m in archive.getmembers() if m.name.startswith(prefix + "test_parsing/") and m.isfile()]
    for member in members:
        member.name = member.name[len(prefix):]
        archive.extract(member, target)
print(f"fetched {len(members)} JSONTestSuite files from PyPI (pyjson5 2.0.1)")
PY
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
SWITCHBOARD_JSON_TEST_SUITE="$target/test_parsing" swift test -Xswiftc -warnings-as-errors \
    --filter JSONTestSuiteTests >"$log" 2>&1 || { tail -40 "$log"; echo "jsontestsuite FAILED"; exit 1; }
grep -E "i_ cases accepted" "$log" || true
if ! grep -qE "Test run with 3 tests in 1 suite passed" "$log"; then
    tail -20 "$log"; echo "jsontestsuite FAILED: the suite did not run its 3 tests"; exit 1
fi
echo "jsontestsuite: $(ls "$target/test_parsing" | grep -c '^y_') y_ accepted and $(ls "$target/test_parsing" | grep -c '^n_') n_ rejected by JSONValue(parsing:) and JSONBytesDecoder; both agree on every i_"
