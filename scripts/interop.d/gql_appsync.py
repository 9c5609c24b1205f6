"""Interop: gql's AppSync real-time client (an independent implementation of AppSync's
protocol) against `switchboard mock`: connection_init/ack, start with the API-key authorization
object, start_ack, data, stop/complete, and a mutation over HTTP whose result reaches the
subscription. Usage: gql_appsync.py PORT API_KEY"""

import asyncio
import sys

from gql import Client, gql
from gql.transport.aiohttp import AIOHTTPTransport
from gql.transport.appsync_auth import AppSyncApiKeyAuthentication, AppSyncAuthentication
from gql.transport.appsync_websockets import AppSyncWebsocketsTransport
from gql.transport.exceptions import TransportQueryError

SUBSCRIPTION = gql("subscription OnCreateTodo { onCreateTodo { id name } }")
MUTATION = gql("mutation CreateTodo($name: String!) { createTodo(name: $name) { id name } }")


class HostOnlyAuthentication(AppSyncAuthentication):
    """Authorization that names the host but carries no credentials."""

    def __init__(self, host: str) -> None:
        self.host = host

    def get_headers(self, data=None, headers=None):
        return {"host": self.host}


async def main(port: int, api_key: str) -> None:
    host = f"127.0.0.1:{port}"
    auth = AppSyncApiKeyAuthentication(host=host, api_key=api_key)
    realtime = AppSyncWebsocketsTransport(url=f"ws://{host}/graphql/realtime", auth=auth)
    http = AIOHTTPTransport(url=f"http://{host}/graphql", headers={"x-api-key": api_key})
    received = []
    async with Client(transport=realtime) as subscriber, Client(transport=http) as mutator:
        subscription = subscriber.subscribe(SUBSCRIPTION)
        # The mock's scripted event arrives first, once the subscription is started.
        received.append(await asyncio.wait_for(subscription.__anext__(), 20))
        created = await mutator.execute(MUTATION, variable_values={"name": "from gql"})
        received.append(await asyncio.wait_for(subscription.__anext__(), 20))
        await subscription.aclose()  # sends stop; the mock answers complete
        # Without the API key no endpoint matches: the mock answers 404 with its reasons.
        async with Client(transport=AIOHTTPTransport(url=f"http://{host}/graphql")) as anonymous:
            try:
                await anonymous.execute(MUTATION, variable_values={"name": "no key"})
                refused = None
            except Exception as error:
                refused = f"{type(error).__name__}: {error}"
    # A start without credentials gets AppSync's error message for that subscription, which gql
    # raises as a query error.
    anonymous_realtime = AppSyncWebsocketsTransport(
        url=f"ws://{host}/graphql/realtime", auth=HostOnlyAuthentication(host)
    )
    async with Client(transport=anonymous_realtime) as anonymous_subscriber:
        try:
            async for _ in anonymous_subscriber.subscribe(SUBSCRIPTION):
                break
            unauthorized = None
        except TransportQueryError as error:
            unauthorized = error.errors
    print(f"mutation result: {created}")
    for event in received:
        print(f"event: {event}")
    print(f"without the API key: {refused}")
    print(f"a subscription without credentials: {unauthorized}")
    assert received[0] == {"onCreateTodo": {"id": "todo-0", "name": "Scripted"}}, received
    assert received[1] == {"onCreateTodo": {"id": "todo-1", "name": "from gql"}}, received
    assert created["createTodo"] == received[1]["onCreateTodo"], created
    assert refused is not None, "the request without an API key was not refused"
    # gql hands over the error message's whole payload, {"errors": [{errorType, message, ...}]}.
    assert unauthorized[0]["errors"][0]["errorType"] == "UnauthorizedException", unauthorized


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), sys.argv[2]))
