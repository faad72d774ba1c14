#!/usr/bin/env python3
"""What thinking time buys: mean shots of `bayes` against its budget a move, as a table and an SVG.

Reads the per-game CSV of `sonar simulate ... --csv FILE` (or `sonar simulate merge ... --csv
FILE`) runs whose players include `bayes@MS` (and `bayes`, the default 10 ms, and
`weighted-density`), one file per run, every player of a run on the same hidden fleets; files
named for the same seed first (`seed2-100ms.csv`, `seed2-30ms.csv`) are one series. Prints a
markdown table (each budget's mean with its 95% interval, paired against `bayes` at 10 ms and
against `weighted-density` on the same games) and draws the means with their intervals,
`weighted-density` as a dashed line per run. Standard library only.

    python3 tools/thinking_curve.py docs/thinking/seed2-100ms.csv docs/thinking/seed2-30ms.csv --out docs/thinking.svg
"""

import argparse
import csv
import math
import re
import sys

W, H = 640, 400
LEFT, RIGHT, TOP, BOTTOM = 70, 170, 30, 50
COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00"]


def budget(label):
    """The budget of a `bayes` row: 10 for `bayes`, MS for `bayes@MSms`, None for anything else."""
    if label == "bayes":
        return 10
    m = re.fullmatch(r"bayes@(\d+)ms", label)
    return int(m.group(1)) if m else None


def summary(values):
    """Mean and the half-width of its 95% interval (1.96 standard errors, as the simulator)."""
    n = len(values)
    m = sum(values) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(n)


def games(path):
    """Per label, {game: shots} of one run's CSV."""
    by_label = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            by_label.setdefault(row["algorithm"], {})[int(row["game"])] = int(row["shots"])
    return by_label


def paired(a, b):
    """Mean of b - a over their common games, with its 95% half-width."""
    common = sorted(set(a) & set(b))
    return summary([b[g] - a[g] for g in common])


def read(name, paths):
    """(name, [(budget, mean, ci95, games, vs bayes, vs weighted-density)], heuristic mean) of the
    runs of one seed: every file's players together (`bayes` and `weighted-density` play the same
    games in each, so the file with the most games serves)."""
    by_label = {}
    for path in paths:
        for label, shots in games(path).items():
            if len(shots) > len(by_label.get(label, {})):
                by_label[label] = shots
    base, heuristic = by_label.get("bayes"), by_label.get("weighted-density")
    points = []
    for label, shots in by_label.items():
        b = budget(label)
        if b is None:
            continue
        m, c = summary(list(shots.values()))
        vs_bayes = paired(base, shots) if base and b != 10 else None
        vs_wd = paired(heuristic, shots) if heuristic else None
        points.append((b, m, c, len(shots), vs_bayes, vs_wd))
    h = summary(list(heuristic.values()))[0] if heuristic else None
    return name, sorted(points), h


def table(runs):
    """The markdown table of every run's budgets."""
    fmt = lambda d: "" if d is None else f"{d[0]:+.2f} ({d[0] - d[1]:+.2f} to {d[0] + d[1]:+.2f})"
    lines = ["| seed | budget | games | mean | ±95% | paired vs `bayes` at 10 ms | paired vs `weighted-density` |",
             "| --- | ---: | ---: | ---: | ---: | --- | --- |"]
    for name, pts, _ in runs:
        for b, m, c, n, vs_bayes, vs_wd in pts:
            lines.append(f"| {name} | {b} ms | {n:,} | {m:.2f} | {c:.2f} | {fmt(vs_bayes)} | {fmt(vs_wd)} |")
    return "\n".join(lines)


def svg(runs):
    budgets = sorted({b for _, pts, _ in runs for b, *_ in pts})
    lows = [m - c for _, pts, _ in runs for _, m, c, *_ in pts] + [h for _, _, h in runs if h]
    highs = [m + c for _, pts, _ in runs for _, m, c, *_ in pts] + [h for _, _, h in runs if h]
    y0, y1 = math.floor(min(lows) * 2) / 2, math.ceil(max(highs) * 2) / 2
    x0, x1 = math.log10(min(budgets)) - 0.1, math.log10(max(budgets)) + 0.1
    px = lambda b: LEFT + (math.log10(b) - x0) / (x1 - x0) * (W - LEFT - RIGHT)
    py = lambda v: TOP + (y1 - v) / (y1 - y0) * (H - TOP - BOTTOM)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{LEFT}" y="18" font-size="14">bayes: mean shots against thinking time a move (95% intervals)</text>']
    for b in budgets:
        out.append(f'<line x1="{px(b):.1f}" y1="{H - BOTTOM}" x2="{px(b):.1f}" y2="{H - BOTTOM + 5}" stroke="black"/>')
        out.append(f'<text x="{px(b):.1f}" y="{H - BOTTOM + 18}" text-anchor="middle">{b}</text>')
    out.append(f'<text x="{(LEFT + W - RIGHT) / 2}" y="{H - 10}" text-anchor="middle">budget a move, ms (log scale)</text>')
    v = y0
    while v <= y1 + 1e-9:
        out.append(f'<line x1="{LEFT - 5}" y1="{py(v):.1f}" x2="{W - RIGHT}" y2="{py(v):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 8}" y="{py(v) + 4:.1f}" text-anchor="end">{v:.1f}</text>')
        v += 0.5
    out.append(f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{H - BOTTOM}" stroke="black"/>')
    out.append(f'<line x1="{LEFT}" y1="{H - BOTTOM}" x2="{W - RIGHT}" y2="{H - BOTTOM}" stroke="black"/>')
    for k, (name, pts, heuristic) in enumerate(runs):
        colour = COLOURS[k % len(COLOURS)]
        shift = (k - (len(runs) - 1) / 2) * 6
        path = " ".join(f"{'M' if i == 0 else 'L'}{px(b) + shift:.1f},{py(m):.1f}" for i, (b, m, *_) in enumerate(pts))
        out.append(f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="1.5"/>')
        for b, m, c, n, *_ in pts:
            x = px(b) + shift
            out.append(f'<line x1="{x:.1f}" y1="{py(m - c):.1f}" x2="{x:.1f}" y2="{py(m + c):.1f}" stroke="{colour}"/>')
            out.append(f'<circle cx="{x:.1f}" cy="{py(m):.1f}" r="3.5" fill="{colour}"><title>{name}: {b} ms, {m:.2f} ± {c:.2f} ({n} games)</title></circle>')
        if heuristic is not None:
            out.append(f'<line x1="{LEFT}" y1="{py(heuristic):.1f}" x2="{W - RIGHT}" y2="{py(heuristic):.1f}" stroke="{colour}" stroke-dasharray="5,4"/>')
        ly = TOP + 20 + 36 * k
        out.append(f'<circle cx="{W - RIGHT + 15}" cy="{ly}" r="3.5" fill="{colour}"/>')
        out.append(f'<text x="{W - RIGHT + 25}" y="{ly + 4}">{name}</text>')
        out.append(f'<line x1="{W - RIGHT + 8}" y1="{ly + 16}" x2="{W - RIGHT + 22}" y2="{ly + 16}" stroke="{colour}" stroke-dasharray="5,4"/>')
        out.append(f'<text x="{W - RIGHT + 25}" y="{ly + 20}">weighted-density</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", help="the per-game CSV of one simulate run each")
    parser.add_argument("--out", required=True, help="the SVG to write")
    args = parser.parse_args()
    # One series per seed: the files are named for their seed first (`seed2-100ms.csv`).
    series = {}
    for path in args.runs:
        series.setdefault(re.sub(r".*/|-.*$", "", path), []).append(path)
    runs = [read(name, paths) for name, paths in series.items()]
    if not any(pts for _, pts, _ in runs):
        sys.exit("no bayes rows in the runs")
    print(table(runs))
    with open(args.out, "w") as f:
        f.write(svg(runs))


if __name__ == "__main__":
    main()
