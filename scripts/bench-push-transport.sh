#!/usr/bin/env bash
# The push transport's figures in BENCHMARKS.md ("Push transport"): the five cases alternated in three rounds, each
# run a child process of wavebench, one JSON line per run on standard output.
# Usage: scripts/bench-push-transport.sh [WAVEBENCH]   (default: .build/release/wavebench)
set -euo pipefail
bench=${1:-.build/release/wavebench}
for round in 1 2 3; do
    for spec in "push-standin-ceiling 10000" "push-dispatch-http 10000" "push-dispatch-batched 10000" \
        "push-dispatch-http-20ms 10000" "push-dispatch-http-20ms-serial 300"; do
        set -- $spec
        echo "{\"round\":$round,\"result\":$("$bench" --case "$1" --size "$2" | tail -1)}"
    done
done
