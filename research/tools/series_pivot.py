#!/usr/bin/env python3
"""Pivots the tables `sonar simulate series` (and `series-merge`) print into one row per shooter
and one column per hider: the first hider's mean, then each other hider's paired difference with
its interval. Usage: python3 tools/series_pivot.py TABLE.md... [--hiders h1,h2,...]"""
import re
import sys


def rows(paths):
    for path in paths:
        for line in open(path):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) == 6 and cells[0].startswith("`") and cells[1].startswith("`"):
                yield cells[0].strip("`"), cells[1].strip("`"), cells[4], cells[5]


def main():
    args = sys.argv[1:]
    hiders = None
    if "--hiders" in args:
        i = args.index("--hiders")
        hiders = args[i + 1].split(",")
        del args[i : i + 2]
    table, shooters, seen = {}, [], []
    for shooter, hider, mean, paired in rows(args):
        table[(shooter, hider)] = (mean, paired)
        if shooter not in shooters:
            shooters.append(shooter)
        if hider not in seen:
            seen.append(hider)
    hiders = hiders or seen
    first = hiders[0]
    print("| shooter | `%s` | %s |" % (first, " | ".join("`%s`" % h for h in hiders[1:])))
    print("| --- | ---: |%s" % (" --- |" * (len(hiders) - 1)))
    for s in shooters:
        cells = [table.get((s, first), ("", ""))[0]]
        for h in hiders[1:]:
            paired = table.get((s, h), ("", "–"))[1] or "–"
            cells.append(re.sub(r"-(\d)", r"−\1", paired))
        print("| `%s` | %s |" % (s, " | ".join(cells)))


if __name__ == "__main__":
    main()
