#!/usr/bin/env bash
# Builds the package and its tests with ThreadSanitizer in their own scratch path (.build-tsan, so the normal build
# stays as it is) and runs the whole suite, child processes included (wavesim, wavepush and the probes the tests
# start are built with ThreadSanitizer too). Fails on a failing test and on any ThreadSanitizer report.
#
# Every process writes its reports to a file of .build-tsan/reports/ (TSAN_OPTIONS log_path): a report of a child
# whose standard error a test reads, or of a child a test kills, is found there all the same; the reports are
# printed at the end. A test process with a report also exits 66 at its end (ThreadSanitizer's exit code).
#
# Usage: scripts/tsan-test.sh [arguments for swift test, e.g. --filter LinuxNotificationManagerStressTests]
set -uo pipefail
cd "$(dirname "$0")/.."
scratch=.build-tsan
reports="$PWD/$scratch/reports"

seconds() { date +%s; }

start=$(seconds)
echo "tsan: swift build --build-tests --sanitize=thread --scratch-path $scratch"
swift build --build-tests --sanitize=thread --scratch-path "$scratch" -Xswiftc -warnings-as-errors || exit 1
built=$(seconds)
echo "tsan: build took $((built - start)) s"

rm -rf "$reports"
mkdir -p "$reports"
# halt_on_error=0: report every race, not the first only. history_size=4: longer memory of earlier accesses, so
# the "previous access" of a report is found more often (costs memory, not time).
export TSAN_OPTIONS="log_path=$reports/report halt_on_error=0 history_size=4 ${TSAN_OPTIONS:-}"
echo "tsan: swift test --sanitize=thread (TSAN_OPTIONS=$TSAN_OPTIONS)"
swift test --skip-build --sanitize=thread --scratch-path "$scratch" "$@"
status=$?
echo "tsan: tests took $(($(seconds) - built)) s (exit status $status)"

shopt -s nullglob
files=("$reports"/report*)
if [ ${#files[@]} -gt 0 ]; then
    for file in "${files[@]}"; do
        echo "tsan: ----- $file"
        cat "$file"
    done
    count=$(cat "${files[@]}" | grep -c '^WARNING: ThreadSanitizer:')
    echo "tsan: FAILED: $count ThreadSanitizer report(s) in ${#files[@]} process(es), above"
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "tsan: FAILED: swift test exited $status"
    exit "$status"
fi
echo "tsan: no ThreadSanitizer report"
