"""The baseline of scripts/bench serve: Strawberry (PyPI strawberry-graphql) under uvicorn serving
the shape Amplify's @model transform gives `type Todo @model { id: ID! name: String! priority: Int }`
(getTodo(id), listTodos(limit, nextToken) -> {items, nextToken}, createTodo(input)) from an
in-memory dict, the way a small Python GraphQL service would."""
import datetime
import itertools
import uuid
from typing import Optional

import strawberry
from strawberry.asgi import GraphQL

todos: dict[str, "Todo"] = {}


@strawberry.type
class Todo:
    id: strawberry.ID
    name: str
    priority: Optional[int]
    created_at: str
    updated_at: str


@strawberry.type
class ModelTodoConnection:
    items: list[Todo]
    next_token: Optional[str]


@strawberry.input
class CreateTodoInput:
    name: str
    id: Optional[strawberry.ID] = None
    priority: Optional[int] = None


@strawberry.type
class Query:
    @strawberry.field
    def get_todo(self, id: strawberry.ID) -> Optional[Todo]:
        return todos.get(id)

    @strawberry.field
    def list_todos(self, limit: Optional[int] = 100, next_token: Optional[str] = None) -> ModelTodoConnection:
        start = int(next_token) if next_token else 0
        end = start + min(limit or 100, 1000)
        items = list(itertools.islice(todos.values(), start, end))
        return ModelTodoConnection(items=items, next_token=str(end) if end < len(todos) else None)


@strawberry.type
class Mutation:
    @strawberry.mutation
    def create_todo(self, input: CreateTodoInput) -> Todo:
        now = datetime.datetime.now(datetime.timezone.utc).isoformat()
        todo = Todo(
            id=input.id or strawberry.ID(str(uuid.uuid4())), name=input.name, priority=input.priority,
            created_at=now, updated_at=now)
        todos[todo.id] = todo
        return todo


app = GraphQL(strawberry.Schema(query=Query, mutation=Mutation), graphql_ide=None)
