#!/usr/bin/env python3
"""Draw the p99 Prometheus recorded over a load test as an SVG (standard library only).

Reads Prometheus's /api/v1/query_range answer (JSON) for one series, such as .ci/prometheus saves
in target/prometheus/p99_range.json, and draws it in milliseconds against the seconds since the
load started, with the load's span shaded, the load tool's own p99 as a dashed line and the
histogram's bucket boundaries as faint lines (the recorded p99 is only placed within its bucket).

    python3 tools/prometheus_p99_plot.py target/prometheus/p99_range.json \
        --wrk-p99-ms 9.8 --load START END --buckets 0.005 0.01 0.025 --out p99.svg
"""

import argparse
import json
import math
import sys


def series(path):
    with open(path) as f:
        answer = json.load(f)
    if answer.get("status") != "success":
        sys.exit(f"{path}: not a successful Prometheus answer")
    result = answer["data"]["result"]
    if len(result) != 1:
        sys.exit(f"{path}: expected one series, got {len(result)}")
    return [(float(t), float(v)) for t, v in result[0]["values"] if not math.isnan(float(v))]


def nice_ceiling(x):
    """The smallest of 1, 2, 2.5, 5 times a power of ten that is at least x."""
    if x <= 0:
        return 1.0
    p = 10 ** math.floor(math.log10(x))
    for m in (1, 2, 2.5, 5, 10):
        if m * p >= x * (1 - 1e-9):
            return m * p
    return 10 * p


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("range_json")
    ap.add_argument("--wrk-p99-ms", type=float, required=True, help="the load tool's own p99 in ms")
    ap.add_argument("--load", nargs=2, type=float, required=True, metavar=("START", "END"),
                    help="the load's start and end, Unix seconds")
    ap.add_argument("--buckets", nargs="*", type=float, default=[], help="bucket boundaries in seconds")
    ap.add_argument("--title", default="p99 of POST /recommend recorded by Prometheus during the CI load")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    points = series(args.range_json)
    if not points:
        sys.exit(f"{args.range_json}: no sample")
    t0 = args.load[0]
    xs = [t - t0 for t, _ in points]
    ys = [v * 1000 for _, v in points]
    x_min, x_max = min(xs[0], -5.0), max(xs[-1], args.load[1] - t0)
    y_max = nice_ceiling(max(max(ys), args.wrk_p99_ms) * 1.15)

    w, h = 720, 400
    left, right, top, bottom = 64, 24, 40, 56
    pw, ph = w - left - right, h - top - bottom

    def px(x):
        return left + (x - x_min) / (x_max - x_min) * pw

    def py(y):
        return top + ph - y / y_max * ph

    out = []
    add = out.append
    add(f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        'font-family="sans-serif" font-size="12">')
    add(f'<rect width="{w}" height="{h}" fill="white"/>')
    add(f'<text x="{w / 2:.1f}" y="22" text-anchor="middle" font-size="14">{args.title}</text>')
    # The load's span.
    add(f'<rect x="{px(0):.1f}" y="{top}" width="{px(args.load[1] - t0) - px(0):.1f}" height="{ph}" '
        'fill="#e8f0fe"/>')
    add(f'<text x="{px(0) + 4:.1f}" y="{top + 14}" fill="#555">load (wrk, bayes)</text>')
    # Bucket boundaries within the plot.
    for b in sorted(args.buckets):
        y = b * 1000
        if y_max / 12 <= y <= y_max:  # the ones low in the plot would only overprint each other
            add(f'<line x1="{left}" x2="{left + pw}" y1="{py(y):.1f}" y2="{py(y):.1f}" stroke="#bbb" '
                'stroke-width="1" stroke-dasharray="1,3"/>')
            add(f'<text x="{left + pw - 2}" y="{py(y) - 3:.1f}" text-anchor="end" fill="#999" '
                f'font-size="10">bucket le={y:g} ms</text>')
    # Axes and ticks.
    add(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{top + ph}" stroke="black"/>')
    add(f'<line x1="{left}" x2="{left + pw}" y1="{top + ph}" y2="{top + ph}" stroke="black"/>')
    for i in range(6):
        y = y_max * i / 5
        add(f'<line x1="{left - 4}" x2="{left}" y1="{py(y):.1f}" y2="{py(y):.1f}" stroke="black"/>')
        add(f'<text x="{left - 7}" y="{py(y) + 4:.1f}" text-anchor="end">{y:g}</text>')
    step = 10 if x_max - x_min > 30 else 5
    x = math.ceil(x_min / step) * step
    while x <= x_max:
        add(f'<line x1="{px(x):.1f}" x2="{px(x):.1f}" y1="{top + ph}" y2="{top + ph + 4}" stroke="black"/>')
        add(f'<text x="{px(x):.1f}" y="{top + ph + 18}" text-anchor="middle">{x:g}</text>')
        x += step
    add(f'<text x="{left + pw / 2:.1f}" y="{h - 14}" text-anchor="middle">seconds since the load started</text>')
    add(f'<text x="16" y="{top + ph / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 16 {top + ph / 2:.1f})">p99, ms</text>')
    # wrk's own p99.
    add(f'<line x1="{px(0):.1f}" x2="{px(args.load[1] - t0):.1f}" y1="{py(args.wrk_p99_ms):.1f}" '
        f'y2="{py(args.wrk_p99_ms):.1f}" stroke="#d93025" stroke-width="2" stroke-dasharray="6,4"/>')
    # Prometheus's recorded p99: one polyline per run of consecutive samples.
    runs, run = [], []
    for (x, y), prev in zip(zip(xs, ys), [None] + xs[:-1]):
        if prev is not None and x - prev > 1.5:
            runs.append(run)
            run = []
        run.append((x, y))
    runs.append(run)
    for r in runs:
        pts = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in r)
        add(f'<polyline points="{pts}" fill="none" stroke="#1a73e8" stroke-width="2"/>')
    # Legend.
    lx, ly = left + 12, top + 34
    add(f'<line x1="{lx}" x2="{lx + 24}" y1="{ly}" y2="{ly}" stroke="#1a73e8" stroke-width="2"/>')
    add(f'<text x="{lx + 30}" y="{ly + 4}">Prometheus: job_method_route:sonar_http_request_duration_seconds:'
        'p99_rate1m</text>')
    add(f'<line x1="{lx}" x2="{lx + 24}" y1="{ly + 18}" y2="{ly + 18}" stroke="#d93025" stroke-width="2" '
        'stroke-dasharray="6,4"/>')
    add(f'<text x="{lx + 30}" y="{ly + 22}">wrk\'s own p99 over the load: {args.wrk_p99_ms:g} ms</text>')
    add("</svg>")
    with open(args.out, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
