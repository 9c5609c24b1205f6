#!/usr/bin/env bash
# Validates the committed corpus (Tests/Fixtures/graphql/validation/<schema>/*.graphql) with
# graphql-core from PyPI and with Switchboard's graphql-validate, and fails unless both accept and
# reject exactly the same documents. The Star Wars schema comes from ../shared/testdata. Each
# schema is also introspected by graphql-core, and Switchboard must build an equal schema from
# that introspection result and from the SDL.
set -euo pipefail
source scripts/lib/venv.sh
venv_install graphql-core
swift build -c release --product graphql-validate >/dev/null
bin="$(swift build -c release --show-bin-path)/graphql-validate"
corpus=Tests/Fixtures/graphql/validation
status=0
total=0
for folder in "$corpus"/*/; do
    name=$(basename "$folder")
    schema="$folder/schema.graphqls"
    if [ "$name" = starwars ]; then schema=../shared/testdata/graphql/starwars.graphqls; fi
    if [ ! -f "$schema" ]; then echo "skipping $name: $schema is absent"; continue; fi
    files=("$folder"*.graphql)
    ours=$(mktemp); theirs=$(mktemp)
    "$bin" "$schema" "${files[@]}" | cut -d' ' -f1-2 | sed 's/:$//' | sort >"$ours"
    python - "$schema" "${files[@]}" <<'PY' | sort >"$theirs"
import sys
from graphql import build_schema, parse, validate, GraphQLSyntaxError
schema = build_schema(open(sys.argv[1]).read())
for path in sys.argv[2:]:
    try:
        errors = validate(schema, parse(open(path).read()))
    except GraphQLSyntaxError:
        errors = ["syntax"]
    print(("reject " if errors else "accept ") + path)
PY
    introspection=$(mktemp)
    python - "$schema" >"$introspection" <<'PY'
import json, sys
from graphql import build_schema, graphql_sync, get_introspection_query
schema = build_schema(open(sys.argv[1]).read())
query = get_introspection_query(descriptions=True, specified_by_url=True, directive_is_repeatable=True,
                                schema_description=True, input_value_deprecation=True, one_of=True)
result = graphql_sync(schema, query)
assert not result.errors, result.errors
print(json.dumps({"data": result.data}))
PY
    if comparison=$("$bin" --compare-introspection "$schema" "$introspection"); then
        echo "$name: schema from SDL equals schema from graphql-core's introspection result"
    else
        echo "$name: SDL and graphql-core introspection give different schemas: $comparison"
        status=1
    fi
    rm -f "$introspection"
    count=$(wc -l <"$ours")
    total=$((total + count))
    if ! cmp -s "$ours" "$theirs"; then
        echo "$name: Switchboard and graphql-core disagree (left: Switchboard, right: graphql-core):"
        diff "$ours" "$theirs" || true
        status=1
    else
        echo "$name: $count documents, same verdicts ($(grep -c '^accept' "$ours") accepted, $(grep -c '^reject' "$ours") rejected)"
    fi
    rm -f "$ours" "$theirs"
done
echo "graphql-core $(python -c 'import graphql; print(graphql.__version__)'): $total documents compared"
exit $status
