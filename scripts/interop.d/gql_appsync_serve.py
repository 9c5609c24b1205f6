"""Interop: gql's AppSync transports (HTTP and real-time, API-key and IAM authorization, an
implementation independent of Switchboard's) against `switchboard serve`, and graphql-core
checking the schema the server introspects as.
Usage: gql_appsync_serve.py PORT API_KEY ACCESS_KEY_ID SECRET REGION APPSYNC_SDL_FILE"""

import asyncio
import sys

from botocore.credentials import Credentials
from gql import Client, gql
from gql.transport.aiohttp import AIOHTTPTransport
from gql.transport.appsync_auth import AppSyncApiKeyAuthentication, AppSyncIAMAuthentication
from gql.transport.appsync_websockets import AppSyncWebsocketsTransport
from gql.transport.exceptions import TransportQueryError, TransportServerError
from graphql import (
    build_schema,
    find_breaking_changes,
    find_dangerous_changes,
    specified_directives,
    validate_schema,
)

APPSYNC_PRELUDE = """
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
"""

CREATE = gql(
    "mutation CreateNote($input: CreateNoteInput!) { createNote(input: $input) { id text priority tags } }"
)
LIST = gql(
    """
    query ListNotes($filter: ModelNoteFilterInput, $limit: Int, $nextToken: String) {
      listNotes(filter: $filter, limit: $limit, nextToken: $nextToken) { items { id priority } nextToken }
    }
    """
)
# gql 4 keeps the variables of a request on the object gql() returns, so each subscription gets
# its own (an empty dict would otherwise leave another subscription's filter in place).
ON_CREATE = """
subscription OnCreateNote($filter: ModelSubscriptionNoteFilterInput) {
  onCreateNote(filter: $filter) { id text priority tags }
}
"""


async def collect(client, variables, expected_ids, probes, received):
    """Keeps the subscription's events (probes apart) until every id in expected_ids arrived."""
    async for event in client.subscribe(gql(ON_CREATE), variable_values=variables):
        note = event["onCreateNote"]
        if note["id"].startswith("probe-"):
            probes.set()
            continue
        received.append(note)
        if {n["id"] for n in received} >= expected_ids:
            return


async def main(port, api_key, access_key_id, secret, region, sdl_path):
    host = f"127.0.0.1:{port}"
    url = f"http://{host}/graphql"
    key_auth = AppSyncApiKeyAuthentication(host=host, api_key=api_key)
    iam_auth = AppSyncIAMAuthentication(
        host=host, region_name=region, credentials=Credentials(access_key_id, secret)
    )
    forged_auth = AppSyncIAMAuthentication(
        host=host, region_name=region, credentials=Credentials(access_key_id, secret + "x")
    )

    # gql introspects the server and validates every document below against the result.
    async with Client(
        transport=AIOHTTPTransport(url=url, auth=key_auth), fetch_schema_from_transport=True
    ) as keyed:
        introspected = keyed.client.schema
        problems = validate_schema(introspected)
        assert not problems, problems
        deployed = build_schema(APPSYNC_PRELUDE + open(sdl_path).read())
        # The built-in directives are graphql-core's own on one side (newer versions add
        # locations the GraphQL spec does not have yet), so only the schema's own parts count.
        builtins = tuple(f"@{d.name}" for d in specified_directives)
        differences = [
            change.description
            for change in find_breaking_changes(deployed, introspected)
            + find_dangerous_changes(deployed, introspected)
            if not any(name in change.description for name in builtins)
        ]
        assert not differences, differences
        print(
            f"graphql-core: the introspected schema is valid ({len(introspected.type_map)} types) and has "
            "no breaking or dangerous change from the SDL"
        )

        async with Client(
            transport=AppSyncWebsocketsTransport(url=f"ws://{host}/graphql/realtime", auth=key_auth)
        ) as key_realtime, Client(
            transport=AppSyncWebsocketsTransport(url=f"ws://{host}/graphql/realtime", auth=iam_auth)
        ) as iam_realtime, Client(transport=AIOHTTPTransport(url=url, auth=iam_auth)) as signed:
            notes = [
                {"id": "n1", "text": "keyed low", "priority": 1, "tags": ["a"]},
                {"id": "n2", "text": "keyed high", "priority": 5, "tags": ["b", "c"]},
                {"id": "n3", "text": "signed low", "priority": 0, "tags": None},
                {"id": "n4", "text": "signed high", "priority": 3, "tags": []},
            ]
            filtered, everything = [], []
            filtered_ready, everything_ready = asyncio.Event(), asyncio.Event()
            tasks = [
                asyncio.create_task(
                    collect(key_realtime, {"filter": {"priority": {"ge": 2}}}, {"n2", "n4"}, filtered_ready, filtered)
                ),
                asyncio.create_task(
                    collect(iam_realtime, {}, {n["id"] for n in notes}, everything_ready, everything)
                ),
            ]
            # The subscriptions are active once a probe reached both.
            for attempt in range(100):
                await keyed.execute(
                    CREATE, variable_values={"input": {"id": f"probe-{attempt}", "text": "probe", "priority": 9}}
                )
                if filtered_ready.is_set() and everything_ready.is_set():
                    break
                await asyncio.sleep(0.1)
            else:
                raise AssertionError("the subscriptions never received a probe")

            for note in notes[:2]:
                created = await keyed.execute(CREATE, variable_values={"input": note})
                assert created["createNote"] == note, created
            for note in notes[2:]:
                created = await signed.execute(CREATE, variable_values={"input": note})
                assert created["createNote"] == note, created
            try:
                await asyncio.wait_for(asyncio.gather(*tasks), 20)
            except asyncio.TimeoutError:
                raise AssertionError(f"events missing after 20 s; filtered: {filtered}, all: {everything}")

        print(f"API-key subscription with filter priority >= 2: {[n['id'] for n in filtered]}")
        print(f"IAM subscription without a filter: {[n['id'] for n in everything]}")
        assert [n["id"] for n in filtered] == ["n2", "n4"], filtered
        assert everything == notes, everything

        # The filtered list, two items per page, followed by nextToken.
        ids, token, pages = [], None, 0
        while True:
            page = await keyed.execute(
                LIST,
                variable_values={"filter": {"id": {"beginsWith": "n"}}, "limit": 2, "nextToken": token},
            )
            ids += [item["id"] for item in page["listNotes"]["items"]]
            token = page["listNotes"]["nextToken"]
            pages += 1
            if token is None:
                break
        print(f"listNotes(filter: id beginsWith n, limit: 2): {sorted(ids)} in {pages} pages")
        assert sorted(ids) == ["n1", "n2", "n3", "n4"], ids
        assert pages > 2, pages

    async with Client(transport=AIOHTTPTransport(url=url, auth=forged_auth)) as forged:
        try:
            await forged.execute(LIST)
            raise AssertionError("a signature made with the wrong secret was accepted")
        except TransportQueryError as error:
            # gql reports the 401's UnauthorizedException body as the query's error.
            print(f"a wrong IAM secret: {error.errors[0]['errorType']}")
            assert error.errors[0]["errorType"] == "UnauthorizedException", error.errors
            assert "signature does not match" in error.errors[0]["message"], error.errors
        except TransportServerError as error:
            print(f"a wrong IAM secret: HTTP {error.code}")
            assert error.code == 401, error


if __name__ == "__main__":
    port, api_key, access_key_id, secret, region, sdl_path = sys.argv[1:7]
    asyncio.run(main(int(port), api_key, access_key_id, secret, region, sdl_path))
