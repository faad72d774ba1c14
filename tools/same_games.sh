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

# name, then the arguments of `sonar simulate`: every algorithm at the default budget, `bayes`
# planning ahead at 100 ms, then the other rules, announcements, levels, a learned opponent and the
# repeated game, each small.
runs=(
    "all-300-seed1|--algorithm all --games 300 --seed 1"
    "bayes100-40-seed1|--algorithm bayes@100 --games 40 --seed 1"
    "salvo3|--algorithm all --games 100 --seed 1 --salvo 3"
    "notouch|--algorithm all --games 100 --seed 1 --no-touch --ships 4,3,3,2,2,2,1,1,1,1"
    "announce-sunk|--algorithm bayes,weighted-density,density --games 100 --seed 1 --announce sunk"
    "announce-hit|--algorithm bayes,weighted-density,density --games 100 --seed 1 --announce hit"
    "announce-none|--algorithm bayes,weighted-density,density --games 100 --seed 1 --announce none"
    "levels|--algorithm bayes,density --levels 1,4,7,9 --games 100 --seed 1"
    "levels-salvo3|--algorithm bayes,density,random --levels 2,6 --salvo 3 --games 100 --seed 1"
    "learn|--algorithm bayes,weighted-density --placement edge:1 --learn 20 --games 100 --seed 1"
    "series|series --algorithm bayes,weighted-density --learn 10 --hiders uniform,hard,adaptive --series 4 --length 20 --warmup 5 --seed 1"
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
        diff "$expected" "$out/$name.csv" | head -n 10 >&2 || true
        status=1
    fi
done
exit $status
