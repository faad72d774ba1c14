#!/usr/bin/env python3
"""Independent oracle: count Battleship fleet layouts on an R x C board.

A *layout* is a set of ship placements whose lengths form exactly the given
fleet (a multiset; ships of equal length are interchangeable, so layouts are
counted unlabelled).  Each ship is a straight horizontal or vertical segment
lying fully inside the board; a length-1 ship has one placement per cell.
Ships never overlap.  Under the default "no-touch" rule, no cell of one ship
may be 8-adjacent (edge or corner) to a cell of another ship; ``--touching``
selects the classic rule where only overlap is forbidden.

Usage::

    python3 tools/count_no_touch.py --rows 10 --cols 10 --ships 5,4,3,3,2
    python3 tools/count_no_touch.py --rows 10 --cols 10 --ships 5,4,3,3,2 --touching
    python3 tools/count_no_touch.py ... --occupancy   # + per-cell layout counts
    python3 tools/count_no_touch.py ... --brute       # tiny boards only
    python3 tools/count_no_touch.py --selftest        # DP vs brute force

The first stdout line is the count; with ``--occupancy`` it is followed by one
line per board row holding, for every cell, the number of layouts in which the
cell is covered by a ship.

Method (no layout enumeration)
------------------------------
A cell-by-cell ("broken profile") transfer-matrix dynamic programme.  Cells are
visited in row-major order; when a ship's *first* cell (top-most / left-most)
is visited the whole ship is chosen (length and orientation), and its later
cells are then forced by the state.  The state after visiting cell (r, c) is

* ``profile``: one code per column, describing the most recently visited cell
  of that column, i.e. (r, j) for j <= c and (r-1, j) for j > c:
      0        empty (or, under --touching, a finished ship cell: the classic
               rule never needs to remember those),
      1        ship cell whose ship does not continue downwards (no-touch only),
      k >= 2   vertical ship cell with k-1 further cells below it;
* ``diag``: whether (r-1, c) is a ship cell; this is the up-left neighbour of
  the next cell, which the profile has just overwritten (no-touch only);
* ``h``: how many further cells to the right belong to the horizontal ship
  that is being laid along the current row;

and the value attached to a state is a vector of path counts indexed by the
multiset of ships still to be placed.  The vector is packed into one Python
integer (fixed-width slots, mixed-radix index), so "place a ship of length L"
is a mask-and-shift and merging paths is a single big-integer addition.

No-touch check: two cells touch iff they are 8-adjacent; of such a pair, the
later one in row-major order sees the earlier one as its up-left, up,
up-right or left neighbour.  So whenever a ship cell is visited, those four
neighbours must be empty, except the one belonging to the same ship (up for a
vertical continuation, left for a horizontal continuation).

Occupancy is obtained by a forward/backward pass: B(i, state) counts the
completions from a state, and the occupancy of cell i sums, over every
transition that covers cell i, forward-count x backward-count (a dot product
over the remaining-fleet index).  To keep memory small, forward states are
check-pointed only at row starts and each row is recomputed when the backward
sweep reaches it.

The brute-force enumerator (``--brute``) shares no code with the DP: it lists
all placements, and builds layouts recursively with a direct pairwise
Chebyshev-distance test.  ``--selftest`` checks that both agree on counts and
occupancy for every board from 1x1 to 5x5 with a set of small fleets under
both rules, and that the DP reproduces known 10x10 values.

Standard library only; Python 3.11.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from operator import mul

# Known published values used by --selftest (classic fleet on 10x10).
KNOWN = [
    # (rows, cols, fleet, no_touch, count)
    (10, 10, (5, 4, 3, 3, 2), False, 15_046_987_768),
    (10, 10, (5, 4, 3, 3, 2), True, 1_925_751_392),
]


# --------------------------------------------------------------------------
# Transfer-matrix dynamic programme
# --------------------------------------------------------------------------
class LayoutDP:
    """Cell-by-cell transfer-matrix DP counting unlabelled fleet layouts."""

    def __init__(self, rows: int, cols: int, ships: list[int], no_touch: bool = True):
        if rows < 1 or cols < 1:
            raise ValueError("board dimensions must be positive")
        if any(L < 1 for L in ships):
            raise ValueError("ship lengths must be positive")
        self.R, self.C, self.N = rows, cols, rows * cols
        self.no_touch = no_touch

        # ---- remaining-fleet index (mixed radix over distinct lengths) ----
        self.lens = sorted(set(ships))
        self.cnt0 = [ships.count(L) for L in self.lens]
        self.strides = []
        f = 1
        for n in self.cnt0:
            self.strides.append(f)
            f *= n + 1
        self.F = f  # number of remaining-fleet sub-multisets
        self.full = f - 1  # index of "whole fleet still to place"

        # ---- slot width: a rigorous bound on every slot value ----
        # A slot counts distinct partial layouts (or completions) that use a
        # sub-multiset of the fleet, so it is at most
        #   prod_L max_{m <= n_L} C(P_L, m),  P_L = placements of one L-ship.
        bound = 1
        for L, n in zip(self.lens, self.cnt0):
            P = self._placements_of_one(L)
            bound *= max(math.comb(P, m) for m in range(n + 1))
        self.words = max(1, -(-bound.bit_length() // 64))  # 64-bit words per slot
        self.W = 64 * self.words
        self.slot = (1 << self.W) - 1
        self.nbytes = 8 * self.words * self.F

        # has[j]: slots whose remaining fleet still contains length lens[j].
        # shift[j]: bit shift that moves a slot to "one ship of lens[j] fewer".
        self.has, self.shift = [], []
        for j in range(len(self.lens)):
            m = 0
            for k in range(self.F):
                if (k // self.strides[j]) % (self.cnt0[j] + 1):
                    m |= self.slot << (self.W * k)
            self.has.append(m)
            self.shift.append(self.W * self.strides[j])

        # feas[m]: slots whose remaining ships need at most m cells.  Masking
        # with it is a sound prune (such states can never be completed).
        need = [
            sum(((k // s) % (n + 1)) * L for s, n, L in zip(self.strides, self.cnt0, self.lens))
            for k in range(self.F)
        ]
        self.feas = []
        for m in range(self.N + 1):
            mask = 0
            for k in range(self.F):
                if need[k] <= m:
                    mask |= self.slot << (self.W * k)
            self.feas.append(mask)

        # ---- state key packing: [h | diag | col0 | col1 | ... ] ----
        maxL = max(self.lens) if self.lens else 1
        self.hb = max(1, (maxL - 1).bit_length())  # bits for h
        self.cb = max(1, maxL.bit_length())  # bits per column code
        self.hmask = (1 << self.hb) - 1
        self.cmask = (1 << self.cb) - 1
        self.base = self.hb + 1  # bit offset of column 0
        self.occ_code = 1 if no_touch else 0  # code of a finished ship cell
        self.stats_states = 0
        self.stats_max = 0

    def _placements_of_one(self, L: int) -> int:
        R, C = self.R, self.C
        if L == 1:
            return R * C
        return max(0, C - L + 1) * R + max(0, R - L + 1) * C

    # -- successors ---------------------------------------------------------
    def successors(self, r: int, c: int, key: int):
        """Transitions when visiting cell (r, c) from state ``key``.

        Returns a list of (next_key, j, covered): j is the index in self.lens
        of the ship *started* at this cell (-1 if none), covered says whether
        the cell is a ship cell.
        """
        C, cb, nt = self.C, self.cb, self.no_touch
        h = key & self.hmask
        pos = self.base + c * cb
        up = (key >> pos) & self.cmask
        if nt:
            left = (key >> (pos - cb)) & self.cmask if c else 0
            ur = (key >> (pos + cb)) & self.cmask if c + 1 < C else 0
            ul = (key >> self.hb) & 1 if c else 0
            # The next cell's up-left neighbour is (r-1, c) -- unless the next
            # cell starts a new row, where there is none.
            nd = (1 << self.hb) if (up and c + 1 < C) else 0
        else:
            left = ur = ul = nd = 0
        # key with h, diag and column c cleared
        k0 = (key & ~(self.cmask << pos)) >> self.base << self.base
        k0 |= nd

        if up >= 2:
            # Forced: continuation of a vertical ship from above.
            if h:
                return []  # a horizontal ship would overlap it
            if ul or left or ur:
                return []  # (only non-zero under no-touch) another ship touches
            code = up - 1
            if code == 1:
                code = self.occ_code
            return [(k0 | (code << pos), -1, True)]
        if h:
            # Forced: continuation of the horizontal ship started to the left.
            if ul or up or ur:
                return []
            return [(k0 | (self.occ_code << pos) | (h - 1), -1, True)]

        # Free cell: leave it empty, or start a ship here.
        out = [(k0, -1, False)]
        if ul or up or left or ur:
            return out  # a new ship here would touch an existing one
        occ = k0 | (self.occ_code << pos)
        for j, L in enumerate(self.lens):
            if L == 1:
                out.append((occ, j, True))
                continue
            if c + L <= C:  # horizontal, cells (r, c .. c+L-1)
                out.append((occ | (L - 1), j, True))
            if r + L <= self.R:  # vertical, cells (r .. r+L-1, c)
                out.append((k0 | (L << pos), j, True))
        return out

    # -- one forward step ----------------------------------------------------
    def forward_step(self, i: int, cur: dict) -> dict:
        r, c = divmod(i, self.C)
        has, shift, feas = self.has, self.shift, self.feas[self.N - i - 1]
        succ = self.successors
        nxt: dict = {}
        get = nxt.get
        for key, v in cur.items():
            for nkey, j, _ in succ(r, c, key):
                if j >= 0:
                    v2 = ((v & has[j]) >> shift[j]) & feas
                    if not v2:
                        continue
                    nxt[nkey] = get(nkey, 0) + v2
                else:
                    nxt[nkey] = get(nkey, 0) + v
        self.stats_states += len(nxt)
        self.stats_max = max(self.stats_max, len(nxt))
        return nxt

    def _initial(self) -> dict:
        return {0: 1 << (self.W * self.full)}

    def count(self) -> int:
        """Number of layouts (forward pass only)."""
        cur = self._initial()
        for i in range(self.N):
            cur = self.forward_step(i, cur)
        # slot 0 = "no ships left to place"
        return sum(v & self.slot for v in cur.values())

    # -- dot product over the remaining-fleet index --------------------------
    def dot(self, x: int, y: int) -> int:
        if self.words == 1:
            a = memoryview(x.to_bytes(self.nbytes, "little")).cast("Q")
            b = memoryview(y.to_bytes(self.nbytes, "little")).cast("Q")
            return sum(map(mul, a, b))
        W, s = self.W, self.slot
        return sum(((x >> (W * k)) & s) * ((y >> (W * k)) & s) for k in range(self.F))

    def count_and_occupancy(self) -> tuple[int, list[list[int]]]:
        """Number of layouts and per-cell occupancy (forward/backward)."""
        R, C, N = self.R, self.C, self.N
        # Forward pass, keeping only the state dicts at the start of each row.
        checkpoints = []
        cur = self._initial()
        for i in range(N):
            if i % C == 0:
                checkpoints.append(cur)
            cur = self.forward_step(i, cur)
        total = sum(v & self.slot for v in cur.values())
        stats = (self.stats_states, self.stats_max)  # report first pass only
        # Backward values at the end of the board: exactly one completion, in
        # slot 0 (nothing left to place).
        back = dict.fromkeys(cur, 1)
        del cur
        occ = [0] * N
        has, shift = self.has, self.shift
        for r in range(R - 1, -1, -1):
            # Recompute this row's forward dicts from its checkpoint.
            row = [checkpoints.pop()]
            for c in range(C - 1):
                row.append(self.forward_step(r * C + c, row[-1]))
            for c in range(C - 1, -1, -1):
                i = r * C + c
                fwd = row.pop()
                prev: dict = {}
                get = back.get
                o = 0
                for key, v in fwd.items():
                    acc = 0
                    for nkey, j, covered in self.successors(r, c, key):
                        b = get(nkey)
                        if b is None:
                            continue
                        if j >= 0:
                            acc += (b << shift[j]) & has[j]
                            if covered:
                                o += self.dot((v & has[j]) >> shift[j], b)
                        else:
                            acc += b
                            if covered:
                                o += self.dot(v, b)
                    if acc:
                        prev[key] = acc
                occ[i] = o
                back = prev
        self.stats_states, self.stats_max = stats
        # Consistency: backward count from the initial state equals the total.
        b0 = back.get(0, 0)
        assert (b0 >> (self.W * self.full)) & self.slot == total, "forward/backward mismatch"
        return total, [occ[r * C:(r + 1) * C] for r in range(R)]


# --------------------------------------------------------------------------
# Tiny brute-force enumerator (independent cross-check)
# --------------------------------------------------------------------------
def brute_force(rows: int, cols: int, ships: list[int], no_touch: bool = True):
    """Enumerate every layout explicitly.  Only for very small boards."""
    # All placements of one ship of each length, as sets of (row, col).
    placements: dict[int, list[frozenset]] = {}
    for L in set(ships):
        ps = set()
        for r in range(rows):
            for c in range(cols):
                if c + L <= cols:
                    ps.add(frozenset((r, c + t) for t in range(L)))
                if r + L <= rows:
                    ps.add(frozenset((r + t, c) for t in range(L)))
        placements[L] = sorted(ps, key=sorted)  # set() de-duplicates L == 1

    def compatible(a: frozenset, b: frozenset) -> bool:
        if no_touch:
            # Chebyshev distance between every pair of cells must exceed 1.
            return all(max(abs(p[0] - q[0]), abs(p[1] - q[1])) > 1 for p in a for q in b)
        return not (a & b)

    groups = sorted(((L, ships.count(L)) for L in set(ships)), reverse=True)
    count = 0
    occ = [[0] * cols for _ in range(rows)]

    def rec(g: int, chosen: list[frozenset]):
        nonlocal count
        if g == len(groups):
            count += 1
            for ship in chosen:
                for (r, c) in ship:
                    occ[r][c] += 1
            return
        L, n = groups[g]
        # Equal-length ships are interchangeable: choose an n-subset.
        for combo in itertools.combinations(placements[L], n):
            ok = all(compatible(a, b) for a, b in itertools.combinations(combo, 2))
            if ok and all(compatible(a, b) for a in combo for b in chosen):
                rec(g + 1, chosen + list(combo))

    rec(0, [])
    return count, occ


# --------------------------------------------------------------------------
# Self-test
# --------------------------------------------------------------------------
SELFTEST_FLEETS = [
    [], [1], [2], [3], [3, 2], [2, 2], [2, 1, 1], [3, 1], [1, 1, 1],
    [4, 1], [2, 2, 1], [3, 2, 1], [3, 3], [1, 1, 1, 1], [2, 2, 2], [4, 3],
]
# A few larger boards / fleets (rectangular too), checked the same way.
SELFTEST_EXTRA = [
    (4, 7, [3, 2, 2]), (7, 3, [3, 2, 1]), (6, 5, [4, 2, 1]),
    (6, 6, [4, 3, 2]), (7, 7, [3, 2, 1]), (6, 6, [3, 2, 1, 1]),
]


def selftest(include_known: bool = True) -> bool:
    ok = True
    cases = 0
    t0 = time.time()
    small = [(R, C, fleet) for R in range(1, 6) for C in range(1, 6) for fleet in SELFTEST_FLEETS]
    for no_touch in (True, False):
        for R, C, fleet in small + SELFTEST_EXTRA:
            dp = LayoutDP(R, C, fleet, no_touch)
            cnt, occ = dp.count_and_occupancy()
            cnt2 = dp.count()
            bcnt, bocc = brute_force(R, C, fleet, no_touch)
            cases += 1
            good = cnt == cnt2 == bcnt and occ == bocc
            # Invariants: occupancy sums to count * fleet cells, and
            # is symmetric under the board's mirror symmetries.
            good &= sum(map(sum, occ)) == cnt * sum(fleet)
            good &= occ == occ[::-1] and occ == [row[::-1] for row in occ]
            if R == C:
                good &= occ == [list(col) for col in zip(*occ)]
            if not good:
                ok = False
                print(f"MISMATCH {R}x{C} fleet={fleet} no_touch={no_touch}: "
                      f"dp={cnt}/{cnt2} brute={bcnt}\n dp occ={occ}\n bf occ={bocc}",
                      file=sys.stderr)
    print(f"selftest: {cases} cases (1x1..5x5 x {len(SELFTEST_FLEETS)} fleets, plus "
          f"{len(SELFTEST_EXTRA)} larger boards; both rules) DP vs brute force: {'OK' if ok else 'FAILED'} "
          f"[{time.time() - t0:.1f}s]", file=sys.stderr)
    if include_known:
        for R, C, fleet, no_touch, want in KNOWN:
            t1 = time.time()
            got = LayoutDP(R, C, list(fleet), no_touch).count()
            good = got == want
            ok &= good
            print(f"selftest: {R}x{C} {','.join(map(str, fleet))} "
                  f"{'no-touch' if no_touch else 'touching'}: {got} "
                  f"(expected {want}) {'OK' if good else 'FAILED'} [{time.time() - t1:.1f}s]",
                  file=sys.stderr)
    return ok


# --------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------
def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=10)
    ap.add_argument("--cols", type=int, default=10)
    ap.add_argument("--ships", default="5,4,3,3,2",
                    help="comma-separated ship lengths (default 5,4,3,3,2)")
    rule = ap.add_mutually_exclusive_group()
    rule.add_argument("--no-touch", dest="no_touch", action="store_true", default=True,
                      help="ships may not share an edge or a corner (default)")
    rule.add_argument("--touching", dest="no_touch", action="store_false",
                      help="classic rule: ships may touch, only overlap is forbidden")
    ap.add_argument("--occupancy", action="store_true",
                    help="also print per-cell occupancy counts, one line per row")
    ap.add_argument("--brute", action="store_true",
                    help="use the brute-force enumerator (tiny boards only)")
    ap.add_argument("--selftest", action="store_true",
                    help="check DP against brute force on small boards and known values")
    ap.add_argument("--quick", action="store_true",
                    help="with --selftest: skip the known 10x10 values")
    ap.add_argument("--verbose", action="store_true",
                    help="report runtime and DP state counts on stderr")
    args = ap.parse_args(argv)

    if args.selftest:
        ok = selftest(include_known=not args.quick)
        print("SELFTEST PASSED" if ok else "SELFTEST FAILED")
        return 0 if ok else 1

    ships = [int(s) for s in args.ships.replace(" ", "").split(",") if s]
    t0 = time.time()
    if args.brute:
        count, occ = brute_force(args.rows, args.cols, ships, args.no_touch)
    else:
        dp = LayoutDP(args.rows, args.cols, ships, args.no_touch)
        if args.occupancy:
            count, occ = dp.count_and_occupancy()
        else:
            count, occ = dp.count(), None
    print(count)
    if args.occupancy:
        for row in occ:
            print(" ".join(map(str, row)))
    if args.verbose:
        msg = f"time {time.time() - t0:.2f}s"
        if not args.brute:
            msg += (f", DP states: max {dp.stats_max} per step, {dp.stats_states} total, "
                    f"{dp.F} fleet slots x {dp.W} bits")
        print(msg, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
