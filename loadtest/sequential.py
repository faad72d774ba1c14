#!/usr/bin/env python3
"""Sequential planning test: one client on one keep-alive connection that asks again at once after
each answer (a strict sequential loop, as a game's backend or a closed-loop load tool does),
against a service this script starts itself, placed on the machine as a scenario says. Standard
library only. A lone sequential client never has two requests at the service, so the promise of a
planning request (answered within budget x 1.2 + 5 ms of arrival, or refused at once with 503
`budget-unavailable`) should never need a refusal: every 503 here is one the service should not
have given.

Each scenario starts the service (with --binary), the busy loops and the client where it says,
then runs its cases one after the other:

- for each budget (--budgets, default 30,100,300), --repeats requests (default 20) on the empty
  classic board (10 x 10, ships 5, 4, 3, 3, 2) and as many on an early board (four misses and a
  hit, drawn from --seed);
- a whole game at 100 ms through histories: the client hides a random classic fleet (from
  --seed), sends the game so far as a `history` each turn (`shots`, under the default
  `sunk-cells` announcements: `miss`, `hit`, or `sunk` with the ship's `cells`), shoots where it
  is told, and answers, until the fleet is sunk. A refused turn is asked again at once.

It prints, per case: requests sent, refused (503), cut short by the clock (`compute.cut_short`),
and the answered requests' p99 from sending to the answer read, against the promise.

    loadtest/sequential.py                              # quiet: nothing pinned, nothing beside it
    loadtest/sequential.py --scenario all --repeats 10 --check
    loadtest/sequential.py --scenario shared-core --binary /tmp/t/release/sonar
    loadtest/sequential.py --service-cpus 0 --hog-cpus 0 --client-cpus 1 --json out.json

Placements (--scenario, or the flags for one scenario of your own, not both):

    quiet           nothing pinned, nothing beside the service
    shared-core     the service and the client both on cpu 0 (taskset, sched_setaffinity)
    core-hog        the service on cpu 0 beside a busy loop pinned there, the client on cpu 1
    quota-two-hogs  the service in a one-CPU CFS quota (cgroup v1: 100 ms of CPU each 100 ms), two
                    busy loops unpinned beside it
    all             each of the above in turn

--quota needs the cgroup v1 cpu controller at /sys/fs/cgroup/cpu, writable (root): it exits 2
otherwise. --check exits 1 if any request was refused or answered with anything but 200 (or a game
did not end), and says which. Traffic goes only to 127.0.0.1; every loop is bounded in count and
in time.
"""

import argparse
import http.client
import json
import os
import platform
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# planning.py's client pieces are imported, not copied; without leaving a __pycache__ in the tree.
sys.dont_write_bytecode = True
from planning import (  # noqa: E402
    DEFAULT_BINARY,
    SHIPS,
    OneWrite,
    build_default_binary,
    percentile,
    promise_ms,
    random_layout,
    start_hogs,
    stop_hogs,
)

N = 10  # the classic board's side
GAME_BUDGET_MS = 100
CPU_CGROUP = "/sys/fs/cgroup/cpu"
CFS_PERIOD_US = 100_000
CFS_QUOTA_US = 100_000  # one CPU's worth of every period
# A game turn refused this many times in a row, or for this long, ends the game: the loop asks
# again at once, and a service that refused for ever would hold it for ever. (A streak of refusals
# on the old build ends by itself within some tens of ms, some hundreds of refusals at most.)
MAX_ASKS_PER_TURN = 2000
MAX_TURN_S = 5.0
# After a connection error, this long before the next request: no spinning on a dead socket.
RECONNECT_PAUSE_S = 0.05
REQUEST_TIMEOUT_S = 30

# The scenarios of the issue. service_cpus, client_cpus: taskset CPU lists (None: not pinned);
# hog_cpus: one busy loop pinned to each CPU listed; hogs: that many unpinned; quota: the service
# in a one-CPU CFS quota.
PRESETS = {
    "quiet": {},
    "shared-core": {"service_cpus": "0", "client_cpus": "0"},
    "core-hog": {"service_cpus": "0", "hog_cpus": "0", "client_cpus": "1"},
    "quota-two-hogs": {"quota": True, "hogs": 2},
}
PLACEMENT_KEYS = ("service_cpus", "client_cpus", "hog_cpus", "hogs", "quota")


def die(message):
    """Exit 2, saying why: the test could not run (1 is for --check's failures)."""
    sys.stderr.write(message.rstrip("\n") + "\n")
    sys.exit(2)


def placement(**given):
    out = {"service_cpus": None, "client_cpus": None, "hog_cpus": None, "hogs": 0, "quota": False}
    out.update(given)
    return out


def describe(p):
    """A placement in words, for the printed list of scenarios."""
    parts = [
        f"service on cpus {p['service_cpus']}" if p["service_cpus"] else "service not pinned",
        f"client on cpus {p['client_cpus']}" if p["client_cpus"] else "client not pinned",
    ]
    if p["quota"]:
        parts.append(f"service in a CFS quota of {CFS_QUOTA_US / CFS_PERIOD_US:g} CPU ({CFS_QUOTA_US} us every {CFS_PERIOD_US} us)")
    for cpu in cpu_list(p["hog_cpus"]):
        parts.append(f"a busy loop pinned to cpu {cpu}")
    if p["hogs"]:
        parts.append(f"{p['hogs']} busy loop{'s' if p['hogs'] > 1 else ''} not pinned")
    return ", ".join(parts)


def cpu_list(text):
    """A taskset CPU list ("0", "0,1", "0-1") as a sorted list of CPU numbers."""
    if not text:
        return []
    cpus = set()
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        cpus.update(range(int(lo), int(hi or lo) + 1))
    return sorted(cpus)


def ranges(numbers):
    """Sorted numbers as ranges: 2-5, 7, 9-10."""
    out = []
    for n in numbers:
        if out and out[-1][1] == n - 1:
            out[-1][1] = n
        else:
            out.append([n, n])
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in out)


def label(r, c):
    """A cell's label as the API writes it: the row's letter, the column's number (C4 is row 2, col 3)."""
    return f"{chr(ord('A') + r)}{c + 1}"


def empty_board():
    return ["." * N for _ in range(N)]


def early_board(rng):
    """Four misses and a hit on a random classic fleet: the board as the shooter sees it, and a
    sentence saying where they are."""
    ships = random_layout(rng, N)
    on_ship = {cell for cells in ships for cell in cells}
    cells = [(r, c) for r in range(N) for c in range(N)]
    rng.shuffle(cells)
    misses = [cell for cell in cells if cell not in on_ship][:4]
    hit = next(cell for cell in cells if cell in on_ship)
    board = [["."] * N for _ in range(N)]
    for r, c in misses:
        board[r][c] = "o"
    board[hit[0]][hit[1]] = "x"
    words = f"misses at {', '.join(label(*m) for m in misses)}, a hit at {label(*hit)}"
    return ["".join(row) for row in board], words


class Reply:
    def __init__(self, status, ms, body, retry_after=None, error=None):
        self.status, self.ms, self.body, self.retry_after, self.error = status, ms, body, retry_after, error

    def what(self, with_ms=True):
        """The reply in a few words, for the list of failures."""
        if self.status == "socket":
            text = f"connection error ({self.error})"
        else:
            text = f"answered {self.status}"
            if isinstance(self.body, dict) and self.body.get("type"):
                text += f" {self.body['type'].rsplit(':', 1)[-1]}"
            if self.retry_after is not None:
                text += f" (Retry-After {self.retry_after})"
        return f"{text} after {self.ms:.1f} ms" if with_ms else text


class Client:
    """One keep-alive connection to the service, one request at a time, each written in one piece
    (planning.OneWrite: the service times a request from its head)."""

    def __init__(self, port):
        self.port = port
        self.conn = OneWrite("127.0.0.1", port, timeout=REQUEST_TIMEOUT_S)

    def reconnect(self):
        self.conn.close()
        self.conn = OneWrite("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT_S)

    def post(self, body):
        start = time.perf_counter()
        try:
            self.conn.request("POST", "/recommend", body=body, headers={"Content-Type": "application/json"})
            res = self.conn.getresponse()
            data = res.read()
        except (OSError, http.client.HTTPException) as err:
            ms = (time.perf_counter() - start) * 1e3
            self.reconnect()
            time.sleep(RECONNECT_PAUSE_S)
            return Reply("socket", ms, {}, error=f"{type(err).__name__}: {err}")
        ms = (time.perf_counter() - start) * 1e3
        try:
            payload = json.loads(data)
        except ValueError:
            payload = {}
        if res.getheader("Connection", "").lower() == "close":
            self.reconnect()
        return Reply(res.status, ms, payload, res.getheader("Retry-After"))

    def close(self):
        self.conn.close()


class Case:
    """One case's requests: the answered ones' latencies, the rest kept whole for the report."""

    def __init__(self, scenario, name, budget):
        self.scenario, self.name, self.budget = scenario, name, budget
        self.requests = 0
        self.answered = []  # ms, sending to the answer read, of every 200
        self.cut = 0
        self.served_lower = 0
        self.refused = []  # (request number, Reply) of every 503
        self.others = []  # (request number, Reply) of anything else
        self.notes = []  # why a case stopped early, or what went wrong besides a status
        self.turns = None  # a game's turns played, how many were refused at least once, whether the fleet was sunk
        self.turns_refused = None
        self.finished = None

    def add(self, k, reply):
        self.requests += 1
        if reply.status == 200:
            self.answered.append(reply.ms)
            compute = reply.body.get("compute") or {}
            self.cut += bool(compute.get("cut_short"))
            self.served_lower += compute.get("budget_ms", 0) < compute.get("asked_ms", 0)
        elif reply.status == 503:
            self.refused.append((k, reply))
        else:
            self.others.append((k, reply))

    def failures(self):
        """Every request refused or answered with anything but 200, and every note, in words: one
        line for each kind of reply, naming the requests (numbered from 1) as ranges."""
        kinds = {}
        for k, reply in sorted(self.refused + self.others, key=lambda x: x[0]):
            kinds.setdefault(reply.what(with_ms=False), []).append((k, reply.ms))
        out = []
        for what, hits in kinds.items():
            ms = [m for _, m in hits]
            n = len(hits)
            out.append(
                f"{n} request{'s' if n > 1 else ''} ({ranges([k + 1 for k, _ in hits])}) {what}, "
                f"after {min(ms):.1f} to {max(ms):.1f} ms"
            )
        return out + self.notes

    def summary(self):
        promise = promise_ms(self.budget)
        p99 = percentile(self.answered, 0.99)
        statuses = {}
        for _, reply in self.others:
            statuses[str(reply.status)] = statuses.get(str(reply.status), 0) + 1
        refused_types = {}
        for _, reply in self.refused:
            kind = (reply.body or {}).get("type", "?").rsplit(":", 1)[-1]
            refused_types[kind] = refused_types.get(kind, 0) + 1
        return {
            "scenario": self.scenario,
            "case": self.name,
            "budget_ms": self.budget,
            "promise_ms": promise,
            "requests": self.requests,
            "answered": len(self.answered),
            "refused": len(self.refused),
            "refused_types": refused_types,
            "cut_short": self.cut,
            "served_lower": self.served_lower,
            "p50_ms": percentile(self.answered, 0.5),
            "p99_ms": p99,
            "max_ms": max(self.answered, default=float("nan")),
            "answered_ms": [round(ms, 2) for ms in self.answered],  # in order
            "p99_kept": bool(self.answered) and p99 <= promise,
            "other_statuses": statuses,
            "turns": self.turns,
            "turns_refused": self.turns_refused,
            "finished": self.finished,
            "failures": self.failures(),
        }


HEADER = (
    "| scenario | case | requests | refused | cut short | answered p50 ms | answered p99 ms | promise ms | p99 kept | other |\n"
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"
)


def row(s):
    fmt = lambda v: "" if v != v else f"{v:.1f}"  # noqa: E731 (NaN prints as nothing)
    kept = "" if not s["answered"] else ("yes" if s["p99_kept"] else "**no**")
    other = ", ".join(f"{n} x {status}" for status, n in s["other_statuses"].items())
    if s["notes_short"]:
        other = "; ".join(filter(None, [other, s["notes_short"]]))
    return (
        f"| {s['scenario']} | {s['case']} | {s['requests']} | {s['refused']} | {s['cut_short']} "
        f"| {fmt(s['p50_ms'])} | {fmt(s['p99_ms'])} | {fmt(s['promise_ms'])} | {kept} | {other} |"
    )


def run_repeats(client, scenario, budget, board_name, board, repeats, seed):
    """`repeats` requests on one board, each sent as soon as the one before is answered."""
    case = Case(scenario, f"{budget} ms, {board_name} board", budget)
    # Time bound: four promises a request and a second is far more than any request should take.
    deadline = time.monotonic() + repeats * (4 * promise_ms(budget) / 1e3 + 1) + 10
    for k in range(repeats):
        if time.monotonic() > deadline:
            case.notes.append(f"stopped after {k} requests: out of time")
            break
        body = {"board": board, "ships": SHIPS, "algorithm": "bayes", "seed": seed + k, "budget_ms": budget}
        case.add(k, client.post(json.dumps(body)))
    return case


def run_game(client, scenario, seed, budget=GAME_BUDGET_MS):
    """A whole game through histories: hide a fleet, ask for each shot with the log so far,
    answer it as the `sunk-cells` rule says, until the fleet is sunk."""
    case = Case(scenario, f"game {budget} ms", budget)
    fleet = random_layout(random.Random(f"game {seed}"), N)
    owner = {cell: k for k, cells in enumerate(fleet) for cell in cells}
    hits = [0] * len(fleet)
    shots = []  # the history's shots, in order
    shot_at = set()
    sunk = 0
    refused_in_a_row = 0
    turns_refused = set()
    turn_start = time.monotonic()
    deadline = time.monotonic() + N * N * (4 * promise_ms(budget) / 1e3 + 1) + 10
    # At most one answered turn per cell, and MAX_ASKS_PER_TURN asks for each.
    for k in range(N * N * MAX_ASKS_PER_TURN):
        if sunk == len(fleet):
            break
        if time.monotonic() > deadline:
            case.notes.append(f"stopped after {len(shots)} turns: out of time")
            break
        history = {"rows": N, "cols": N, "fleet": SHIPS, "shots": shots}
        body = {"history": history, "algorithm": "bayes", "seed": seed, "budget_ms": budget}
        reply = client.post(json.dumps(body))
        case.add(k, reply)
        if reply.status == 503:
            # Asked again at once, as the loop does after any answer.
            refused_in_a_row += 1
            turns_refused.add(len(shots))
            if refused_in_a_row >= MAX_ASKS_PER_TURN or time.monotonic() - turn_start > MAX_TURN_S:
                case.notes.append(
                    f"turn {len(shots) + 1} refused {refused_in_a_row} times in a row "
                    f"over {time.monotonic() - turn_start:.1f} s: game stopped"
                )
                break
            continue
        refused_in_a_row = 0
        turn_start = time.monotonic()
        if reply.status != 200:
            case.notes.append(f"game stopped at turn {len(shots) + 1} by a {reply.status}")
            break
        shot = reply.body.get("shot") or {}
        if not isinstance(shot.get("row"), int) or not isinstance(shot.get("col"), int):
            case.notes.append(f"turn {len(shots) + 1}: an answer without a shot")
            break
        r, c = shot["row"], shot["col"]
        if (r, c) in shot_at or not (0 <= r < N and 0 <= c < N):
            case.notes.append(f"turn {len(shots) + 1}: told to shoot {label(r, c)}, already shot or off the board")
            break
        shot_at.add((r, c))
        ship = owner.get((r, c))
        if ship is None:
            shots.append({"cell": label(r, c), "result": "miss"})
            continue
        hits[ship] += 1
        if hits[ship] < len(fleet[ship]):
            shots.append({"cell": label(r, c), "result": "hit"})
        else:
            # Under sunk-cells (the default announcements) a sinking names the ship's cells.
            shots.append({"cell": label(r, c), "result": "sunk", "cells": [label(*p) for p in fleet[ship]]})
            sunk += 1
    case.turns = len(shots)
    case.turns_refused = len(turns_refused)
    case.finished = sunk == len(fleet)
    if not case.finished and not case.notes:
        case.notes.append(f"game not finished after {len(shots)} turns")
    return case


class Cgroup:
    """A cgroup v1 cpu directory holding the service in a one-CPU CFS quota."""

    def __init__(self):
        self.path = os.path.join(CPU_CGROUP, f"sonar-seq-{os.getpid()}")
        self.made = False
        try:
            os.mkdir(self.path)
            self.made = True
            self.write("cpu.cfs_period_us", CFS_PERIOD_US)
            self.write("cpu.cfs_quota_us", CFS_QUOTA_US)
        except OSError as err:
            self.remove()
            die(f"cgroups are not writable here ({err}): --quota needs the cgroup v1 cpu controller at {CPU_CGROUP}, writable")

    def write(self, name, value):
        with open(os.path.join(self.path, name), "w") as f:
            f.write(f"{value}\n")

    def procs(self):
        return os.path.join(self.path, "cgroup.procs")

    def remove(self):
        # The service has been waited for, so the cgroup is empty; the kernel may take a moment to
        # say so (EBUSY), hence a few tries.
        if not self.made:
            return
        for _ in range(50):
            try:
                os.rmdir(self.path)
                return
            except FileNotFoundError:
                return
            except OSError:
                time.sleep(0.02)
        sys.stderr.write(f"could not remove {self.path}\n")


def check_cgroups():
    """Exit 2, saying why, unless a cpu cgroup can be made here (for --quota)."""
    needed = [os.path.join(CPU_CGROUP, f) for f in ("cgroup.procs", "cpu.cfs_period_us", "cpu.cfs_quota_us")]
    if not all(os.path.exists(f) for f in needed) or not os.access(CPU_CGROUP, os.W_OK):
        die(f"cgroups are not writable here: --quota needs the cgroup v1 cpu controller at {CPU_CGROUP} (with CFS quotas), writable")


def start_service(binary, port, where, cgroup):
    """The service on 127.0.0.1:port, under taskset if the placement pins it, inside the cgroup if
    there is one; waits, at most about 10 s, until GET /healthz answers 200."""
    cmd = [binary, "serve", "--bind", f"127.0.0.1:{port}"]
    if where["service_cpus"]:
        cmd = ["taskset", "-c", where["service_cpus"]] + cmd  # taskset execs: the pid stays the service's
    if cgroup:
        # The shell moves itself into the cgroup, then execs the service: it starts inside it, so
        # every thread it ever spawns is there (cgroup.procs moves a whole process; `tasks` would
        # move one thread), and it sees the quota when it counts its cores.
        cmd = ["sh", "-c", 'echo $$ > "$0" && exec "$@"', cgroup.procs()] + cmd
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log)
    for _ in range(100):
        if proc.poll() is not None:
            log.seek(0)
            tail = log.read().decode(errors="replace")[-2000:]
            die(f"the service exited with status {proc.returncode} before answering (is port {port} taken?):\n{tail}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/healthz")
            ok = conn.getresponse().status == 200
            conn.close()
            if ok:
                return proc
        except OSError:
            pass
        time.sleep(0.1)
    proc.kill()
    proc.wait()
    die(f"the service did not answer GET /healthz on port {port} within 10 s")


def stop_service(proc):
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def placement_hogs(where):
    """The placement's busy loops (`yes > /dev/null`): one pinned to each listed CPU, and the
    unpinned ones with this script's own (unpinned) affinity."""
    hogs = [subprocess.Popen(["taskset", "-c", str(cpu), "yes"], stdout=subprocess.DEVNULL) for cpu in cpu_list(where["hog_cpus"])]
    hogs += start_hogs(where["hogs"])
    return hogs


def facts_of(pid, cgroup):
    """Where the service runs, as the kernel says: its CPUs, its threads, how many are in the cgroup."""
    with open(f"/proc/{pid}/status") as f:
        cpus = next((line.split(":", 1)[1].strip() for line in f if line.startswith("Cpus_allowed_list")), "?")
    threads = os.listdir(f"/proc/{pid}/task")
    facts = {"service_cpus_allowed": cpus, "service_threads": len(threads)}
    if cgroup:
        name = "/" + os.path.basename(cgroup.path)
        inside = 0
        for tid in threads:
            try:
                with open(f"/proc/{pid}/task/{tid}/cgroup") as f:
                    for line in f:
                        _, controllers, path = line.rstrip("\n").split(":", 2)
                        if "cpu" in controllers.split(",") and path == name:
                            inside += 1
            except OSError:
                pass  # a thread that ended meanwhile
        facts["threads_in_quota_cgroup"] = inside
    return facts


def run_scenario(name, where, args, binary, port, board_early, original_cpus):
    """Starts what the placement says, runs every case, stops it all (whatever happens)."""
    os.sched_setaffinity(0, original_cpus)  # children not pinned get the whole machine
    cgroup = proc = client = None
    hogs = []
    cases = []
    facts = {}
    try:
        if where["quota"]:
            cgroup = Cgroup()
        proc = start_service(binary, port, where, cgroup)
        hogs = placement_hogs(where)
        if where["client_cpus"]:
            os.sched_setaffinity(0, cpu_list(where["client_cpus"]))
        client = Client(port)
        boards = [("empty", empty_board()), ("early", board_early)]
        for budget in args.budgets:
            for board_name, board in boards:
                case = run_repeats(client, name, budget, board_name, board, args.repeats, args.seed * 1000)
                cases.append(case)
                print(row(short(case.summary())), flush=True)
        if args.game:
            case = run_game(client, name, args.seed)
            cases.append(case)
            print(row(short(case.summary())), flush=True)
        facts = facts_of(proc.pid, cgroup)
    finally:
        if client:
            client.close()
        stop_hogs(hogs)
        if proc:
            stop_service(proc)
        os.sched_setaffinity(0, original_cpus)
        if cgroup:
            cgroup.remove()
    return cases, facts


def short(s):
    """The summary with the few words the table's last column shows (a game's turns, a note)."""
    words = []
    if s["turns"] is not None:
        words.append(
            f"{s['turns']} turns, {s['turns_refused']} of them refused at least once" + ("" if s["finished"] else ", not finished")
        )
    if s["failures"] and not s["refused"] and not s["other_statuses"]:
        words.append("see below")
    return dict(s, notes_short="; ".join(words))


def on_sigterm(*_):
    """Ends the run through the finally blocks, as Ctrl-C does; a second SIGTERM (from `timeout`
    and a user both, say) is ignored, so that it cannot cut the cleaning up short."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    sys.exit(143)


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__[__doc__.index("Placements") :],  # the presets, the exit codes
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument(
        "--binary",
        help=f"the service's binary (default: {DEFAULT_BINARY}, built first with cargo; a path given is run as it is)",
    )
    ap.add_argument("--port", type=int, default=18383, help="the first scenario's port; each next one takes the next port")
    ap.add_argument("--budgets", default="30,100,300", help="planning budgets in ms, each above 10 (default 30,100,300)")
    ap.add_argument("--repeats", type=int, default=20, help="requests per budget and board (default 20)")
    ap.add_argument("--no-game", dest="game", action="store_false", help="skip the whole game at 100 ms")
    ap.add_argument("--seed", type=int, default=1, help="draws the early board and the game's hidden fleet")
    ap.add_argument("--scenario", choices=list(PRESETS) + ["all"], help="a preset placement (below), or all of them in turn")
    ap.add_argument("--service-cpus", metavar="LIST", help="run the service under taskset -c LIST")
    ap.add_argument("--client-cpus", metavar="LIST", help="pin this client to LIST (sched_setaffinity)")
    ap.add_argument("--hog-cpus", metavar="LIST", help="one busy loop (yes) pinned to each CPU in LIST")
    ap.add_argument("--hogs", type=int, default=0, metavar="N", help="N busy loops (yes), not pinned")
    ap.add_argument("--quota", action="store_true", help="run the service in a one-CPU CFS quota (cgroup v1; exits 2 if not writable)")
    ap.add_argument("--json", metavar="FILE", help="write the machine, the scenarios and every case's figures to FILE")
    ap.add_argument("--check", action="store_true", help="exit 1 if any request was refused or answered with anything but 200")
    args = ap.parse_args()

    # The scenarios to run: the presets, or one of the flags' own.
    flags = {k: getattr(args, k) for k in PLACEMENT_KEYS}
    flagged = any(v for v in flags.values())
    if args.scenario and flagged:
        ap.error("--scenario or the placement flags (--service-cpus, --client-cpus, --hog-cpus, --hogs, --quota), not both")
    if args.scenario == "all":
        scenarios = [(name, placement(**PRESETS[name])) for name in PRESETS]
    elif args.scenario:
        scenarios = [(args.scenario, placement(**PRESETS[args.scenario]))]
    else:
        scenarios = [("custom" if flagged else "quiet", placement(**flags))]
    try:
        args.budgets = [int(b) for b in args.budgets.split(",")]
    except ValueError:
        ap.error("--budgets takes whole milliseconds, comma-separated")
    if any(b <= 10 or b > 1000 for b in args.budgets):
        ap.error("--budgets: each a planning budget, above 10 and at most 1000 ms")
    if args.repeats < 1 or args.hogs < 0:
        ap.error("--repeats takes 1 or more, --hogs 0 or more")

    # Check the machine can place them before starting anything.
    original_cpus = os.sched_getaffinity(0)
    for name, where in scenarios:
        for key in ("service_cpus", "client_cpus", "hog_cpus"):
            try:
                cpus = cpu_list(where[key])
            except ValueError:
                ap.error(f"{key.replace('_', '-')}: not a CPU list: {where[key]}")
            if not set(cpus) <= original_cpus:
                die(f"{name}: {key.replace('_', '-')} {where[key]} is not within this machine's CPUs {sorted(original_cpus)}")
        if (where["service_cpus"] or where["hog_cpus"]) and not shutil.which("taskset"):
            die(f"{name}: taskset is needed (util-linux)")
        if where["quota"]:
            check_cgroups()

    binary = os.path.abspath(args.binary) if args.binary else None
    # SIGTERM ends the run through the finally blocks, as Ctrl-C does: no busy loop, service or
    # cgroup outlives it.
    signal.signal(signal.SIGTERM, on_sigterm)
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    if binary is None:
        binary = os.path.abspath(build_default_binary())
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        die(f"no service binary at {binary}")

    board_early, early_words = early_board(random.Random(args.seed))
    machine = {
        "cores": os.cpu_count(),
        "cpus_allowed": sorted(original_cpus),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "cpu_cgroup_v1": os.path.exists(os.path.join(CPU_CGROUP, "cpu.cfs_quota_us")),
    }
    print(
        f"Machine: {machine['cores']} cores (this script may use cpus {','.join(map(str, machine['cpus_allowed']))}), "
        f"kernel {machine['kernel']}, Python {machine['python']}; the service and this client on the same machine; "
        f"one client asking again at once after each answer; {args.repeats} request{'s' if args.repeats > 1 else ''} per budget and board; "
        f"the early board and the game's fleet from seed {args.seed} (early board: {early_words})."
    )
    print()
    for name, where in scenarios:
        print(f"- {name}: {describe(where)}")
    print()
    print(HEADER)

    all_cases, facts = [], {}
    for i, (name, where) in enumerate(scenarios):
        cases, facts[name] = run_scenario(name, where, args, binary, args.port + i, board_early, original_cpus)
        all_cases += cases
    summaries = [c.summary() for c in all_cases]

    print()
    print("The service as the kernel placed it (at the end of each scenario):")
    for name, _ in scenarios:
        f = facts[name]
        line = f"- {name}: cpus {f.get('service_cpus_allowed', '?')}, {f.get('service_threads', '?')} threads"
        if "threads_in_quota_cgroup" in f:
            line += f", {f['threads_in_quota_cgroup']} of them in the quota's cgroup"
        print(line)
    refused = sum(s["refused"] for s in summaries)
    requests = sum(s["requests"] for s in summaries)
    print()
    print(f"Refused in all: {refused} of {requests} requests.")

    failures = [(c.scenario, c.name, f) for c in all_cases for f in c.failures()]
    if args.json:
        out = {
            "machine": machine,
            "options": {"budgets": args.budgets, "repeats": args.repeats, "seed": args.seed, "game": args.game, "binary": binary},
            "early_board": board_early,
            "scenarios": [{"name": n, "placement": w, "facts": facts[n]} for n, w in scenarios],
            "cases": summaries,
        }
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    if failures:
        print()
        print("Not answered 200 (or not played out):", file=sys.stderr)
        for scenario, case, what in failures:
            print(f"- {scenario}, {case}: {what}", file=sys.stderr)
    if args.check and failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
