"""The aiohttp peer of scripts/bench transport: CONCURRENCY loops on one aiohttp ClientSession
(kept-alive connections, 100 per session by default) POST the benchmark's GraphQL query to URL for
SECONDS and decode each JSON response, as the Swift client's query side does. Prints
`REQUESTS_PER_SECOND FAILURES`.
Usage: python aiohttp_client.py URL SECONDS CONCURRENCY"""
import asyncio
import sys
import time

import aiohttp

BODY = (
    b'{"query":"query GetTodo($id: ID!) { getTodo(id: $id) { id name priority } }",'
    b'"variables":{"id":"todo-1"}}'
)
HEADERS = {"Content-Type": "application/json", "x-api-key": "da2-benchmarkkey"}


async def run(url: str, seconds: float, concurrency: int) -> None:
    completed = 0
    failed = 0
    async with aiohttp.ClientSession() as session:

        async def loop(end: float) -> None:
            nonlocal completed, failed
            while time.monotonic() < end:
                try:
                    async with session.post(url, data=BODY, headers=HEADERS) as response:
                        document = await response.json()
                        if response.status == 200 and document["data"]["getTodo"]["id"] == "todo-1":
                            completed += 1
                        else:
                            failed += 1
                except Exception:
                    failed += 1

        warm_up = time.monotonic() + 0.3
        await asyncio.gather(*(loop(warm_up) for _ in range(min(concurrency, 4))))
        completed = failed = 0
        start = time.monotonic()
        await asyncio.gather(*(loop(start + seconds) for _ in range(concurrency)))
        elapsed = time.monotonic() - start
    print(f"{completed / elapsed} {failed}")


if __name__ == "__main__":
    asyncio.run(run(sys.argv[1], float(sys.argv[2]), int(sys.argv[3])))
