"""Generates SigV4 requests, signs them with botocore, and compares with Switchboard's output.

Usage: sigv4-botocore.py generate DIR COUNT SEED   -> DIR/cases.jsonl, DIR/bodies.bin, DIR/botocore.jsonl
       sigv4-botocore.py compare DIR               -> reads DIR/switchboard.jsonl, prints the count
"""
import datetime
import json
import os
import random
import sys
from urllib.parse import quote

import botocore.auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]
SEGMENT_PIECES = [
    "a", "b", "Z", "09", "-", "_", ".", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", ":", "@",
    "%20", "%2F", "%25", "%E2%9C%93", "%C3%A9", "%F0%9F%98%80", "%E1%88%B4", "graphql", "items",
]
QUERY_WORDS = ["a", "b", "Param", "param", "x-y", "k_1", "~t", "é", "ሴ", "space here", "a+b", "a/b", "=", "&", "", "Ω"]
HEADER_WORDS = ["value", "with", "inner", "spaces", "tabs", "a,b", "x=1", "Mixed", "CASE", "(c)", "/path"]
PATH_STYLE_SEGMENTS = [".", "..", ""]


def random_path(rng):
    segments = []
    for _ in range(rng.randint(0, 6)):
        roll = rng.random()
        if roll < 0.12:
            segments.append(rng.choice(PATH_STYLE_SEGMENTS))
        else:
            segments.append("".join(rng.choice(SEGMENT_PIECES) for _ in range(rng.randint(1, 4))))
    path = "/" + "/".join(segments)
    if rng.random() < 0.3:
        path += "/"
    return path


def random_query(rng, unique_keys=False):
    if rng.random() < 0.25:
        return ""
    pairs = []
    keys = [rng.choice(QUERY_WORDS) or "k" for _ in range(rng.randint(1, 4))]
    if unique_keys:
        # botocore's presigner keeps one value per key (parse_qs), so presigned cases avoid repeats.
        keys = sorted(set(keys))
    for index in range(rng.randint(1, 7) if not unique_keys else len(keys)):
        key = keys[index] if unique_keys else rng.choice(keys)  # repeated keys on purpose
        value = rng.choice(QUERY_WORDS) + (str(rng.randint(0, 99)) if rng.random() < 0.5 else "")
        pairs.append(quote(key, safe="-_.~") + "=" + quote(value, safe="-_.~"))
    return "&".join(pairs)


def random_header_value(rng):
    words = [rng.choice(HEADER_WORDS) for _ in range(rng.randint(1, 5))]
    value = ""
    for index, word in enumerate(words):
        if index:
            value += rng.choice([" ", "  ", "   ", "\t", " \t "])
        value += word
    return rng.choice(["", " ", "  "]) + value + rng.choice(["", " ", "\t"])


def random_body_length(rng):
    roll = rng.random()
    if roll < 0.15:
        return 0
    if roll < 0.25:
        return 1024 * 1024
    return int(2 ** rng.uniform(0, 20))


def generate(directory, count, seed):
    rng = random.Random(seed)
    cases = []
    bodies = bytearray()
    for index in range(count):
        presign = index % 10 == 9
        method = rng.choice(METHODS)
        host = rng.choice(["example.amazonaws.com", "abcdefghij.appsync-api.us-east-1.amazonaws.com", "localhost"])
        port = rng.choice(["", "", ":443", ":8443"])
        url = f"https://{host}{port}{random_path(rng)}"
        query = random_query(rng, unique_keys=presign)
        if query:
            url += "?" + query
        headers = [["Content-Type", rng.choice(["application/json", "application/json; charset=UTF-8", "text/plain"])]]
        for _ in range(rng.randint(0, 5)):
            name = rng.choice(["X-Custom", "x-custom", "X-Trace-Id", "x-amz-meta-Thing", "Accept", "X-Api-Key"])
            headers.append([name, random_header_value(rng)])
        if rng.random() < 0.3:
            headers.append(["User-Agent", "switchboard/0.1 interop"])
        length = 0 if presign else random_body_length(rng)
        offset = len(bodies)
        bodies += rng.randbytes(length)
        token = None
        if rng.random() < 0.5:
            token = "IQoJb3JpZ2luX2VjE" + "".join(rng.choice("ABCDEFabcdef0123456789+/=") for _ in range(rng.randint(40, 300)))
        when = datetime.datetime(2015, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(
            seconds=rng.randint(0, 15 * 365 * 86400))
        cases.append({
            "id": index, "mode": "presign" if presign else "header", "method": method, "url": url,
            "headers": headers, "bodyOffset": offset, "bodyLength": length,
            "accessKeyId": rng.choice(["AKIDEXAMPLE", "ASIAEXAMPLEKEY000001"]),
            "secretAccessKey": "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
                                       for _ in range(40)),
            "sessionToken": token, "region": rng.choice(["us-east-1", "eu-west-2", "ap-southeast-2", "cn-north-1"]),
            "service": rng.choice(["appsync", "execute-api", "service"]),
            "timestamp": when.strftime("%Y%m%dT%H%M%SZ"), "expires": rng.choice([60, 900, 3600, 604800]),
        })
    with open(os.path.join(directory, "bodies.bin"), "wb") as handle:
        handle.write(bodies)
    with open(os.path.join(directory, "cases.jsonl"), "w") as handle:
        for case in cases:
            handle.write(json.dumps(case) + "\n")
    with open(os.path.join(directory, "botocore.jsonl"), "w") as handle:
        for case in cases:
            handle.write(json.dumps(sign_with_botocore(case, bodies)) + "\n")


def sign_with_botocore(case, bodies):
    when = datetime.datetime.strptime(case["timestamp"], "%Y%m%dT%H%M%SZ")
    botocore.auth.get_current_datetime = lambda: when
    credentials = Credentials(case["accessKeyId"], case["secretAccessKey"], case["sessionToken"])
    body = bytes(bodies[case["bodyOffset"]:case["bodyOffset"] + case["bodyLength"]])
    request = AWSRequest(method=case["method"], url=case["url"], data=body)
    for name, value in case["headers"]:
        request.headers[name] = value  # assignment appends, so repeated names stay repeated
    if case["mode"] == "presign":
        auth = botocore.auth.SigV4QueryAuth(credentials, case["service"], case["region"], expires=case["expires"])
    else:
        auth = botocore.auth.SigV4Auth(credentials, case["service"], case["region"])
    recorded = {}
    canonical_request, string_to_sign = auth.canonical_request, auth.string_to_sign

    def record_canonical(req):
        recorded["canonicalRequest"] = canonical_request(req)
        return recorded["canonicalRequest"]

    def record_string_to_sign(req, creq):
        recorded["stringToSign"] = string_to_sign(req, creq)
        return recorded["stringToSign"]

    auth.canonical_request = record_canonical
    auth.string_to_sign = record_string_to_sign
    auth.add_auth(request)
    result = {"id": case["id"], **recorded}
    if case["mode"] == "presign":
        result["url"] = request.url
    else:
        result["authorization"] = request.headers["Authorization"]
        result["headers"] = [[name, value] for name, value in request.headers.items()]
    return result


def compare(directory):
    def load(name):
        with open(os.path.join(directory, name)) as handle:
            return [json.loads(line) for line in handle]

    cases = {case["id"]: case for case in load("cases.jsonl")}
    theirs = {item["id"]: item for item in load("botocore.jsonl")}
    ours = {item["id"]: item for item in load("switchboard.jsonl")}
    identical = 0
    presigned = 0
    mismatches = []
    for identifier, expected in theirs.items():
        actual = ours.get(identifier, {})
        keys = ["canonicalRequest", "stringToSign"] + (["url"] if "url" in expected else ["authorization"])
        same = all(actual.get(key) == expected[key] for key in keys)
        if same and "headers" in expected:
            # Every header botocore sends must be sent by Switchboard with the same value.
            def normalized(headers):
                return sorted((name.lower(), value) for name, value in headers)
            expected_headers = [h for h in expected["headers"] if h[0].lower() != "host"]
            actual_headers = [h for h in actual.get("headers", []) if h[0].lower() != "host"]
            same = normalized(expected_headers) == normalized(actual_headers)
        if same:
            identical += 1
            presigned += "url" in expected
        else:
            mismatches.append((identifier, expected, actual))
    for identifier, expected, actual in mismatches[:5]:
        print(f"--- case {identifier}: {cases[identifier]['method']} {cases[identifier]['url']}")
        print("botocore canonical request:\n" + expected.get("canonicalRequest", ""))
        print("switchboard canonical request:\n" + str(actual.get("canonicalRequest", actual.get("error"))))
    total = len(theirs)
    print(f"sigv4-botocore: {identical}/{total} requests signed identically "
          f"({presigned} presigned URLs among them; botocore {botocore.__version__})")
    return identical == total and total > 0


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "generate":
        generate(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif command == "compare":
        sys.exit(0 if compare(sys.argv[2]) else 1)
    else:
        sys.exit(f"unknown command {command}")
