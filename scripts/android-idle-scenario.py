#!/usr/bin/env python3
"""Writes the 100k-style WorldWideWaves scenario (wavebench's `replay` generator: N favorite events, one every
17 seconds from two hours after `now`, 6 notifications each) with an Android idle window, for measuring the
Android phone model's Doze path and comparing two wavesim binaries byte for byte.

Usage: scripts/android-idle-scenario.py EVENTS [--plain] > scenario.json
  --plain   the same events without the `device` key and zone (no device conditions).

The zone is Europe/Paris and the idle window 01:00-09:00 local: the events start at 04:00 local, so the first
five hours of them fall in deep Doze (its 360-minute idle periods hold thousands of requests at once).
Replay with `wavesim replay scenario.json --format json --platform android`.
"""
import sys
from datetime import datetime, timedelta, timezone


def main() -> None:
    args = sys.argv[1:]
    plain = "--plain" in args
    counts = [a for a in args if a != "--plain"]
    if len(counts) != 1 or not counts[0].isdigit():
        sys.exit(__doc__)
    count = int(counts[0])
    now = datetime(2026, 6, 21, tzinfo=timezone.utc)

    def stamp(moment: datetime) -> str:
        return moment.strftime("%Y-%m-%dT%H:%M:%SZ")

    out = sys.stdout
    out.write('{"now":"%s",' % stamp(now))
    if not plain:
        out.write('"timeZone":"Europe/Paris","device":{"idle":[{"from":"01:00","to":"09:00"}]},')
    out.write('"events":[')
    for number in range(count):
        start = now + timedelta(seconds=7200 + number * 17)
        end = start + timedelta(seconds=600)
        if number:
            out.write(",")
        out.write(
            '{"id":"ev-%07d","name":"Wave %d","location":"City %d","start":"%s","end":"%s","favorite":true}'
            % (number, number, number % 1000, stamp(start), stamp(end))
        )
    out.write("]}\n")


if __name__ == "__main__":
    main()
