#!/usr/bin/env python3
"""Decodes a PNG (8-bit RGB or RGBA, not interlaced, as headless Chromium writes its screenshots) with zlib and
prints its size, how many distinct colours it has and the standard deviation of its pixels' luminance, as JSON:
a blank screenshot has one colour and a deviation of 0.

Usage: scripts/png-stats.py FILE.png
"""
import json
import struct
import sys
import zlib


def read_png(path):
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG file")
    offset = 8
    header = None
    compressed = bytearray()
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        if zlib.crc32(kind + body) != struct.unpack(">I", data[offset + 8 + length : offset + 12 + length])[0]:
            raise ValueError(f"{path}: bad CRC in a {kind.decode('latin-1')} chunk")
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed += body
        elif kind == b"IEND":
            break
        offset += 12 + length
    if header is None:
        raise ValueError(f"{path}: no IHDR chunk")
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace != 0:
        raise ValueError(f"{path}: only 8-bit RGB or RGBA without interlacing is read (got {header})")
    channels = 3 if colour_type == 2 else 4
    raw = zlib.decompress(bytes(compressed))
    stride = width * channels
    rows = []
    previous = bytearray(stride)
    position = 0
    for _ in range(height):
        method = raw[position]
        line = bytearray(raw[position + 1 : position + 1 + stride])
        position += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            upper_left = previous[i - channels] if i >= channels else 0
            if method == 1:
                line[i] = (line[i] + left) & 0xFF
            elif method == 2:
                line[i] = (line[i] + up) & 0xFF
            elif method == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif method == 4:
                estimate = left + up - upper_left
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - upper_left)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else upper_left)
                line[i] = (line[i] + predictor) & 0xFF
            elif method != 0:
                raise ValueError(f"{path}: unknown row filter {method}")
        rows.append(line)
        previous = line
    return width, height, channels, rows


def main():
    width, height, channels, rows = read_png(sys.argv[1])
    colours = set()
    total = 0.0
    squares = 0.0
    for line in rows:
        for i in range(0, len(line), channels):
            red, green, blue = line[i], line[i + 1], line[i + 2]
            colours.add((red, green, blue))
            luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
            total += luminance
            squares += luminance * luminance
    count = width * height
    mean = total / count
    deviation = max(0.0, squares / count - mean * mean) ** 0.5
    print(json.dumps({"width": width, "height": height, "colours": len(colours), "deviation": round(deviation, 3)}))


if __name__ == "__main__":
    main()
