#!/bin/sh
# Builds the DeepLinkRouter libFuzzer target and runs it.
#   Fuzz/run.sh [runs]      (default 2000000; extra libFuzzer flags may follow, e.g. -max_total_time=60)
# The binary and the growing corpus go to .build/fuzz/ (the seed corpus in Fuzz/DeepLinkRouterFuzz/corpus is
# copied there first and is never modified). Exit status is libFuzzer's: 0 when nothing crashed.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-2000000}
[ $# -gt 0 ] && shift
out="$root/.build/fuzz"
mkdir -p "$out/corpus"
cp "$root"/Fuzz/DeepLinkRouterFuzz/corpus/* "$out/corpus/"
# The apps' route tables live in their app modules; compiled here into one module with the core's router, so
# their import of the core goes.
mkdir -p "$out/tables"
for app in GrowBro GoNow Hydracat Shadow; do
    sed '/^public import WaveNotifications$/d' "$root/Sources/${app}Notifications/Links/DeepLinkRouter+$app.swift" \
        > "$out/tables/DeepLinkRouter+$app.swift"
done
swiftc -sanitize=fuzzer,address -parse-as-library -O -swift-version 6 -module-name DeepLinkRouterFuzz \
    "$root"/Sources/WaveNotifications/Links/*.swift \
    "$out"/tables/*.swift \
    "$root"/Tests/GrowBroNotificationsTests/Support/GrowBroAllowlist.swift \
    "$root"/Fuzz/DeepLinkRouterFuzz/DeepLinkRouterFuzz.swift \
    -o "$out/DeepLinkRouterFuzz"
cd "$out"
exec ./DeepLinkRouterFuzz -runs="$runs" -max_len=256 -dict="$root/Fuzz/DeepLinkRouterFuzz/links.dict" "$@" corpus
