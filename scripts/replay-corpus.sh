#!/usr/bin/env bash
# Replays every example and fixture scenario with several flag sets through one wavesim binary and keeps
# each run's standard output, standard error and exit status in a folder, so that two binaries can be
# compared byte for byte: `diff -r OUT_A OUT_B` (or cmp file by file).
#
# Usage: scripts/replay-corpus.sh WAVESIM_BINARY OUTPUT_FOLDER
set -uo pipefail
bin=$1
out=$2
cd "$(dirname "$0")/.."
mkdir -p "$out"
flagsets=(
    "default|"
    "json|--format json"
    "linux|--platform linux"
    "android|--platform android"
    "iosjson|--platform ios --format json"
    "androidjson|--platform android --format json"
    "linuxjson|--platform linux --format json"
    "fr|--lang fr"
    "de-json|--lang de --format json"
)
for file in Examples/*.json Tests/WaveSimTests/Fixtures/Apps/*.json Tests/WaveSimTests/Fixtures/Scenarios/*.json; do
    # A fleet file is not a scenario (`wavesim fleet` reads it); FleetEquivalenceTests replays its users' scenarios.
    case "$file" in Examples/fleet-*.json) continue ;; esac
    name=$(echo "$file" | tr '/' '_')
    for entry in "${flagsets[@]}"; do
        tag=${entry%%|*}
        flags=${entry#*|}
        # shellcheck disable=SC2086
        NO_COLOR=1 "$bin" replay "$file" $flags >"$out/$name.$tag.out" 2>"$out/$name.$tag.err"
        echo $? >"$out/$name.$tag.status"
    done
done
echo "$(ls "$out" | grep -c '\.status$') runs in $out"
