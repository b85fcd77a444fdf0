#!/usr/bin/env bash
# Builds main.swift with ThreadSanitizer and runs it: the count is right, and TSan still reports a race inside
# Mutex.withLock (exit status 66), the false report that made the package lock with WaveLock instead.
set -uo pipefail
cd "$(dirname "$0")"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
swiftc -swift-version 6 -sanitize=thread -g main.swift -o "$out/tsan-mutex-repro" || exit 1
"$out/tsan-mutex-repro"
status=$?
echo "exit status: $status"
exit "$status"
