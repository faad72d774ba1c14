#!/usr/bin/env bash
# The same games, shot for shot: the simulator's per-game records of two fixed runs compared with
# the committed ones in data/same-games/. A change meant to keep behaviour (a refactoring) leaves
# them equal; a change meant to alter play rewrites them with --bless and says why in its commit.
#
#   tools/same_games.sh            # compare (builds the release binary first)
#   tools/same_games.sh --bless    # rewrite the committed records from this build
set -euo pipefail
cd "$(dirname "$0")/.."

bless=false
[ "${1:-}" = "--bless" ] && bless=true

cargo build --release --locked --quiet --bin sonar
sonar=target/release/sonar
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# name, then the simulator's arguments: every algorithm at the default budget, and bayes planning
# ahead at 100 ms.
runs=(
    "all-300-seed1|--algorithm all --games 300 --seed 1"
    "bayes100-40-seed1|--algorithm bayes@100 --games 40 --seed 1"
)
status=0
for run in "${runs[@]}"; do
    name=${run%%|*}
    read -r -a args <<< "${run#*|}"
    "$sonar" simulate "${args[@]}" --csv "$out/$name.csv" > /dev/null
    expected=data/same-games/$name.csv
    if $bless; then
        cp "$out/$name.csv" "$expected"
        echo "$expected: rewritten from sonar simulate ${args[*]}"
    elif cmp -s "$out/$name.csv" "$expected"; then
        echo "$expected: the same $(($(wc -l < "$expected") - 1)) games, shot for shot"
    else
        echo "$expected: sonar simulate ${args[*]} plays other games; the first differences:" >&2
        diff "$expected" "$out/$name.csv" | head -n 10 >&2
        status=1
    fi
done
exit $status
