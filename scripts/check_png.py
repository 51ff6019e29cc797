#!/usr/bin/env python3
"""Check PNG files independently of the Swift decoder, or write reference PNGs.

Only the standard library is used (zlib, struct, binascii, hashlib), so the checks are a
second opinion from a separate zlib and a separate filter implementation.

  check_png.py FILE.png [--expect-rgba RAW]
      Verifies the signature, every chunk's CRC, IHDR, the zlib stream and the row filters,
      then prints "WIDTH HEIGHT SHA256", the hash being of the RGBA8 pixels (straight alpha,
      top row first). With --expect-rgba the pixels must also equal the bytes in RAW.

  check_png.py --write-reference FILE.png --color-type T --bit-depth D --rgba-out RAW
      Writes a deterministic 37x23 PNG of that colour type and bit depth with Python's zlib,
      using all five filters, several IDAT chunks and PLTE/tRNS where they apply, and writes
      the RGBA8 pixels it must decode to into RAW.

Exits with status 1 and a message on standard error when anything is wrong.
"""

import argparse
import binascii
import hashlib
import random
import struct
import sys
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}


class PNGError(Exception):
    pass


def read_chunks(data):
    if data[:8] != SIGNATURE:
        raise PNGError("bad signature")
    chunks = []
    pos = 8
    while True:
        if pos + 12 > len(data):
            raise PNGError("truncated chunk header at byte %d" % pos)
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        end = pos + 12 + length
        if end > len(data):
            raise PNGError("chunk %r at byte %d runs past the end" % (kind, pos))
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[end - 4:end])
        if binascii.crc32(kind + body) & 0xFFFFFFFF != crc:
            raise PNGError("CRC mismatch in chunk %r" % kind)
        chunks.append((kind, body))
        pos = end
        if kind == b"IEND":
            break
    if pos != len(data):
        raise PNGError("%d bytes after IEND" % (len(data) - pos))
    return chunks


def scale(value, depth):
    if depth == 8:
        return value
    if depth == 16:
        return (value * 255 + 32767) // 65535
    return value * 255 // ((1 << depth) - 1)


def samples_of_row(row, count, depth):
    if depth == 8:
        return list(row[:count])
    if depth == 16:
        return [row[2 * i] << 8 | row[2 * i + 1] for i in range(count)]
    mask = (1 << depth) - 1
    out = []
    for i in range(count):
        bit = i * depth
        out.append(row[bit >> 3] >> (8 - depth - (bit & 7)) & mask)
    return out


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def decode(data):
    chunks = read_chunks(data)
    if not chunks or chunks[0][0] != b"IHDR" or len(chunks[0][1]) != 13:
        raise PNGError("first chunk is not a 13-byte IHDR")
    width, height, depth, ctype, comp, filt, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    if width == 0 or height == 0:
        raise PNGError("zero dimension")
    if ctype not in CHANNELS or depth not in DEPTHS[ctype]:
        raise PNGError("bad colour type %d / bit depth %d" % (ctype, depth))
    if comp != 0 or filt != 0 or interlace != 0:
        raise PNGError("unexpected compression, filter or interlace method")
    palette = None
    trns = None
    idat = b""
    for kind, body in chunks[1:]:
        if kind == b"PLTE":
            palette = body
        elif kind == b"tRNS":
            trns = body
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IHDR":
            raise PNGError("second IHDR")
    channels = CHANNELS[ctype]
    bpp = max(1, channels * depth // 8)
    stride = (width * channels * depth + 7) // 8
    raw = zlib.decompress(idat)  # also verifies the zlib header and Adler-32
    if len(raw) != height * (stride + 1):
        raise PNGError("image data is %d bytes, expected %d" % (len(raw), height * (stride + 1)))
    rows = []
    prior = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = row[i - bpp] if i >= bpp else 0
            b = prior[i]
            c = prior[i - bpp] if i >= bpp else 0
            if kind == 0:
                pred = 0
            elif kind == 1:
                pred = a
            elif kind == 2:
                pred = b
            elif kind == 3:
                pred = (a + b) // 2
            elif kind == 4:
                pred = paeth(a, b, c)
            else:
                raise PNGError("row %d has filter type %d" % (y, kind))
            row[i] = (row[i] + pred) & 0xFF
        rows.append(row)
        prior = row
    rgba = bytearray()
    for row in rows:
        samples = samples_of_row(row, width * channels, depth)
        for x in range(width):
            s = samples[x * channels:(x + 1) * channels]
            if ctype == 0:
                g = scale(s[0], depth)
                key = struct.unpack(">H", trns)[0] if trns else None
                rgba += bytes((g, g, g, 0 if s[0] == key else 255))
            elif ctype == 2:
                key = struct.unpack(">HHH", trns) if trns else None
                alpha = 0 if tuple(s) == key else 255
                rgba += bytes([scale(v, depth) for v in s] + [alpha])
            elif ctype == 3:
                if palette is None or s[0] >= len(palette) // 3:
                    raise PNGError("palette index %d out of range" % s[0])
                i = s[0]
                alpha = trns[i] if trns and i < len(trns) else 255
                rgba += palette[3 * i:3 * i + 3] + bytes((alpha,))
            elif ctype == 4:
                g = scale(s[0], depth)
                rgba += bytes((g, g, g, scale(s[1], depth)))
            else:
                rgba += bytes(scale(v, depth) for v in s)
    return width, height, bytes(rgba)


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(
        ">I", binascii.crc32(kind + body) & 0xFFFFFFFF)


def write_reference(path, ctype, depth, rgba_out):
    if ctype not in CHANNELS or depth not in DEPTHS[ctype]:
        raise PNGError("invalid colour type %d / bit depth %d" % (ctype, depth))
    width, height = 37, 23
    rng = random.Random(ctype * 100 + depth)
    channels = CHANNELS[ctype]
    top = (1 << depth) - 1
    palette_size = min(1 << depth, 200) if ctype == 3 else 0
    # Left half noise, right half gradients, so that every filter sees both kinds of data.
    samples = []
    for y in range(height):
        row = []
        for x in range(width):
            for c in range(channels):
                limit = palette_size - 1 if ctype == 3 else top
                if x < width // 2:
                    row.append(rng.randint(0, limit))
                else:
                    row.append((x * 7 + y * 5 + c * 60) * limit // (width * 7 + height * 5 + 180))
        samples.append(row)

    extra = b""
    expected = bytearray()
    if ctype == 3:
        palette = bytes(rng.randint(0, 255) for _ in range(3 * palette_size))
        alphas = bytes(rng.randint(0, 255) for _ in range(palette_size // 2))
        extra = chunk(b"PLTE", palette) + chunk(b"tRNS", alphas)
    elif ctype in (0, 2):
        key = samples[0][:channels]
        extra = chunk(b"tRNS", struct.pack(">" + "H" * channels, *key))
    for row in samples:
        for x in range(width):
            s = row[x * channels:(x + 1) * channels]
            if ctype == 3:
                alpha = alphas[s[0]] if s[0] < len(alphas) else 255
                expected += palette[3 * s[0]:3 * s[0] + 3] + bytes((alpha,))
            elif ctype == 0:
                g = scale(s[0], depth)
                expected += bytes((g, g, g, 0 if s == key else 255))
            elif ctype == 2:
                expected += bytes([scale(v, depth) for v in s] + [0 if s == key else 255])
            elif ctype == 4:
                g = scale(s[0], depth)
                expected += bytes((g, g, g, scale(s[1], depth)))
            else:
                expected += bytes(scale(v, depth) for v in s)

    bpp = max(1, channels * depth // 8)
    raw = bytearray()
    prior = None
    for y, row in enumerate(samples):
        packed = bytearray()
        if depth == 16:
            for v in row:
                packed += struct.pack(">H", v)
        elif depth == 8:
            packed = bytearray(row)
        else:
            packed = bytearray((len(row) * depth + 7) // 8)
            for i, v in enumerate(row):
                bit = i * depth
                packed[bit >> 3] |= v << (8 - depth - (bit & 7))
        up = prior if prior is not None else bytearray(len(packed))
        kind = y % 5
        filtered = bytearray(len(packed))
        for i in range(len(packed)):
            a = packed[i - bpp] if i >= bpp else 0
            b = up[i]
            c = up[i - bpp] if i >= bpp else 0
            pred = (0, a, b, (a + b) // 2, paeth(a, b, c))[kind]
            filtered[i] = (packed[i] - pred) & 0xFF
        raw += bytes((kind,)) + filtered
        prior = packed

    compressed = zlib.compress(bytes(raw), 9)
    third = len(compressed) // 3 + 1
    idats = b"".join(
        chunk(b"IDAT", compressed[i:i + third]) for i in range(0, len(compressed), third))
    header = struct.pack(">IIBBBBB", width, height, depth, ctype, 0, 0, 0)
    png = SIGNATURE + chunk(b"IHDR", header) + extra + idats + chunk(b"IEND", b"")
    # The writer and the checker must agree before the file is handed to anyone else.
    if decode(png) != (width, height, bytes(expected)):
        raise PNGError("internal error: reference PNG does not decode to its own pixels")
    with open(path, "wb") as f:
        f.write(png)
    with open(rgba_out, "wb") as f:
        f.write(expected)
    return width, height, bytes(expected)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("png")
    parser.add_argument("--expect-rgba")
    parser.add_argument("--write-reference", action="store_true")
    parser.add_argument("--color-type", type=int, default=6)
    parser.add_argument("--bit-depth", type=int, default=8)
    parser.add_argument("--rgba-out")
    args = parser.parse_args()
    try:
        if args.write_reference:
            if not args.rgba_out:
                raise PNGError("--write-reference needs --rgba-out")
            width, height, rgba = write_reference(
                args.png, args.color_type, args.bit_depth, args.rgba_out)
        else:
            with open(args.png, "rb") as f:
                width, height, rgba = decode(f.read())
            if args.expect_rgba:
                with open(args.expect_rgba, "rb") as f:
                    if f.read() != rgba:
                        raise PNGError("pixels differ from " + args.expect_rgba)
    except (PNGError, zlib.error, OSError, struct.error) as error:
        print("check_png.py: %s: %s" % (args.png, error), file=sys.stderr)
        return 1
    print(width, height, hashlib.sha256(rgba).hexdigest())
    return 0


if __name__ == "__main__":
    sys.exit(main())
