"""The latency floor of scripts/bench transport at one request at a time: a single thread with one
kept-alive TCP connection (TCP_NODELAY) that writes the benchmark's request and blocks in recv
until the response's last byte (Content-Length, read from the head), with no event loop, no
threads to hand the response to, and no JSON decoding. Any client that parses and hands results to
a caller does more. Prints `REQUESTS_PER_SECOND FAILURES`.
Usage: python blocking_client.py URL SECONDS"""
import socket
import sys
import time
from urllib.parse import urlsplit

BODY = (
    b'{"query":"query GetTodo($id: ID!) { getTodo(id: $id) { id name priority } }",'
    b'"variables":{"id":"todo-1"}}'
)


def main(url: str, seconds: float) -> None:
    parts = urlsplit(url)
    connection = socket.create_connection((parts.hostname, parts.port or 80))
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    request = (
        f"POST {parts.path or '/'} HTTP/1.1\r\nHost: {parts.netloc}\r\nContent-Type: application/json\r\n"
        f"x-api-key: da2-benchmarkkey\r\nContent-Length: {len(BODY)}\r\n\r\n"
    ).encode() + BODY

    def exchange() -> bool:
        connection.sendall(request)
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = connection.recv(65536)
            if not chunk:
                return False
            received += chunk
        head, _, body = received.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        while len(body) < length:
            chunk = connection.recv(65536)
            if not chunk:
                return False
            body += chunk
        return head.startswith(b"HTTP/1.1 200")

    warm_up = time.monotonic() + 0.3
    while time.monotonic() < warm_up:
        exchange()
    completed = failed = 0
    start = time.monotonic()
    end = start + seconds
    while time.monotonic() < end:
        if exchange():
            completed += 1
        else:
            failed += 1
    print(f"{completed / (time.monotonic() - start)} {failed}")


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]))
