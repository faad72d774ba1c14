#!/bin/bash
# The learning measurements of docs/opponent.md: `tools/learning_runs.sh [DIR]` (after
# `cargo build --release`) writes one CSV (a row per game) and one table per run into DIR, then
# `python3 tools/learning_table.py DIR` prints the tables. Every run has seed 11, so runs of one
# placement hide the same fleets and pair game by game. Takes about three hours on 2 cores
# (the eleven 10,000-game runs of the targets first, about two of them).
# `ONLY="parallel-0 parallel-20"` runs those alone (the issue-35 rows below, about an hour:
# ONLY="parallel-0 parallel-20 parallel-oracle across0.8-0 across0.8-20 across0.8-oracle uniform-0
# uniform-20 hard-0 hard-20 edge1-0 edge1-20 apart-0 apart-20").
S=${SONAR:-target/release/sonar}
OUT=${1:-learning-runs}; mkdir -p "$OUT"
run() { # name games placement extra...
  local name=$1 games=$2 placement=$3; shift 3
  [ -s "$OUT/$name.csv" ] && return
  [ -n "$ONLY" ] && [[ " $ONLY " != *" $name "* ]] && return
  $S simulate --algorithm bayes,weighted-density --games $games --seed 11 --placement $placement "$@" --csv "$OUT/$name.csv" > "$OUT/$name.txt" 2>&1
  echo "$(date +%T) $name done" >> "$OUT/progress.log"
}
# The targets' rows first, 10,000 games each; then the rest of the table.
for p in parallel across:0.8; do
  n=${p/:/}
  run $n-0 10000 $p
  run $n-20 10000 $p --learn 20
  run $n-oracle 10000 $p --oracle
done
run hard-0 10000 hard:64
run hard-20 10000 hard:64 --learn 20
for p in edge:1 edge:-1 apart; do
  n=${p/:/}
  run $n-0 10000 $p
  run $n-20 10000 $p --learn 20
  run $n-oracle 10000 $p --oracle
done
run uniform-0 10000 uniform
run uniform-20 10000 uniform --learn 20
run hard-5 2000 hard:64 --learn 5
run uniform-5 2000 uniform --learn 5
for p in edge:1 edge:-1 apart parallel across:0.8; do
  n=${p/:/}
  run $n-5 2000 $p --learn 5
done
run hard-100 1000 hard:64 --learn 100
run edge1-100 1000 edge:1 --learn 100
run uniform-100 1000 uniform --learn 100
run parallel-100 1000 parallel --learn 100
run edge-1-100 1000 edge:-1 --learn 100
run apart-100 1000 apart --learn 100
run across0.8-100 1000 across:0.8 --learn 100
echo "$(date +%T) all done" >> "$OUT/progress.log"
