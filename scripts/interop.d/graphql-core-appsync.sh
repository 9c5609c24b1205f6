#!/usr/bin/env bash
# Generates the AppSync schema of every Transformer v2 schema in ../shared/testdata/amplify-schemas
# (when present) and of the repository's relationship matrix and server-test schemas
# (Tests/Fixtures/models) with `switchboard codegen schema`, then checks it with graphql-core from PyPI: build_schema must
# accept it (with AppSync's scalars and directives declared in front, as AppSync itself provides
# them), validate_schema must find no errors, and every @aws_subscribe must name mutations of the
# schema that return the subscription's type.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/venv.sh
venv_install graphql-core
schemas=../shared/testdata/amplify-schemas
sources=(Tests/Fixtures/models/relationships.graphql Tests/Fixtures/models/server-tests.graphql)
if [ -d "$schemas" ]; then
    sources+=("$schemas"/*.graphql)
else
    echo "graphql-core-appsync: $schemas is absent, checking the repository's schemas only"
fi
swift build --product switchboard >/dev/null
switchboard="$(swift build --show-bin-path)/switchboard"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/appsync-prelude.graphql" <<'SDL'
scalar AWSDate
scalar AWSTime
scalar AWSDateTime
scalar AWSTimestamp
scalar AWSEmail
scalar AWSJSON
scalar AWSURL
scalar AWSPhone
scalar AWSIPAddress
directive @aws_subscribe(mutations: [String!]!) on FIELD_DEFINITION
directive @aws_api_key on OBJECT | FIELD_DEFINITION
directive @aws_iam on OBJECT | FIELD_DEFINITION
directive @aws_oidc on OBJECT | FIELD_DEFINITION
directive @aws_lambda on OBJECT | FIELD_DEFINITION
directive @aws_cognito_user_pools(cognito_groups: [String!]) on OBJECT | FIELD_DEFINITION
SDL
status=0
checked=0
for source in "${sources[@]}"; do
    name=$(basename "$source" .graphql)
    case "$name" in transformer-v1-*) continue ;; esac
    generated="$work/$name.appsync.graphql"
    if ! "$switchboard" codegen schema --schema "$source" --output "$generated" >/dev/null; then
        echo "$name: switchboard codegen schema FAILED"
        status=1
        continue
    fi
    cat "$work/appsync-prelude.graphql" "$generated" >"$work/$name.full.graphql"
    if summary=$(python - "$work/$name.full.graphql" <<'PY'
import sys
from graphql import build_schema, validate_schema, get_named_type
schema = build_schema(open(sys.argv[1]).read())
problems = [error.message for error in validate_schema(schema)]
mutation = schema.mutation_type
for name, field in (schema.subscription_type.fields.items() if schema.subscription_type else []):
    for directive in field.ast_node.directives:
        if directive.name.value != "aws_subscribe":
            continue
        for value in directive.arguments[0].value.values:
            target = mutation.fields.get(value.value) if mutation else None
            if target is None:
                problems.append(f"{name} subscribes to the missing mutation {value.value}")
            elif get_named_type(target.type) != get_named_type(field.type):
                problems.append(f"{name} returns {field.type} but {value.value} returns {target.type}")
if problems:
    print("; ".join(problems))
    sys.exit(1)
types = [t for t in schema.type_map if not t.startswith("__")]
roots = {t: len(schema.type_map[t].fields) for t in ("Query", "Mutation", "Subscription") if t in schema.type_map}
print(f"{len(types)} types, " + ", ".join(f"{count} {root} fields" for root, count in roots.items()))
PY
    ); then
        echo "$name: accepted by graphql-core ($summary)"
    else
        echo "$name: graphql-core rejected the generated schema: $summary"
        status=1
    fi
    checked=$((checked + 1))
done
echo "graphql-core $(python -c 'import graphql; print(graphql.__version__)'): $checked generated AppSync schemas checked"
exit $status
