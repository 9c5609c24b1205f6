"""scripts/bench serve-peers: the table. Reads the cells serve-peers.sh collected, one line each:
SERVER OPERATION CONNECTIONS REQUESTS SECONDS REQ_PER_S P50_MS P99_MS FAILURES SERVER_CPU_S,
prints each server's req/s, p99 and CPU per request, the ratios, and the floors of issue #38
cell by cell; exits 1 if any reply failed its check (the table is printed first either way).
A server's cell measured in several rounds reports the median of each figure.
Usage: serve_peers_report.py RESULTS SECONDS_PER_CELL TICKETS"""
import statistics
import sys

PEERS = ("graphql-go", "graphql-js")
SERVERS = ("switchboard",) + PEERS
OPERATIONS = ("getTicket", "listTickets", "createTicket")
CONNECTIONS = (1, 16, 64)
# Issue #38: req/s at least these multiples of each peer's, p99 no worse, a list page's CPU bounded.
FLOOR = {"graphql-go": 1.0, "graphql-js": 2.0}
LIST_CPU_FLOOR_US = 400
# A server at this share of the load generator's ceiling may be held back by the generator.
CEILING_SHARE = 0.7


class Cell:
    def __init__(self, fields):
        requests, _, rate, _, p99, failures, cpu = fields
        self.rate, self.p99, self.failures = float(rate), float(p99), int(failures)
        # Server CPU µs per request in the measured window; None where it was not read.
        self.cpu = float(cpu) * 1e6 / int(requests) if float(cpu) >= 0 and int(requests) else None
        self.capped = False


def median_cell(runs):
    """One cell of several runs: the median of each figure (failures summed)."""
    cell = runs[0]
    cell.rate = statistics.median(run.rate for run in runs)
    cell.p99 = statistics.median(run.p99 for run in runs)
    cpus = [run.cpu for run in runs if run.cpu is not None]
    cell.cpu = statistics.median(cpus) if cpus else None
    cell.failures = sum(run.failures for run in runs)
    return cell


def main():
    path, seconds, tickets = sys.argv[1:]
    cells = {}
    runs = {}
    failed = {}
    for line in open(path):
        server, operation, connections, *fields = line.split()
        key, cell = (server, operation, int(connections)), Cell(fields)
        failed[server] = failed.get(server, 0) + cell.failures
        if server == "nginx":
            # nginx is measured first and last: the higher rate is the ceiling.
            if key not in cells or cell.rate > cells[key].rate:
                cells[key] = cell
        else:
            runs.setdefault(key, []).append(cell)
    for key, measured in runs.items():
        cells[key] = median_cell(measured)
    rounds = max((len(measured) for measured in runs.values()), default=1)
    ceiling = {c: cells[("nginx", "typename", c)].rate for c in CONNECTIONS}
    for (server, _, connections), cell in cells.items():
        cell.capped = server != "nginx" and cell.rate >= CEILING_SHARE * ceiling[connections]

    print(f"serve-peers: {seconds} s per cell after 0.5 s of warm-up"
          + (f", the median of {rounds} rounds" if rounds > 1 else "") + f", {tickets} tickets; p99 in ms; "
          "cpu = server CPU µs per request; listTickets counts pages (100 keys, filter priority >= 2, 5 by nextToken)")
    def ceiling_text(c):
        cpu = cells[("nginx", "typename", c)].cpu
        return f"{c} conn {ceiling[c]:,.0f} req/s" + (f" ({cpu:.0f} µs cpu)" if cpu is not None else "")

    print("load generator ceiling (nginx, static JSON): "
          + ", ".join(ceiling_text(c) for c in CONNECTIONS)
          + f"; * = at >= {CEILING_SHARE:.0%} of it, req/s a lower bound, judged by cpu")
    header = f"{'operation':<12} {'conns':>5}"
    for server in SERVERS:
        header += f" | {server + ' req/s':>17} {'p99':>6} {'cpu':>5}"
    print(header + f" | {'sb/go':>6} {'sb/js':>6} | floors")
    worst = None
    met = 0
    for operation in OPERATIONS:
        for connections in CONNECTIONS:
            row = {s: cells[(s, operation, connections)] for s in SERVERS}
            line = f"{operation:<12} {connections:>5}"
            for server in SERVERS:
                cell = row[server]
                cpu = f"{cell.cpu:5.0f}" if cell.cpu is not None else "    -"
                line += f" | {cell.rate:>16,.0f}{'*' if cell.capped else ' '} {cell.p99:>6.2f} {cpu}"
            ours = row["switchboard"]
            ratios = {peer: ours.rate / row[peer].rate for peer in PEERS}
            line += f" | {ratios['graphql-go']:>5.2f}x {ratios['graphql-js']:>5.2f}x | "
            misses = []
            for peer in PEERS:
                theirs, short = row[peer], peer.split("-")[1]
                if (ours.capped or theirs.capped) and ours.cpu is not None and theirs.cpu is not None:
                    # Req/s is held back by the generator: compare what a request costs instead.
                    margin = theirs.cpu / ours.cpu / FLOOR[peer]
                    if margin < 1:
                        misses.append(f"cpu>{short}/{FLOOR[peer]:g}")
                else:
                    margin = ratios[peer] / FLOOR[peer]
                    if margin < 1:
                        misses.append(f"{ratios[peer]:.2f}x<{FLOOR[peer]:g}x {short}")
                if ours.p99 > theirs.p99:
                    misses.append(f"p99>{short}")
                if worst is None or margin < worst[0]:
                    worst = (margin, f"{operation} at {connections} conns vs {peer}")
            if operation == "listTickets" and ours.cpu is not None and ours.cpu > LIST_CPU_FLOOR_US:
                misses.append(f"cpu>{LIST_CPU_FLOOR_US}us")
            met += not misses
            print(line + (", ".join(misses) if misses else "ok"))
    print(f"floors (#38): req/s >= 1.0x graphql-go and >= 2.0x graphql-js (by cpu per request in * cells), "
          f"p99 no worse, listTickets cpu <= {LIST_CPU_FLOOR_US} us; "
          f"{met} of {len(OPERATIONS) * len(CONNECTIONS)} cells meet all; "
          f"furthest from its req/s floor: {worst[1]} ({worst[0]:.2f} of the floor)")
    if any(failed.values()):
        print("FAILED replies (status, errors or content; see serve-bench's messages above): "
              + ", ".join(f"{s} {n}" for s, n in failed.items() if n))
        sys.exit(1)
    print("every reply checked: status 200, no errors, the ticket asked for, each page's item count")


main()
