"""scripts/bench serve-peers: checks, before anything is measured, that the peers answer like
Switchboard — the same keys in the same order and the same values — to getTicket (a seeded
ticket, a missing one), two pages of listTickets walked by nextToken and a createTicket (with
__typename asked for, a field left out of the input). Timestamps and tokens differ by nature:
of those only the kind is compared (an AWSDateTime string, a string or null).
Usage: serve_peers_shapes.py API_KEY SWITCHBOARD_URL PEER_URL... ; exits 1 on any difference."""
import json
import re
import sys
import urllib.request

FIELDS = "id title status priority createdAt updatedAt"
DATE_TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")
LIST = ("query List($filter: ModelTicketFilterInput, $limit: Int, $nextToken: String) { "
        f"listTickets(filter: $filter, limit: $limit, nextToken: $nextToken) {{ items {{ {FIELDS} }} nextToken }} }}")


class Members(list):
    """A JSON object as its (key, value) pairs, in the order they came."""


def member(value, *keys):
    """`value[key][key]…` through Members, None where one is missing."""
    for key in keys:
        value = dict(value).get(key) if isinstance(value, Members) else None
    return value


def post(url, api_key, query, variables=None):
    body = json.dumps({"query": query, "variables": variables or {}}).encode()
    request = urllib.request.Request(url, body, {"Content-Type": "application/json", "x-api-key": api_key})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return reply.status, json.loads(reply.read(), object_pairs_hook=Members)


def differences(ours, theirs, path):
    if isinstance(ours, Members) and isinstance(theirs, Members):
        if [k for k, _ in ours] != [k for k, _ in theirs]:
            return [f"{path}: keys {[k for k, _ in theirs]}, not {[k for k, _ in ours]}"]
        return [d for (k, a), (_, b) in zip(ours, theirs) for d in differences(a, b, f"{path}.{k}")]
    if isinstance(ours, list) and isinstance(theirs, list):
        if len(ours) != len(theirs):
            return [f"{path}: {len(theirs)} entries, not {len(ours)}"]
        return [d for i, (a, b) in enumerate(zip(ours, theirs)) for d in differences(a, b, f"{path}[{i}]")]
    key = path.rsplit(".", 1)[-1]
    if key in ("createdAt", "updatedAt"):
        ok = all(isinstance(v, str) and DATE_TIME.match(v) for v in (ours, theirs))
        return [] if ok else [f"{path}: {theirs!r} beside {ours!r}, not both AWSDateTime"]
    if key == "nextToken":
        return [] if type(ours) is type(theirs) else [f"{path}: {theirs!r} beside {ours!r}"]
    return [] if (type(ours), ours) == (type(theirs), theirs) else [f"{path}: {theirs!r}, not {ours!r}"]


def answers(url, api_key):
    """Each request's (name, status, reply) from one server."""
    got = [("getTicket", *post(url, api_key, f'query {{ getTicket(id: "ticket-000007") {{ {FIELDS} }} }}')),
           ("getTicket missing", *post(url, api_key, 'query { getTicket(id: "no-such-ticket") { id } }'))]
    variables = {"filter": {"priority": {"ge": 2}}, "limit": 100, "nextToken": None}
    for page in (1, 2):
        status, reply = post(url, api_key, LIST, variables)
        got.append((f"listTickets page {page}", status, reply))
        variables["nextToken"] = member(reply, "data", "listTickets", "nextToken")
    # An id after every seeded one, so that the list pages measured later stay as seeded.
    create = f'mutation {{ createTicket(input: {{id: "zz-shape", title: "shape", priority: 1}}) {{ __typename {FIELDS} }} }}'
    got.append(("createTicket", *post(url, api_key, create)))
    return got


def main():
    api_key, reference, *peers = sys.argv[1:]
    expected = answers(reference, api_key)
    failed = False
    for url in peers:
        for (name, status, ours), (_, peer_status, theirs) in zip(expected, answers(url, api_key)):
            found = differences(ours, theirs, name)
            if status != 200 or peer_status != 200:
                found.append(f"{name}: HTTP {peer_status} beside {status}")
            for difference in found:
                print(f"shape check: {url}: {difference}", file=sys.stderr)
            failed = failed or bool(found)
    print("reply shapes: the peers answer as Switchboard does" if not failed else "reply shapes: DIFFERENT (above)")
    sys.exit(1 if failed else 0)


main()
