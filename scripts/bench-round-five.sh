#!/usr/bin/env bash
# Round five's table in BENCHMARKS.md: the cases behind each performance goal, run by two wavebench binaries
# (before and after) alternately, case by case, in three rounds; each run a child process of its own
# (`wavebench --case NAME --size N`). One JSON line per run on standard output:
#   {"side":"before"|"after","round":R,"result":{...wavebench's result...}}
# Usage: scripts/bench-round-five.sh BEFORE_WAVEBENCH AFTER_WAVEBENCH [ROUNDS]
set -euo pipefail
before=$1
after=$2
rounds=${3:-3}
# The replay case's input: the generator's 100k-event scenario, written by the after binary.
scenario=$(mktemp --suffix=.json)
trap 'rm -f "$scenario"' EXIT
"$after" --write-scenario 100000 "$scenario"
cases=(
    "idle 0" "queue-plan 100000" "queue-ours 100000" "queue-ours-batch 100000" "queue-task 100000"
    "sync-linux 10000" "delivery-ours 100000" "delivery-contended 7000" "replay 100000" "replay-shadow-year 365" "replay-gonow-year 365"
)
for round in $(seq 1 "$rounds"); do
    for spec in "${cases[@]}"; do
        set -- $spec
        for side in before after; do
            if [ "$side" = before ]; then bench=$before; else bench=$after; fi
            input=()
            [ "$1" = replay ] && input=(--input "$scenario")
            result=$("$bench" --case "$1" --size "$2" "${input[@]}" 2>/dev/null | tail -1) || result='{"failure":"exit status"}'
            echo "{\"side\":\"$side\",\"round\":$round,\"result\":$result}"
        done
    done
done
