#!/usr/bin/env python3
"""Times the simulation's ticks with one or more `sandbox` builds and thread counts, interleaved,
and prints the median tick of each, the ratios between them and the state hashes they ended on.

Usage: scripts/compare_ticks.py [--rounds N] [--scenario NAME] [--entities N] [--ticks N]
                                [--threads N,N,...] LABEL=PATH [LABEL=PATH ...]

Each run is `PATH run --scenario NAME --entities N --ticks N --threads T --profile`, and its
figure the profile's median tick. A round runs every build at every thread count once, each
round starting one place further along the list, so a machine that speeds up or slows down
mid-run affects every configuration alike; ratios are taken between medians of the same
rounds, and per round ("pairs"), whose spread shows how noisy the machine was. A build run from
its own checkout finds that checkout's Assets folder, so an older commit's scenarios go with
it (`git worktree add ../before COMMIT`, then `swift build -c release --product sandbox` there).

Every run of one build must end on the same state hash, whatever its thread count: a build
that does not is reported, and the script exits 1. Builds may differ from each other (a
change that alters the simulation changes its hash).

Exits 0 with the table, 1 when a run fails or a hash differs, 2 on a usage error.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys

TICK = re.compile(r"^\s*tick\s+([\d.]+)\s", re.MULTILINE)
HASH = re.compile(r"^stateHash:\s+([0-9a-f]{16})$", re.MULTILINE)
RUN_TIMEOUT = 1800


def positive(name, upper):
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, not {text!r}")
        if not 1 <= value <= upper:
            raise argparse.ArgumentTypeError(f"{name} must be 1 to {upper}, not {value}")
        return value

    return parse


def thread_counts(text):
    counts = []
    for item in text.split(","):
        counts.append(positive("each --threads count", 256)(item.strip()))
    if len(set(counts)) != len(counts):
        raise argparse.ArgumentTypeError(f"--threads lists a count twice: {text!r}")
    return counts


def build(text):
    label, separator, path = text.partition("=")
    if not separator or not label or not path:
        raise argparse.ArgumentTypeError(f"a build is LABEL=PATH, not {text!r}")
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", label):
        raise argparse.ArgumentTypeError(
            f"label {label!r}: use letters, digits, '_', '.' and '-' only")
    if not os.path.isfile(path) or not os.access(path, os.X_OK):
        raise argparse.ArgumentTypeError(f"{label}: {path} is not an executable file")
    return label, path


def time_run(path, arguments, threads):
    command = [path, "run", *arguments, "--threads", str(threads), "--profile"]
    try:
        result = subprocess.run(
            command, capture_output=True, text=True, timeout=RUN_TIMEOUT,
            stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        sys.exit(f"error: {' '.join(command)} took over {RUN_TIMEOUT} s")
    except OSError as error:
        sys.exit(f"error: cannot run {path}: {error.strerror}")
    if result.returncode != 0:
        sys.exit(
            f"error: {' '.join(command)} exited with {result.returncode}:\n"
            f"{result.stderr.strip()}")
    tick = TICK.search(result.stdout)
    state = HASH.search(result.stdout)
    if not tick or not state:
        sys.exit(
            f"error: {' '.join(command)} printed no profile's tick line or no stateHash; "
            "is it a sandbox build?")
    return float(tick.group(1)), state.group(1)


def threads_text(count):
    return f"{count} thread" if count == 1 else f"{count} threads"


def spread(values):
    return f"{min(values):.3g}-{max(values):.3g}"


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--rounds", type=positive("--rounds", 1000), default=10,
                        help="how many times each configuration runs (default 10)")
    parser.add_argument("--scenario", default="swarm", help="the scenario (default swarm)")
    parser.add_argument("--entities", type=positive("--entities", 3_000_000), default=100_000,
                        help="monsters in the scenario (default 100000)")
    parser.add_argument("--ticks", type=positive("--ticks", 1_000_000), default=150,
                        help="ticks each run steps (default 150)")
    parser.add_argument("--threads", type=thread_counts, default=[1],
                        help="comma-separated thread counts (default 1)")
    parser.add_argument("builds", nargs="+", type=build, metavar="LABEL=PATH",
                        help="a sandbox executable and the label to show it under")
    options = parser.parse_args()
    labels = [label for label, _ in options.builds]
    if len(set(labels)) != len(labels):
        parser.error(f"a label is given twice: {', '.join(labels)}")

    arguments = ["--scenario", options.scenario, "--entities", str(options.entities),
                 "--ticks", str(options.ticks)]
    configurations = [(label, path, threads) for label, path in options.builds
                      for threads in options.threads]
    ticks = {(label, threads): [] for label, _, threads in configurations}
    hashes = {(label, threads): set() for label, _, threads in configurations}
    print(f"load average at the start: {os.getloadavg()[0]:.2f}", file=sys.stderr)
    for round_number in range(options.rounds):
        shift = round_number % len(configurations)
        for label, path, threads in configurations[shift:] + configurations[:shift]:
            tick, state = time_run(path, arguments, threads)
            ticks[(label, threads)].append(tick)
            hashes[(label, threads)].add(state)
        print(f"round {round_number + 1} of {options.rounds} done", file=sys.stderr)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}", file=sys.stderr)

    print(f"{options.scenario}, {options.entities:,} entities, {options.ticks} ticks, "
          f"{options.rounds} interleaved rounds; median tick of each run's profile, ms")
    print()
    print("| build | threads | median tick | min-max | stateHash |")
    print("| --- | ---: | ---: | ---: | --- |")
    for label, _, threads in configurations:
        values = ticks[(label, threads)]
        states = ", ".join(sorted(hashes[(label, threads)]))
        print(f"| {label} | {threads} | {statistics.median(values):.3f} | {spread(values)} | "
              f"{states} |")

    comparisons = []
    first = labels[0]
    for label in labels[1:]:
        for threads in options.threads:
            comparisons.append((f"{label} over {first}, {threads_text(threads)}",
                                ticks[(label, threads)], ticks[(first, threads)]))
    for label in labels:
        for threads in options.threads[1:]:
            comparisons.append((f"{label}: speed-up of {threads_text(threads)} over "
                                f"{threads_text(options.threads[0])}",
                                ticks[(label, options.threads[0])],
                                ticks[(label, threads)]))
    if comparisons:
        print()
        print("| ratio | of medians | pairs: median | pairs: min-max |")
        print("| --- | ---: | ---: | ---: |")
        for name, numerators, denominators in comparisons:
            # A run too short to time prints a median of 0: no ratio to it.
            pairs = [top / bottom for top, bottom in zip(numerators, denominators) if bottom > 0]
            bottom = statistics.median(denominators)
            overall = f"{statistics.median(numerators) / bottom:.3f}" if bottom > 0 else "-"
            paired = f"{statistics.median(pairs):.3f} | {spread(pairs)}" if pairs else "- | -"
            print(f"| {name} | {overall} | {paired} |")

    failed = False
    for label in labels:
        states = set().union(*(hashes[(label, threads)] for threads in options.threads))
        if len(states) > 1:
            print(f"error: {label} ended on more than one state hash: {', '.join(sorted(states))}",
                  file=sys.stderr)
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # The reader went away (`| head`): nothing more to say, and no traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
