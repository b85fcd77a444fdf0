#!/bin/sh
# dunst's context menu ("dmenu") for the desktop sink's end-to-end test: dunst writes one line per action on
# stdin; this picks the first line containing the text in pick.txt next to the script, as a user would.
grep -m1 -F "$(cat "$(dirname "$0")/pick.txt")"
