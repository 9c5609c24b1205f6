"""A Strawberry GraphQL server for scripts/interop.d/strawberry.sh: a mutation that publishes to a
subscription, served over HTTP and graphql-transport-ws by uvicorn."""
import asyncio
from typing import AsyncGenerator

import strawberry
from strawberry.asgi import GraphQL

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


app = GraphQL(strawberry.Schema(query=Query, mutation=Mutation, subscription=Subscription))
