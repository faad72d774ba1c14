#!/bin/bash
# The board-size measurements of issue 36, as shards that outlive a session: `tools/board_sizes.sh
# [DIR]` (after `cargo build --release`) plays `bayes` against `weighted-density` on the same
# hidden fleets (seed 36) on 12x12, 15x15 and 20x20 with the classic fleet (2,000 games each) and
# 26x26 with two ten-ship fleets (1,000 games each): the 5,5,4,4,3,3,3,2,2,1 (files
# `26x26-K`) and the docs' 5,4,4,3,3,3,2,2,2,2 (files `26x26b-K`, the fleet of the issue's figures).
# Each is split into shards of one thread, two at a time.
# A shard whose file exists is skipped, so the script resumes where it stopped; merge each size's
# shards with `sonar simulate merge DIR/20x20-*.jsonl`. Once every shard is there the script writes
# DIR/board_sizes.jsonl, every size's merged JSON lines (committed as data/board_sizes.jsonl).
S=${SONAR:-target/release/sonar}
OUT=${1:-board-runs}; mkdir -p "$OUT"
jobs() {
  for k in 0 1 2 3; do echo "12x12 5,4,3,3,2 2000 $k/4"; done
  for k in 0 1 2 3; do echo "15x15 5,4,3,3,2 2000 $k/4"; done
  for k in 0 1 2 3 4 5 6 7; do echo "20x20 5,4,3,3,2 2000 $k/8"; done
  for k in 0 1 2 3 4 5 6 7; do echo "26x26 5,5,4,4,3,3,3,2,2,1 1000 $k/8"; done
  for k in 0 1 2 3 4 5 6 7; do echo "26x26 5,4,4,3,3,3,2,2,2,2 1000 $k/8 b"; done
}
one() { # size ships games shard [file suffix]
  local file="$OUT/$1$5-${4%/*}.jsonl"
  [ -s "$file" ] && return
  $S simulate --algorithm bayes,weighted-density --size "$1" --ships "$2" --games "$3" --seed 36 \
    --threads 1 --shard "$4" > "$file.part" && mv "$file.part" "$file"
}
export -f one; export S OUT
jobs | xargs -P 2 -L 1 bash -c 'one "$@"' _
for s in 12x12 15x15 20x20 26x26 26x26b; do $S simulate merge --json "$OUT/$s"-*.jsonl || exit 1; done > "$OUT/board_sizes.jsonl"
