"""Runs scripts/bench transport's cells: every side in a process of its own, at 1, 16 and 64
concurrent requests, two rounds in opposite orders (the mean of the two is reported), at 1
concurrent request a blocking socket loop for reference, then the connection count of a
10,000-request run from nginx's stub_status.
Usage: python transport_run.py BENCH_BINARY URL SECONDS AIOHTTP_PYTHON|- STATUS_URL"""
import subprocess
import sys
import urllib.request

bench, url, seconds, aiohttp_python, status_url = sys.argv[1:6]
here = sys.path[0]
sides = [
    "HTTPClientTransport",
    "query via HTTPClientTransport",
    "URLSessionTransport",
    "query via URLSessionTransport",
    "URLSession.shared",
]
if aiohttp_python != "-":
    sides.append("aiohttp")


def cell(side: str, concurrency: int) -> float:
    if side == "aiohttp":
        command = [aiohttp_python, f"{here}/aiohttp_client.py", url, str(seconds), str(concurrency)]
    else:
        command = [bench, url, str(seconds), side, str(concurrency)]
    rate, failures = subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()
    if int(failures):
        print(f"  {side} at {concurrency}: {failures} failed requests")
    return float(rate)


def blocking_floor() -> float:
    """One request at a time on a blocking socket, nothing parsed: what 1 concurrent request can reach."""
    command = [sys.executable, f"{here}/blocking_client.py", url, str(seconds)]
    rate, _ = subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()
    return float(rate)


def accepted() -> int:
    text = urllib.request.urlopen(status_url).read().decode()
    # "server accepts handled requests\n N N N"
    return int(text.split("\n")[2].split()[0])


print(f"transport-bench: {url}, {seconds} s per cell, each side in its own process")
for concurrency in [1, 16, 64]:
    rates = {side: 0.0 for side in sides}
    for round in range(2):
        for side in sides if round == 0 else list(reversed(sides)):
            rates[side] += cell(side, concurrency) / 2
    print(f"concurrency {concurrency}: " + ", ".join(f"{side} {rates[side]:.0f} req/s" for side in sides))
    shared = max(rates["URLSession.shared"], 1)
    line = (
        f"  HTTPClientTransport = {rates['HTTPClientTransport'] / shared:.2f}× URLSession.shared, "
        f"{rates['HTTPClientTransport'] / max(rates['URLSessionTransport'], 1):.2f}× URLSessionTransport; "
        f"query via HTTPClientTransport = {rates['query via HTTPClientTransport'] / shared:.2f}× URLSession.shared, "
        f"{rates['query via HTTPClientTransport'] / max(rates['query via URLSessionTransport'], 1):.2f}× "
        "the query via URLSessionTransport"
    )
    if "aiohttp" in rates:
        line += f", {rates['query via HTTPClientTransport'] / max(rates['aiohttp'], 1):.2f}× aiohttp"
    print(line)
    if concurrency == 1:
        floor = (blocking_floor() + blocking_floor()) / 2
        print(
            f"  a blocking socket loop that parses nothing (blocking_client.py): {floor:.0f} req/s, "
            f"{floor / shared:.2f}× URLSession.shared; the whole client is {rates['query via HTTPClientTransport'] / floor:.2f}× it"
        )

before = accepted()
elapsed, failures = subprocess.run(
    [bench, url, str(seconds), "query via HTTPClientTransport", "64", "10000"], check=True, capture_output=True, text=True
).stdout.split()
opened = accepted() - before - 1  # the status request itself is one connection
print(
    f"connections: 10,000 queries at 64 concurrent on HTTPClientTransport (64 pool slots) opened {opened} "
    f"TCP connections (in {float(elapsed):.2f} s, {failures} failed)"
)
