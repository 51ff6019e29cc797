#!/usr/bin/env python3
"""Compare two PNG pictures of the same frame, e.g. the SDL window and the headless render.

  compare_images.py A.png B.png [--max-mean 2.0] [--max-share 0.05] [--tolerance 8]
                    [--ignore X,Y,W,H ...]

Prints the mean absolute difference per channel (RGB, 0-255) and the share of pixels whose
largest channel difference exceeds the tolerance; exits with status 1 when either is over its
bound or the sizes differ. --ignore leaves a rectangle of pixels out (the window's minimap and
status lines, which a headless render has not); give it once for each rectangle. Standard library only (decoding comes from check_png.py).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_png import decode  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--max-mean", type=float, default=2.0)
    parser.add_argument("--max-share", type=float, default=0.05)
    parser.add_argument("--tolerance", type=int, default=8)
    parser.add_argument("--ignore", action="append", default=[],
                        help="x,y,width,height of pixels left out (repeatable)")
    arguments = parser.parse_args()
    rectangles = []
    for text in arguments.ignore:
        try:
            rectangle = tuple(int(part) for part in text.split(","))
        except ValueError:
            rectangle = ()
        if len(rectangle) != 4 or min(rectangle) < 0:
            print(f"error: --ignore {text!r}: expected x,y,width,height in pixels",
                  file=sys.stderr)
            return 2
        rectangles.append(rectangle)
    images = []
    for path in (arguments.first, arguments.second):
        with open(path, "rb") as handle:
            images.append(decode(handle.read()))
    (w1, h1, a), (w2, h2, b) = images
    if (w1, h1) != (w2, h2):
        print(f"error: sizes differ: {w1}x{h1} and {w2}x{h2}", file=sys.stderr)
        return 1
    total = 0
    differing = 0
    compared = 0
    for index in range(0, len(a), 4):
        x, y = (index // 4) % w1, (index // 4) // w1
        if any(left <= x < left + width and top <= y < top + height
               for left, top, width, height in rectangles):
            continue
        compared += 1
        largest = 0
        for channel in range(3):
            difference = abs(a[index + channel] - b[index + channel])
            total += difference
            largest = max(largest, difference)
        if largest > arguments.tolerance:
            differing += 1
    pixels = max(compared, 1)
    mean = total / (pixels * 3)
    share = differing / pixels
    print(f"{w1}x{h1} ({compared} pixels compared): mean absolute difference {mean:.3f} per channel, "
          f"{share * 100:.2f}% of pixels differ by more than {arguments.tolerance}")
    if mean > arguments.max_mean or share > arguments.max_share:
        print(f"error: over the bounds (mean {arguments.max_mean}, share "
              f"{arguments.max_share * 100:.2f}%)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
