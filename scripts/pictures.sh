#!/usr/bin/env bash
# Makes the pictures docs/ shows: for each example scenario its page (`wavesim replay --html`), for each example fleet
# its part (`--shard 0/1`) and the page `wavesim fleet merge --html` draws of it, a screenshot of each page's top in
# headless Chromium, and docs/pictures.md, which shows each picture next to the text it summarizes.
# DocsPicturesTests checks that the committed pages are the ones the commands make now.
#
# Usage: scripts/pictures.sh [WAVESIM_BINARY]   (default: a release build of wavesim; the fleets take minutes)
#        PICTURES_REUSE_PARTS=1 scripts/pictures.sh …   keeps the committed fleet parts (when only the pages changed)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-}
if [ -z "$bin" ]; then
    swift build -c release --product wavesim >/dev/null
    bin=.build/release/wavesim
fi
chromium=$(command -v chromium || command -v chromium-browser)
out=docs/pictures
mkdir -p "$out"
md=docs/pictures.md
screenshot() {
    # Its own profile, and no network: the page needs none.
    profile=$(mktemp -d)
    "$chromium" --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars --user-data-dir="$profile" \
        --host-resolver-rules='MAP * ~NOTFOUND' --window-size=1200,900 --screenshot="$2" "file://$PWD/$1" \
        >/dev/null 2>&1
    rm -rf "$profile"
    # Not blank: more than one colour.
    /usr/bin/python3 scripts/png-stats.py "$2" | grep -qv '"colours": 1,'
}
{
    echo "# Pictures of the examples"
    echo
    echo "Each example drawn by \`wavesim replay --html\` or \`wavesim fleet --html\` ([Pictures](scenario-format.md#pictures)),"
    echo "beside the text it summarizes. Made by \`scripts/pictures.sh\`; \`DocsPicturesTests\` checks that the pages are"
    echo "current. A picture shows a page's top; the page itself (linked) has every day, every chart and their numbers."
} >"$md"
for file in Examples/*.json; do
    name=$(basename "$file" .json)
    [ "$name" = growbro-server ] && continue
    case "$name" in
    fleet-*)
        if [ "${PICTURES_REUSE_PARTS:-}" != 1 ] || [ ! -s "$out/$name.part.json" ]; then
            "$bin" fleet "$file" --shard 0/1 --quiet >"$out/$name.part.json"
        fi
        text=$(NO_COLOR=1 "$bin" fleet merge "$out/$name.part.json" --html "$out/$name.html")
        command="wavesim fleet $file --html $name.html"
        ;;
    *)
        # The summary: the timeline's last block.
        text=$(NO_COLOR=1 "$bin" replay "$file" --html "$out/$name.html" 2>/dev/null | awk 'BEGIN{RS=""} {b=$0} END{print b}')
        command="wavesim replay $file --html $name.html"
        ;;
    esac
    screenshot "$out/$name.html" "$out/$name.png"
    {
        echo
        echo "## $name"
        echo
        echo "\`$command\` ([the page](pictures/$name.html))"
        echo
        echo "![The page of $file](pictures/$name.png)"
        echo
        echo '```'
        echo "$text"
        echo '```'
    } >>"$md"
    echo "pictures: $name"
done
