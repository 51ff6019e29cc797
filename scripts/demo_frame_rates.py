#!/usr/bin/env python3
"""Plays the demo's frame-rate cases with one or more `sandbox` builds, interleaved, and prints
a Markdown table of the median figures (frames per second, draw and present milliseconds per
frame, ticks per frame, p50/p95/p99 frame times).

Usage: scripts/demo_frame_rates.py [--runs N] [--renderer R] LABEL=PATH [LABEL=PATH ...]

Each case runs `sandbox demo --autoplay` for a fixed number of frames. Without DISPLAY the
demo runs under `xvfb-run` (with a screen large enough for the largest case). Runs of the
builds alternate, so a machine that speeds up or slows down mid-run affects them alike.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys

CASES = [
    ("battle 10,000, 1280x720", ["--scenario", "battle", "--entities", "10000"], "1280x720", 600),
    ("battle 50,000, 1280x720", ["--scenario", "battle", "--entities", "50000"], "1280x720", 600),
    ("battle 100,000, 1280x720", ["--scenario", "battle", "--entities", "100000"], "1280x720", 600),
    ("battle 300,000, 1280x720", ["--scenario", "battle", "--entities", "300000"], "1280x720", 300),
    ("battle 1,000,000, 1280x720", ["--scenario", "battle", "--entities", "1000000"], "1280x720",
     300),
    ("duel, 1280x720", [], "1280x720", 300),
    ("duel, 1920x1080", [], "1920x1080", 300),
    ("duel, 2560x1440", [], "2560x1440", 300),
]

RATE = re.compile(r"^frame rate: ([\d.]+) frames a second", re.M)
SPLIT = re.compile(r"^frame time: draw ([\d.]+) ms, present ([\d.]+) ms, ticks [\d.]+ ms a frame "
                   r"\((\d+) ticks of", re.M)
FRAMES = re.compile(r"^frames: (\d+)", re.M)
PERCENTILES = re.compile(r"^frame times: p50 ([\d.]+) ms, p95 ([\d.]+) ms, p99 ([\d.]+) ms", re.M)
# The report of builds before the demo played in every game's window.
OLD_SUMMARY = re.compile(r"Drew (\d+) frames, last at tick (\d+) \(([\d.]+) fps\)")
OLD_SPLIT = re.compile(r"Frame time: draw ([\d.]+) ms, present ([\d.]+) ms.*\(([\d.]+) ticks of")
OLD_PERCENTILES = re.compile(r"Frame times: p50 ([\d.]+) ms, p95 ([\d.]+) ms, p99 ([\d.]+) ms")


def play(sandbox, arguments, size, frames, renderer):
    command = [sandbox, "demo", "--autoplay", "--frames", str(frames), "--size", size]
    command += arguments
    if renderer:
        command += ["--renderer", renderer]
    if not os.environ.get("DISPLAY"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 2560x1440x24"] + command
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        sys.exit(f"error: {' '.join(command)} failed:\n{result.stderr}")
    figures = {}
    if match := RATE.search(result.stdout):
        figures["fps"] = float(match.group(1))
    if (match := SPLIT.search(result.stdout)) and (count := FRAMES.search(result.stdout)):
        figures["draw"], figures["present"] = float(match.group(1)), float(match.group(2))
        figures["ticks"] = int(match.group(3)) / max(int(count.group(1)), 1)
    if match := PERCENTILES.search(result.stdout) or OLD_PERCENTILES.search(result.stdout):
        figures["p50"], figures["p95"], figures["p99"] = map(float, match.groups())
    if match := OLD_SUMMARY.search(result.stdout):
        figures["fps"] = float(match.group(3))
    if match := OLD_SPLIT.search(result.stdout):
        figures["draw"], figures["present"], figures["ticks"] = map(float, match.groups())
    return figures


def cell(runs):
    def median(key, digits=1):
        values = [run[key] for run in runs if key in run]
        return f"{statistics.median(values):.{digits}f}" if values else "-"

    return (
        f"{median('fps')} fps, draw {median('draw')} + present {median('present')} ms, "
        f"{median('ticks', 2)} ticks/frame, p50/p95/p99 {median('p50')}/{median('p95')}/"
        f"{median('p99')} ms"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each case per build")
    parser.add_argument("--renderer", help="passed to --renderer (default: the demo's own)")
    parser.add_argument("--case", action="append", help="only cases whose name contains this")
    parser.add_argument("builds", nargs="+", help="LABEL=PATH of a sandbox executable")
    options = parser.parse_args()
    builds = []
    for build in options.builds:
        label, _, path = build.partition("=")
        if not path or not os.access(path, os.X_OK):
            sys.exit(f"error: {build!r}: expected LABEL=PATH of an executable")
        builds.append((label, path))
    cases = [case for case in CASES if not options.case or any(c in case[0] for c in options.case)]
    print("| case | " + " | ".join(label for label, _ in builds) + " |")
    print("|---|" + "---|" * len(builds))
    for name, arguments, size, frames in cases:
        runs = {label: [] for label, _ in builds}
        for _ in range(options.runs):
            for label, path in builds:
                runs[label].append(play(path, arguments, size, frames, options.renderer))
        print(f"| {name} | " + " | ".join(cell(runs[label]) for label, _ in builds) + " |",
              flush=True)


if __name__ == "__main__":
    main()
