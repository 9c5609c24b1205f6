"""A Strawberry GraphQL server implementing scripts/codegen-e2e's Star Wars schema (an interface,
a union, an enum, an input object, a custom scalar, a subscription, a Relay connection of 500
starships paged by opaque cursors), for
scripts/interop.d/codegen-strawberry.sh: the plugin's generated operations run against a real
GraphQL executor, which resolves their type conditions and fragments itself."""
import asyncio
import base64
from enum import Enum
from typing import Annotated, AsyncGenerator, List, NewType, Optional, Union

import strawberry
from strawberry.asgi import GraphQL

AWSDateTime = strawberry.scalar(
    NewType("AWSDateTime", str), serialize=lambda v: v, parse_value=lambda v: v, name="AWSDateTime"
)


@strawberry.enum
class Episode(Enum):
    NEWHOPE = "NEWHOPE"
    EMPIRE = "EMPIRE"
    JEDI = "JEDI"


@strawberry.interface
class Character:
    id: strawberry.ID
    name: str
    appears_in: List[Optional[Episode]]

    @strawberry.field
    def friends(self) -> Optional[List[Optional["Character"]]]:
        return [CHARACTERS[i] for i in FRIENDS.get(self.id, [])]


@strawberry.type
class Human(Character):
    home_planet: Optional[str]


@strawberry.type
class Droid(Character):
    primary_function: Optional[str]


@strawberry.type
class Starship:
    id: strawberry.ID
    name: str


SearchResult = Annotated[Union[Human, Droid, Starship], strawberry.union("SearchResult")]


@strawberry.type
class StarshipEdge:
    cursor: str
    node: Starship


@strawberry.type
class PageInfo:
    has_next_page: bool
    end_cursor: Optional[str]


@strawberry.type
class StarshipConnection:
    edges: List[StarshipEdge]
    page_info: PageInfo


def cursor_of(index: int) -> str:
    return base64.b64encode(f"starship:{index}".encode()).decode()


def index_of(cursor: str) -> int:
    return int(base64.b64decode(cursor).decode().split(":")[1])


@strawberry.type
class Review:
    episode: Optional[Episode]
    stars: int
    commentary: Optional[str]
    created_at: Optional[AWSDateTime]


@strawberry.input
class ReviewInput:
    stars: int
    commentary: Optional[str] = strawberry.UNSET


CHARACTERS = {
    "1000": Human(id="1000", name="Luke Skywalker", appears_in=list(Episode), home_planet="Tatooine"),
    "2001": Droid(id="2001", name="R2-D2", appears_in=list(Episode), primary_function="Astromech"),
}
FRIENDS = {"2001": ["1000"], "1000": ["2001"]}
SHIPS = [Starship(id="3000", name="Millennium Falcon")]
FLEET = [Starship(id=f"s{i:03d}", name=f"Starship {i}") for i in range(500)]
subscribers: set = set()


@strawberry.type
class Query:
    @strawberry.field
    def hero(self, episode: Optional[Episode] = None) -> Optional[Character]:
        return CHARACTERS["1000"] if episode == Episode.EMPIRE else CHARACTERS["2001"]

    @strawberry.field
    def search(self, text: str) -> List[SearchResult]:
        items = list(CHARACTERS.values()) + SHIPS
        return [item for item in items if text.lower() in item.name.lower()]

    @strawberry.field
    def starships(self, first: Optional[int] = None, after: Optional[str] = None) -> StarshipConnection:
        start = index_of(after) + 1 if after else 0
        end = min(start + (first if first is not None else 20), len(FLEET))
        edges = [StarshipEdge(cursor=cursor_of(i), node=FLEET[i]) for i in range(start, end)]
        return StarshipConnection(
            edges=edges,
            page_info=PageInfo(has_next_page=end < len(FLEET), end_cursor=edges[-1].cursor if edges else None),
        )


@strawberry.type
class Mutation:
    @strawberry.mutation
    def create_review(self, episode: Episode, review: ReviewInput) -> Optional[Review]:
        commentary = None if review.commentary is strawberry.UNSET else review.commentary
        created = Review(
            episode=episode, stars=review.stars, commentary=commentary, created_at="2026-11-23T09:30:00.000Z"
        )
        for queue in list(subscribers):
            queue.put_nowait(created)
        return created


@strawberry.type
class Subscription:
    @strawberry.subscription
    async def review_added(self, episode: Optional[Episode] = None) -> AsyncGenerator[Optional[Review], None]:
        queue: asyncio.Queue = asyncio.Queue()
        subscribers.add(queue)
        try:
            while True:
                review = await queue.get()
                if episode is None or review.episode == episode:
                    yield review
        finally:
            subscribers.discard(queue)


schema = strawberry.Schema(query=Query, mutation=Mutation, subscription=Subscription, types=[Human, Droid])
app = GraphQL(schema)
