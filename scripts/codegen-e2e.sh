#!/usr/bin/env bash
# End to end check of the SwitchboardCodegen build plugin, as an app uses it: builds
# scripts/codegen-e2e (a package that depends on this checkout and applies the plugin to a
# target with a schema, .graphql files and graphql("…") literals), runs its tests against a
# MockServer, then edits its sources and rebuilds without cleaning:
#   - a second build with nothing changed compiles nothing: SwiftPM 6 relinks a plugin's tool on
#     every build and so runs the generator again, but it rewrites no file whose bytes are the
#     same, and unchanged generated files are not recompiled;
#   - a field added in a .graphql file is usable after the next build;
#   - an invalid .graphql edit and an invalid literal fail the build with file:line:column;
#   - reverting them builds again.
# The package is copied to a temporary directory (edits never touch the repository) and built
# with its own --scratch-path; set CODEGEN_E2E_SCRATCH to reuse a build directory between runs.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
package="$work/codegen-e2e"
cp -R "$repo/scripts/codegen-e2e" "$package"
rm -rf "$package/.build"
# Depend on this checkout wherever the copy lives.
perl -pi -e "s|path: \"\\.\\./\\.\\.\"|path: \"$repo\"|" "$package/Package.swift"
scratch=${CODEGEN_E2E_SCRATCH:-$work/.build}
sources="$package/Sources/StarWarsClient"
log="$work/build.log"
cd "$package"

seconds() { date +%s; }
build() { swift build --build-tests --scratch-path "$scratch" >"$log" 2>&1; }
fail() { echo "codegen-e2e: $*" >&2; cat "$log" >&2; exit 1; }
expect_in_log() { grep -qF -- "$1" "$log" || fail "expected in the build output: $1"; }

echo "== build (generates, compiles) and test against the mock"
start=$(seconds)
build || fail "the first build failed"
first_build=$(($(seconds) - start))
expect_in_log "Generating GraphQL operations for StarWarsClient"
expect_in_log "Generating GraphQL operations for BlogClient"
swift test --skip-build --scratch-path "$scratch" >"$log" 2>&1 || fail "the tests failed"
grep -E "Test run with [0-9]+ tests" "$log"

echo "== build again with nothing changed: nothing is recompiled"
build || fail "the unchanged rebuild failed"
if grep -qF "Compiling StarWarsClient" "$log"; then fail "StarWarsClient was recompiled although nothing changed"; fi

echo "== add a field to a .graphql file: the next build regenerates, without a clean"
cp "$sources/Queries/Hero.graphql" "$work/Hero.original.graphql"
start=$(seconds)
perl -0pi -e 's/query HeroAsDroid\(\$episode: Episode\) \{\n  hero\(episode: \$episode\) \{\n    name/query HeroAsDroid(\$episode: Episode) {\n  hero(episode: \$episode) {\n    name\n    appearsIn/' \
    "$sources/Queries/Hero.graphql"
cat >"$sources/Probe.swift" <<'EOF'
// Compiles only once HeroAsDroid selects appearsIn.
func appearsIn(_ hero: StarWarsAPI.HeroAsDroidQuery.Data.Hero) -> [StarWarsAPI.Episode?] { hero.appearsIn }
EOF
build || fail "the build after adding appearsIn failed"
edit_build=$(($(seconds) - start))
expect_in_log "Generating GraphQL operations for StarWarsClient"

echo "== an invalid .graphql edit fails the build at its file, line and column"
cp "$sources/Queries/Hero.graphql" "$work/Hero.graphql"
perl -pi -e 's/homePlanet/homePlanett/' "$sources/Queries/Hero.graphql"
if build; then fail "the build with an unknown field succeeded"; fi
expect_in_log "$sources/Queries/Hero.graphql:7:7: error: Cannot query field \"homePlanett\" on type \"Human\". Did you mean \"homePlanet\"?"
cp "$work/Hero.graphql" "$sources/Queries/Hero.graphql"

echo "== an invalid graphql(\"…\") literal fails the build at its Swift line and column"
cp "$sources/Reviews.swift" "$work/Reviews.swift"
perl -pi -e 's/^        commentary$/        commentry/' "$sources/Reviews.swift"
if build; then fail "the build with an invalid literal succeeded"; fi
expect_in_log "$sources/Reviews.swift:11:9: error: Cannot query field \"commentry\" on type \"Review\". Did you mean \"commentary\"?"
cp "$work/Reviews.swift" "$sources/Reviews.swift"

echo "== every edit reverted: the build and the tests succeed again"
cp "$work/Hero.original.graphql" "$sources/Queries/Hero.graphql"
rm "$sources/Probe.swift"
build || fail "the build after reverting failed"
swift test --skip-build --scratch-path "$scratch" >"$log" 2>&1 || fail "the tests failed after the edits"

echo "codegen-e2e: ok (first build ${first_build}s, rebuild after a .graphql edit ${edit_build}s)"
