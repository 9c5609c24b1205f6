"""Generates REST requests, compares the URL and SigV4 signature Switchboard's APIPlugin sends for
each with what botocore makes of the same request: the path and query encoded by botocore's own
`percent_encode`/`percent_encode_sequence`, signed by `SigV4Auth` at the same time.

Usage: rest-sigv4-botocore.py generate DIR COUNT SEED   -> DIR/cases.jsonl, DIR/botocore.jsonl
       rest-sigv4-botocore.py compare DIR               -> reads DIR/switchboard.jsonl
"""
import base64
import datetime
import json
import os
import random
import sys
from urllib.parse import urlsplit

import botocore
import botocore.auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials
from botocore.utils import percent_encode, percent_encode_sequence

METHODS = ["GET", "PUT", "POST", "PATCH", "DELETE", "HEAD"]
WORDS = ["a", "b", "Z", "09", "-", "_", ".", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", ":",
         "@", " ", "%", "%20", "?", "#", "é", "✓", "😀", "ሴ", "items", "a b", "[x]", "\"q\""]
ENDPOINTS = [
    "https://abc123.execute-api.us-east-1.amazonaws.com/dev",
    "https://abc123.execute-api.eu-west-2.amazonaws.com/prod/",
    "https://api.example.com/v1",
    "https://fn.lambda-url.eu-west-2.on.aws",
    "https://localhost:8443/stage/",
]
HEADER_NAMES = ["X-Custom", "x-trace-id", "X-Amz-Meta-Thing", "Accept", "If-None-Match"]
HEADER_WORDS = ["value", "with", "inner", "a,b", "x=1", "Mixed", "CASE", "(c)", "/path", "*"]


def words(rng, count):
    return "".join(rng.choice(WORDS) for _ in range(count))


def generate(directory, count, seed):
    rng = random.Random(seed)
    cases = []
    for index in range(count):
        method = rng.choice(METHODS)
        path = ("/" if rng.random() < 0.8 else "") + "/".join(
            words(rng, rng.randint(1, 3)) for _ in range(rng.randint(1, 4)))
        parameters = {}
        for _ in range(rng.randint(0, 5)):
            parameters[words(rng, rng.randint(1, 3))] = words(rng, rng.randint(0, 4))
        headers = {}
        for name in rng.sample(HEADER_NAMES, rng.randint(0, 3)):
            headers[name] = " ".join(rng.choice(HEADER_WORDS) for _ in range(rng.randint(1, 3)))
        body = None
        if method in ("PUT", "POST", "PATCH") and rng.random() < 0.9:
            body = rng.randbytes(int(2 ** rng.uniform(0, 16)))
            if rng.random() < 0.5:
                headers["Content-Type"] = "application/octet-stream"
        token = None
        if rng.random() < 0.5:
            token = "IQoJb3JpZ2luX2VjE" + "".join(rng.choice("ABCDEFabcdef0123456789+/=") for _ in range(80))
        cases.append({
            "id": index, "method": method, "endpoint": rng.choice(ENDPOINTS), "path": path,
            "queryParameters": parameters, "headers": headers,
            "body": base64.b64encode(body).decode() if body is not None else None,
            "accessKeyId": rng.choice(["AKIDEXAMPLE", "ASIAEXAMPLEKEY000001"]),
            "secretAccessKey": "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
                                       for _ in range(40)),
            "sessionToken": token, "region": rng.choice(["us-east-1", "eu-west-2", "ap-southeast-2"]),
            "service": rng.choice([None, None, "lambda"]),
            "timestamp": rng.randint(1420070400, 1420070400 + 15 * 365 * 86400),
        })
    with open(os.path.join(directory, "cases.jsonl"), "w") as handle:
        for case in cases:
            handle.write(json.dumps(case) + "\n")
    with open(os.path.join(directory, "botocore.jsonl"), "w") as handle:
        for case in cases:
            handle.write(json.dumps(sign_with_botocore(case)) + "\n")


def service_for(case):
    host = urlsplit(case["endpoint"]).hostname
    if ".execute-api." in host:
        return "execute-api"
    return case["service"] or "execute-api"


def sign_with_botocore(case):
    parts = urlsplit(case["endpoint"])
    path = case["path"]
    base = parts.path.rstrip("/")
    url = f"{parts.scheme}://{parts.netloc}{base}{'' if path.startswith('/') else '/'}{percent_encode(path, safe='/')}"
    if case["queryParameters"]:
        url += "?" + percent_encode_sequence(sorted(case["queryParameters"].items()))
    body = base64.b64decode(case["body"]) if case["body"] is not None else b""
    request = AWSRequest(method=case["method"], url=url, data=body)
    for name, value in case["headers"].items():
        request.headers[name] = value
    if case["body"] is not None and not any(name.lower() == "content-type" for name in case["headers"]):
        request.headers["Content-Type"] = "application/json"
    when = datetime.datetime.fromtimestamp(case["timestamp"], datetime.timezone.utc).replace(tzinfo=None)
    botocore.auth.get_current_datetime = lambda: when
    credentials = Credentials(case["accessKeyId"], case["secretAccessKey"], case["sessionToken"])
    botocore.auth.SigV4Auth(credentials, service_for(case), case["region"]).add_auth(request)
    return {"id": case["id"], "url": url, "authorization": request.headers["Authorization"]}


def compare(directory):
    def load(name):
        with open(os.path.join(directory, name)) as handle:
            return [json.loads(line) for line in handle]

    cases = {case["id"]: case for case in load("cases.jsonl")}
    ours = {item["id"]: item for item in load("switchboard.jsonl")}
    identical = 0
    mismatches = []
    for expected in load("botocore.jsonl"):
        actual = ours.get(expected["id"], {})
        headers = {name.lower(): value for name, value in actual.get("headers", {}).items()}
        if actual.get("url") == expected["url"] and headers.get("authorization") == expected["authorization"]:
            identical += 1
        else:
            mismatches.append((expected, actual))
    for expected, actual in mismatches[:5]:
        case = cases[expected["id"]]
        print(f"--- case {case['id']}: {case['method']} {case['endpoint']} path={case['path']!r}")
        print(f"botocore:    {expected['url']}\n             {expected['authorization']}")
        print(f"switchboard: {actual.get('url')}\n             "
              f"{actual.get('headers', {}).get('Authorization', actual.get('error'))}")
    total = len(cases)
    print(f"rest-sigv4-botocore: {identical}/{total} REST requests with the same URL and signature "
          f"(botocore {botocore.__version__})")
    return identical == total and total > 0


if __name__ == "__main__":
    if sys.argv[1] == "generate":
        generate(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif sys.argv[1] == "compare":
        sys.exit(0 if compare(sys.argv[2]) else 1)
    else:
        sys.exit(f"unknown command {sys.argv[1]}")
