#!/bin/sh
# Run by dunst for every notification it shows: appends one record of what the server received, fields
# separated by US (0x1F) and records by RS (0x1E), so text with newlines survives.
printf '%s\037%s\037%s\037%s\037%s\036' "$DUNST_ID" "$DUNST_APP_NAME" "$DUNST_SUMMARY" "$DUNST_BODY" \
    "$DUNST_URGENCY" >>"$(dirname "$0")/received.txt"
