"""A Strawberry GraphQL server for scripts/interop.d/strawberry.sh: a mutation that publishes to a
subscription, served over HTTP and graphql-transport-ws by uvicorn, and queries whose answers the
two HTTP transports of `switchboard query` must print byte for byte the same (responses over 500
bytes are gzip-compressed, as Starlette's middleware does for clients that accept it)."""
import asyncio
from typing import AsyncGenerator

import strawberry
from starlette.middleware.gzip import GZipMiddleware
from strawberry.asgi import GraphQL
from strawberry.subscriptions import GRAPHQL_WS_PROTOCOL

subscribers: set[asyncio.Queue] = set()
created = 0


@strawberry.type
class Todo:
    id: strawberry.ID
    name: str


@strawberry.type
class Query:
    @strawberry.field
    def hello(self) -> str:
        return "world"

    @strawberry.field
    def echo(self, text: str) -> str:
        return text

    @strawberry.field
    def todos(self, count: int) -> list[Todo]:
        return [Todo(id=strawberry.ID(str(n)), name=f"todo {n} \u00e9\u2713") for n in range(count)]


@strawberry.type
class Mutation:
    @strawberry.mutation
    async def create_todo(self, name: str) -> Todo:
        global created
        created += 1
        todo = Todo(id=strawberry.ID(str(created)), name=name)
        for queue in list(subscribers):
            queue.put_nowait(todo)
        return todo


@strawberry.type
class Subscription:
    @strawberry.subscription
    async def on_create_todo(self) -> AsyncGenerator[Todo, None]:
        queue: asyncio.Queue = asyncio.Queue()
        subscribers.add(queue)
        try:
            while True:
                yield await queue.get()
        finally:
            subscribers.discard(queue)

    @strawberry.subscription
    async def count_to(self, target: int, pause: float = 0.0) -> AsyncGenerator[int, None]:
        for n in range(1, target + 1):
            await asyncio.sleep(pause)
            yield n


schema = strawberry.Schema(query=Query, mutation=Mutation, subscription=Subscription)
graphql_app = GZipMiddleware(GraphQL(schema), minimum_size=500)
# Under /legacy: only the legacy graphql-ws protocol (subscriptions-transport-ws), with keep-alives,
# as servers that predate graphql-transport-ws serve it.
legacy_app = GraphQL(
    schema, subscription_protocols=(GRAPHQL_WS_PROTOCOL,), keep_alive=True, keep_alive_interval=0.3
)


async def app(scope, receive, send):
    if scope["type"] in ("http", "websocket") and scope["path"].startswith("/legacy/"):
        await legacy_app(scope, receive, send)
    else:
        await graphql_app(scope, receive, send)
