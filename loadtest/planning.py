#!/usr/bin/env python3
"""Planning load test: POST /recommend with `budget_ms` on mid-game classic boards, at rising
concurrency, alone and mixed with default-budget traffic. Standard library only.

For each budget and concurrency C it runs C clients (each one keep-alive connection, one request at
a time written in one piece, waiting out a 503's Retry-After before it asks again, or with
--retry now asking again at once, as wrk, k6 or a closed-loop client do) for the duration, and
with --traffic mixed as many default-budget clients beside them, while a probe polls GET /healthz.
With --hog N, N busy loops (`yes > /dev/null`, not pinned) run beside the service in every cell,
started before it and killed after it (and on any exit). It reports, per budget: the answered
requests' latency from sending to the answer against the promise (budget x 1.2 + 5 ms), the share
refused (503) and how fast the refusals came (as this client saw them, and the share the service
itself answered within 10 ms of arrival, from its request-duration histogram), the share of
answers cut short by the clock, and /healthz's p99. The header line and every cell in --json say
the retry mode and the number of busy loops (`retry`, `hogs`).

    loadtest/planning.py                                  # starts target/release/sonar itself
    loadtest/planning.py --budgets 100 --concurrency 1,8 --duration 10
    loadtest/planning.py --base http://127.0.0.1:8080     # against a running service
    loadtest/planning.py --json out.json --svg out.svg    # keep the figures, draw the plot
    loadtest/planning.py --retry now --hog 2              # closed-loop clients on a busy machine
    loadtest/planning.py --binary /tmp/t/release/sonar    # another build (not rebuilt)

The boards are drawn from --seed: a uniform classic fleet, 8 to 25 random shots (so scattered
hits), the board and the ships afloat as the shooter sees them.
"""

import argparse
import http.client
import json
import os
import platform
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.parse

SHIPS = [5, 4, 3, 3, 2]
DEFAULT_BUDGET_MS = 10
DEFAULT_BINARY = "target/release/sonar"  # or under $CARGO_TARGET_DIR, where cargo builds it then
# Bounds on every loop a client or the probe runs: the cell's stop event ends them, and these end
# them even if it never came (the count is far above what a cell of minutes can send).
MAX_REQUESTS_PER_CLIENT = 10_000_000
DEADLINE_SLACK_S = 10.0
# After a connection error (a closed connection, a service gone), wait this long before
# reconnecting, so that a client asking again at once does not spin on a dead socket.
RECONNECT_PAUSE_S = 0.01


def promise_ms(budget):
    """The promise from arrival; the default budget's requests are admitted by count, not promised."""
    return budget * 1.2 + 5 if budget > DEFAULT_BUDGET_MS else float("nan")


def random_layout(rng, n=10):
    taken = set()
    ships = []
    for length in SHIPS:
        while True:
            across = rng.random() < 0.5
            r = rng.randrange(n if across else n - length + 1)
            c = rng.randrange(n - length + 1 if across else n)
            cells = [(r, c + k) if across else (r + k, c) for k in range(length)]
            if not taken.intersection(cells):
                taken.update(cells)
                ships.append(cells)
                break
    return ships


def position(rng, n=10):
    """A classic board after 8 to 25 random shots, and the lengths of the ships afloat."""
    ships = random_layout(rng, n)
    owner = {cell: k for k, cells in enumerate(ships) for cell in cells}
    board = [["."] * n for _ in range(n)]
    hits = [0] * len(ships)
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    for cell in cells[: rng.randint(8, 25)]:
        k = owner.get(cell)
        if k is None:
            board[cell[0]][cell[1]] = "o"
            continue
        hits[k] += 1
        board[cell[0]][cell[1]] = "x"
        if hits[k] == len(ships[k]):
            for r, c in ships[k]:
                board[r][c] = "#"
    afloat = [len(cells) for k, cells in enumerate(ships) if hits[k] < len(cells)]
    if not afloat:
        return position(rng, n)
    return ["".join(row) for row in board], sorted(afloat, reverse=True)


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.answered = []  # latency ms of 200s
        self.refused = []  # latency ms of 503s
        self.cut = 0
        self.served_lower = 0
        self.errors = {}

    def add(self, status, ms, answer):
        with self.lock:
            if status == 200:
                self.answered.append(ms)
                compute = answer.get("compute") or {}
                self.cut += bool(compute.get("cut_short"))
                self.served_lower += compute.get("budget_ms", 0) < compute.get("asked_ms", 0)
            elif status == 503:
                self.refused.append(ms)
            else:
                self.errors[status] = self.errors.get(status, 0) + 1


class OneWrite(http.client.HTTPConnection):
    """A connection that writes each request's head and body in one piece, as a client in a
    compiled language does. http.client writes them apart, and between the two writes another of
    this script's threads can take Python's GIL for up to its switch interval (5 ms): the service,
    which times a request from its head, would count that wait for the body as its own time."""

    _pieces = None

    def endheaders(self, message_body=None, *, encode_chunked=False):
        self._pieces = []
        try:
            super().endheaders(message_body, encode_chunked=encode_chunked)
        finally:
            pieces, self._pieces = self._pieces, None
        super().send(b"".join(pieces))

    def send(self, data):
        if self._pieces is None:
            super().send(data)
        else:
            self._pieces.append(bytes(data))


def client(base, bodies, stop, tally, offset, retry="wait", deadline=float("inf")):
    """One client: one request at a time on one keep-alive connection until `stop` (or the
    `deadline`, time.monotonic()). After a 503 it waits out Retry-After (`retry` "wait") or asks
    again at once ("now")."""
    url = urllib.parse.urlsplit(base)
    conn = OneWrite(url.hostname, url.port, timeout=30)
    i = offset
    for _ in range(MAX_REQUESTS_PER_CLIENT):
        if stop.is_set() or time.monotonic() > deadline:
            break
        body = bodies[i % len(bodies)]
        i += 1
        start = time.perf_counter()
        try:
            conn.request("POST", "/recommend", body=body, headers={"Content-Type": "application/json"})
            res = conn.getresponse()
            data = res.read()
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = OneWrite(url.hostname, url.port, timeout=30)
            tally.add("socket", 0, {})
            # Not at once: a service that is gone would have this loop spin until the cell ends.
            stop.wait(RECONNECT_PAUSE_S)
            continue
        ms = (time.perf_counter() - start) * 1e3
        answer = json.loads(data) if res.status == 200 else {}
        tally.add(res.status, ms, answer)
        if res.status == 503 and retry == "wait":
            # As a client should: ask again once the time the service names has passed.
            stop.wait(float(res.getheader("Retry-After") or 1))
        # With retry "now" the next request goes at once, on the same connection while the service
        # keeps it open; a 503 that closes it gets a new one (one write per request still).
        if res.getheader("Connection", "").lower() == "close":
            conn.close()
            conn = OneWrite(url.hostname, url.port, timeout=30)


def probe(base, stop, out, rss, deadline=float("inf")):
    """Polls GET /healthz (its latency into `out`) and, every tenth time, the service's resident
    memory from /metrics (the largest into rss[0])."""
    url = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    k = 0
    for _ in range(MAX_REQUESTS_PER_CLIENT):
        if stop.is_set() or time.monotonic() > deadline:
            break
        start = time.perf_counter()
        conn.request("GET", "/healthz")
        conn.getresponse().read()
        out.append((time.perf_counter() - start) * 1e3)
        k += 1
        if k % 10 == 0:
            conn.request("GET", "/metrics")
            for line in conn.getresponse().read().decode().splitlines():
                if line.startswith("process_resident_memory_bytes "):
                    rss[0] = max(rss[0], float(line.split()[1]))
        time.sleep(0.02)


def refusal_counts(base):
    """The service's own count of POST /recommend answered 503, and of those within 10 ms of the
    request's arrival (its request-duration histogram), from /metrics."""
    url = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    conn.request("GET", "/metrics")
    within, total = 0.0, 0.0
    for line in conn.getresponse().read().decode().splitlines():
        if not line.startswith("sonar_http_request_duration_seconds") or 'status="503"' not in line:
            continue
        if 'route="/recommend"' not in line:
            continue
        if line.startswith("sonar_http_request_duration_seconds_bucket") and 'le="0.01"' in line:
            within += float(line.split()[-1])
        elif line.startswith("sonar_http_request_duration_seconds_count"):
            total += float(line.split()[-1])
    conn.close()
    return within, total


def bodies_for(budget, positions):
    out = []
    for k, (board, ships) in enumerate(positions):
        request = {"board": board, "ships": ships, "algorithm": "bayes", "seed": k}
        if budget != DEFAULT_BUDGET_MS:
            request["budget_ms"] = budget
        out.append(json.dumps(request))
    return out


def cell(base, budget, c, duration, positions, mixed, retry="wait"):
    stop = threading.Event()
    # Every thread stops by itself past this, should the stop event never come.
    deadline = time.monotonic() + duration + DEADLINE_SLACK_S
    planning, default, health, rss = Tally(), Tally(), [], [0.0]
    threads = [threading.Thread(target=probe, args=(base, stop, health, rss, deadline))]
    threads += [
        threading.Thread(target=client, args=(base, bodies_for(budget, positions), stop, planning, 7 * k, retry, deadline))
        for k in range(c)
    ]
    if mixed:
        threads += [
            threading.Thread(
                target=client, args=(base, bodies_for(DEFAULT_BUDGET_MS, positions), stop, default, 11 * k, retry, deadline)
            )
            for k in range(c)
        ]
    before = refusal_counts(base)
    try:
        for t in threads:
            t.start()
        time.sleep(duration)
    finally:
        # Also on Ctrl-C or SIGTERM: the clients stop now, not at their deadline.
        stop.set()
        for t in threads:
            if t.ident is not None:  # started
                t.join()
    after = refusal_counts(base)
    for tally in (planning, default):
        tally.served_refusals = (after[0] - before[0], after[1] - before[1])
    return planning, default, health, rss[0]


def cell_rust(base, budget, c, duration, positions, mixed, binary, threads):
    """The same cell driven by the compiled closed-loop client (loadtest/closed-loop), which
    asks again at once after a 503 and whose clock no interpreter's lock holds up: one process
    for the planning clients and, mixed, one for the default-budget ones, each running its
    clients on `threads` event loops."""
    import tempfile

    def start(bodies, n):
        f = tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False)
        f.write("\n".join(bodies))
        f.close()
        loops = n if threads == "clients" else int(threads)
        argv = [binary, base, f.name, str(n), str(duration), str(loops)]
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
        return proc, f.name

    before = refusal_counts(base)
    runs = [start(bodies_for(budget, positions), c)]
    if mixed:
        runs.append(start(bodies_for(DEFAULT_BUDGET_MS, positions), c))
    tallies, health = [], []
    for proc, path in runs:
        out, _ = proc.communicate(timeout=duration + DEADLINE_SLACK_S + 30)
        os.unlink(path)
        if proc.returncode != 0:
            sys.exit(f"the closed-loop client failed ({proc.returncode})")
        got = json.loads(out)
        tally = Tally()
        tally.answered, tally.refused = got["answered_ms"], got["refused_ms"]
        tally.cut, tally.served_lower = got["cut_short"], got["lowered"]
        tally.served = got["served_ms"]
        if got["errors"]:
            tally.errors["other"] = got["errors"]
        tallies.append(tally)
        health = health or got["healthz_ms"]
    after = refusal_counts(base)
    if not mixed:
        tallies.append(Tally())
    for tally in tallies:
        tally.served_refusals = (after[0] - before[0], after[1] - before[1])
    return tallies[0], tallies[1], health, 0.0


def share(part, whole):
    return part / whole if whole else float("nan")


def summary(budget, c, mixed, tally, health, duration, rss=0.0):
    n = len(tally.answered) + len(tally.refused) + sum(tally.errors.values())
    return {
        "budget_ms": budget,
        "concurrency": c,
        "mixed": mixed,
        "promise_ms": promise_ms(budget),
        "answered": len(tally.answered),
        "answered_per_s": len(tally.answered) / duration,
        "p50_ms": percentile(tally.answered, 0.5),
        "p99_ms": percentile(tally.answered, 0.99),
        "max_ms": max(tally.answered, default=float("nan")),
        "refused": len(tally.refused),
        "shed_share": len(tally.refused) / n if n else 0.0,
        "refusal_p99_ms": percentile(tally.refused, 0.99),
        # Every 503 of the cell (planning and default traffic alike), as the service timed it.
        "refusals_within_10ms": share(*getattr(tally, "served_refusals", (0.0, 0.0))),
        "service_refusals": getattr(tally, "served_refusals", (0.0, 0.0))[1],
        "cut_share": tally.cut / len(tally.answered) if tally.answered else 0.0,
        "served_lower": tally.served_lower,
        "errors": tally.errors,
        "healthz_p99_ms": percentile(health, 0.99),
        # The rust client reads the service's own time for each answer (its Server-Timing header).
        "service_p99_ms": percentile(getattr(tally, "served", []), 0.99),
        "rss_mib": rss / 2**20,
    }


def row(s):
    if s["promise_ms"] != s["promise_ms"]:
        ok = "default"
    else:
        ok = "yes" if s["answered"] == 0 or s["p99_ms"] <= s["promise_ms"] else "**no**"
    fmt = lambda v: "" if v != v else f"{v:.1f}"  # noqa: E731 (NaN prints as nothing)
    return (
        f"| {s['budget_ms']} | {s['concurrency']} | {'mixed' if s['mixed'] else 'alone'} | {s['answered']} "
        f"| {fmt(s['p50_ms'])} | {fmt(s['p99_ms'])} | {fmt(s['promise_ms'])} | {ok} "
        f"| {100 * s['shed_share']:.1f}% | {fmt(s['refusal_p99_ms'])} | {fmt(100 * s['refusals_within_10ms'])} "
        f"| {100 * s['cut_share']:.1f}% "
        f"| {fmt(s['healthz_p99_ms'])} | {s['rss_mib']:.0f} | {sum(s['errors'].values()) or ''} |"
    )


HEADER = (
    "| budget ms | clients | traffic | answered | p50 ms | p99 ms | promise ms | p99 kept | shed "
    "| refusal p99 ms | refusals in 10 ms, service % | cut short | /healthz p99 ms | peak RSS MiB | other errors |\n"
    "| ---: | ---: | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
)


def svg(results, path):
    """p99 over the promise against concurrency, one line per budget, alone and mixed."""
    width, height, left, bottom, top, right = 640, 380, 60, 50, 20, 150
    cs = sorted({r["concurrency"] for r in results})
    results = [r for r in results if r["promise_ms"] == r["promise_ms"]]
    ratios = [r["p99_ms"] / r["promise_ms"] for r in results if r["answered"]]
    ymax = max([1.2] + [x for x in ratios if x == x])
    x_of = lambda c: left + (width - left - right) * (cs.index(c) / max(1, len(cs) - 1))  # noqa: E731
    y_of = lambda v: height - bottom - (height - bottom - top) * v / ymax  # noqa: E731
    colours = ["#440154", "#3b528b", "#21918c", "#5ec962", "#fde725", "#e66101"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">']
    out.append(f'<rect width="{width}" height="{height}" fill="white"/>')
    out.append(f'<line x1="{left}" y1="{y_of(1)}" x2="{width - right}" y2="{y_of(1)}" stroke="#c00" stroke-dasharray="4 3"/>')
    out.append(f'<text x="{width - right + 4}" y="{y_of(1) + 4}" fill="#c00">the promise</text>')
    for k in range(0, 11):
        v = ymax * k / 10
        out.append(f'<text x="{left - 6}" y="{y_of(v) + 4}" text-anchor="end">{v:.1f}</text>')
    for c in cs:
        out.append(f'<text x="{x_of(c)}" y="{height - bottom + 16}" text-anchor="middle">{c}</text>')
    out.append(f'<text x="{(left + width - right) / 2}" y="{height - 10}" text-anchor="middle">clients</text>')
    out.append(f'<text x="14" y="{top + 10}">p99 / promise</text>')
    budgets = sorted({r["budget_ms"] for r in results})
    for i, b in enumerate(budgets):
        for mixed, dash in ((False, ""), (True, ' stroke-dasharray="6 3"')):
            pts = [r for r in results if r["budget_ms"] == b and r["mixed"] == mixed and r["answered"]]
            if not pts:
                continue
            pts.sort(key=lambda r: r["concurrency"])
            line = " ".join(f"{x_of(r['concurrency']):.1f},{y_of(r['p99_ms'] / r['promise_ms']):.1f}" for r in pts)
            colour = colours[i % len(colours)]
            out.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        y = top + 18 * i
        out.append(f'<line x1="{width - right + 8}" y1="{y + 20}" x2="{width - right + 28}" y2="{y + 20}" stroke="{colours[i % len(colours)]}" stroke-width="2"/>')
        out.append(f'<text x="{width - right + 32}" y="{y + 24}">{b} ms</text>')
    out.append(f'<text x="{width - right + 8}" y="{top + 18 * len(budgets) + 30}">dashed: mixed</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def start_hogs(n):
    """N busy loops beside the service (`yes > /dev/null`), not pinned: the scheduler puts them
    where it likes, as another tenant's work on the machine."""
    return [subprocess.Popen(["yes"], stdout=subprocess.DEVNULL) for _ in range(n)]


def stop_hogs(hogs):
    for h in hogs:
        if h.poll() is None:
            h.kill()
    for h in hogs:
        h.wait()
    hogs.clear()


def build_default_binary():
    """Builds the service with cargo (from the repository's root) and says where the binary is."""
    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "sonar"], check=True)
    target = os.environ.get("CARGO_TARGET_DIR")
    return os.path.join(target, "release", "sonar") if target else DEFAULT_BINARY


def start_service(port, binary=None):
    """Starts `binary` (default: target/release/sonar, built first with cargo) on 127.0.0.1:port
    and waits, at most about 10 s, until GET /healthz answers 200."""
    if binary is None:
        binary = build_default_binary()
    proc = subprocess.Popen(
        [binary, "serve", "--bind", f"127.0.0.1:{port}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        if proc.poll() is not None:
            sys.exit(f"the service exited with status {proc.returncode} before answering (is port {port} taken?)")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    sys.exit("the service did not start")


def on_sigterm(*_):
    """Ends the run through the finally blocks, as Ctrl-C does; a second SIGTERM (from `timeout`
    and a user both, say) is ignored, so that it cannot cut the cleaning up short."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    sys.exit(143)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", help="a running service (default: start --binary)")
    ap.add_argument(
        "--binary",
        help=f"the service's binary to start (default: {DEFAULT_BINARY}, built first with cargo; a path given is run as it is)",
    )
    ap.add_argument("--port", type=int, default=18282)
    ap.add_argument("--budgets", default="10,30,100,300,1000")
    ap.add_argument("--concurrency", default="1,8,32")
    ap.add_argument("--duration", type=float, default=20.0)
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--traffic", default="alone,mixed", help="alone, mixed, or alone,mixed (the default)")
    ap.add_argument(
        "--retry",
        choices=["wait", "now"],
        default="wait",
        help="after a 503: wait out its Retry-After (wait, the default) or ask again at once (now, as wrk, k6 or a closed-loop client do)",
    )
    ap.add_argument(
        "--client",
        choices=["python", "rust"],
        default="python",
        help="who sends: this script's threads (python, the default) or the compiled closed-loop client "
        "target/release/closed-loop (rust: always asks again at once after a 503; built first when missing)",
    )
    ap.add_argument(
        "--client-threads",
        default="1",
        metavar="N",
        help="the rust client's event loops for each kind of traffic: 1 (the default, as wrk -t1, k6 on one core "
        "or an asyncio client), N, or 'clients' for a thread each",
    )
    ap.add_argument("--hog", type=int, default=0, metavar="N", help="N busy loops (yes > /dev/null, not pinned) beside the service in every cell")
    ap.add_argument("--json", help="write every cell's figures to this file")
    ap.add_argument("--svg", help="draw p99 over the promise to this file")
    ap.add_argument(
        "--check",
        action="store_true",
        help="exit 1 unless every cell answered some requests, refused only with 503, and no other status came back",
    )
    args = ap.parse_args()
    if not set(args.traffic.split(",")) <= {"alone", "mixed"}:
        ap.error(f"--traffic: alone, mixed or alone,mixed, not {args.traffic!r}")
    if args.hog < 0:
        ap.error("--hog takes a count, 0 or more")
    if args.client == "rust":
        args.retry = "now"
    # A path given on the command line is read from where the script was started, before the chdir.
    binary = os.path.abspath(args.binary) if args.binary else None
    # SIGTERM ends the run through the finally blocks below, as Ctrl-C does: no busy loop outlives it.
    signal.signal(signal.SIGTERM, on_sigterm)
    # Hand the interpreter's lock over every millisecond rather than every five, so that a client
    # thread waiting for it adds little to the latency it measures.
    sys.setswitchinterval(0.001)
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    rng = random.Random(args.seed)
    positions = [position(rng) for _ in range(args.positions)]
    if args.client_threads != "clients" and not (args.client_threads.isdigit() and int(args.client_threads) > 0):
        ap.error(f"--client-threads: a count above 0 or 'clients', not {args.client_threads!r}")
    target = os.environ.get("CARGO_TARGET_DIR", "target")
    closed_loop = os.path.abspath(os.path.join(target, "release", "closed-loop"))
    if args.client == "rust" and not os.path.exists(closed_loop):
        subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "closed-loop"], check=True)
    proc = None
    hogs = []
    base = args.base
    try:
        if base is None:
            proc, base = start_service(args.port, binary)
        retry = {"wait": "a client waits out a 503's Retry-After", "now": "a client asks again at once after a 503"}
        print(f"Machine: {os.cpu_count()} cores, kernel {platform.release()}; the service and this client on the same machine; "
              f"{args.duration:g} s per cell; boards from seed {args.seed}; {args.client} client"
              f"{f' on {args.client_threads} event loop(s)' if args.client == 'rust' else ''}; retry {args.retry} ({retry[args.retry]}); "
              f"{args.hog} busy loop{'' if args.hog == 1 else 's'} (yes, not pinned) beside the service.")
        print()
        print(HEADER)
        results = []
        client_refusals = []  # every planning 503's latency, as the clients saw it
        for budget in map(int, args.budgets.split(",")):
            for traffic in args.traffic.split(","):
                for c in map(int, args.concurrency.split(",")):
                    mixed = traffic == "mixed"
                    hogs.extend(start_hogs(args.hog))
                    try:
                        if args.client == "rust":
                            planning, default, health, rss = cell_rust(
                                base, budget, c, args.duration, positions, mixed, closed_loop, args.client_threads
                            )
                        else:
                            planning, default, health, rss = cell(base, budget, c, args.duration, positions, mixed, args.retry)
                    finally:
                        stop_hogs(hogs)
                    s = summary(budget, c, mixed, planning, health, args.duration, rss)
                    # Added keys only: what read the cells before reads them the same.
                    s.update(retry=args.retry, hogs=args.hog)
                    if mixed:
                        s["default"] = summary(DEFAULT_BUDGET_MS, c, False, default, health, args.duration, rss)
                        s["default"].update(retry=args.retry, hogs=args.hog)
                    client_refusals.extend(planning.refused)
                    results.append(s)
                    print(row(s), flush=True)
        if any(r["mixed"] for r in results):
            print()
            print("The default-budget traffic beside the planning requests:")
            print()
            print(HEADER)
            for r in results:
                if r["mixed"]:
                    d = dict(r["default"], mixed=True, budget_ms=f"{DEFAULT_BUDGET_MS} beside {r['budget_ms']}")
                    print(row(d))
        if args.client == "rust":
            print()
            print("The planning answers' p99 as the service timed them (Server-Timing), beside the client's:")
            print()
            for r in results:
                print(f"- {r['budget_ms']} ms, {r['concurrency']} clients, {'mixed' if r['mixed'] else 'alone'}: "
                      f"service {r['service_p99_ms']:.1f} ms, client {r['p99_ms']:.1f} ms, promise {r['promise_ms']:.1f} ms")
        within = sum(r["refusals_within_10ms"] * r["service_refusals"] for r in results if r["service_refusals"])
        total = sum(r["service_refusals"] for r in results)
        if total:
            print()
            print(f"Refusals in all cells, as the service timed them: {total:.0f}, {100 * within / total:.1f}% within 10 ms.")
        if client_refusals:
            print(f"Planning refusals in all cells, as the clients saw them (retry {args.retry}): {len(client_refusals)}, "
                  f"p99 {percentile(client_refusals, 0.99):.1f} ms, the slowest {max(client_refusals):.1f} ms.")
        if args.json:
            with open(args.json, "w") as f:
                json.dump(results, f, indent=1)
        if args.check:
            broken = [r for r in results if r["answered"] == 0 or r["errors"]]
            for r in broken:
                print(f"budget {r['budget_ms']} ms, {r['concurrency']} clients: answered {r['answered']}, other answers {r['errors']}", file=sys.stderr)
            if broken:
                sys.exit(1)
        if args.svg:
            svg(results, args.svg)
    finally:
        stop_hogs(hogs)
        if proc:
            proc.terminate()
            proc.wait()


if __name__ == "__main__":
    main()
