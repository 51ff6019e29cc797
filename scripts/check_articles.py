#!/usr/bin/env python3
"""Takes the documentation articles' steps as a reader would, in a scratch copy of the repository.

"Adding an entity type" (MonsterWars' catalog) is applied block by block, as the article gives
them: each Swift block goes into the file the article says to create, each diff block is applied
to the file the text before it names, each JSON block is laid over the scenario file it names
(under a new name), each Python block is added to the script the text names, and each shell
block is run. After the required steps the package is built, every scenario in Assets/scenarios
is run and must field the new monster, a frame is rendered, and the test suite runs; after the
optional sprite steps the sprite must exist and be drawn. Every other article's Swift blocks are
compiled and run, one program per documentation catalog, with its module, Frames and the trait
core imported. "Making a game", Gameplay's, is a whole game with GameShell's command line: its
program is run headless through the sync test, recorded and replayed, swept over seeds, played
by two processes over the loopback and, where xvfb-run is, in a window.

Usage: scripts/check_articles.py [--quick] [--keep]
  --quick  skips the test suite in the scratch copy.
  --keep   leaves the scratch copy in place, and prints where it is.
Exits 0 when every step works, 1 with a message naming the article and the step otherwise.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Modules a catalog's program imports besides its own, Frames and the trait core.
EXTRA_MODULES = {"Gameplay": ["GameShell", "HeadlessRenderer", "Imaging"]}
ENTITY_ARTICLE = Path("Sources/MonsterWars/MonsterWars.docc/AddingAnEntityType.md")
OPTIONAL_SECTION = "### Drawing Its Sprite"
PATH_PATTERN = re.compile(r"`((?:[\w.-]+/)+[\w.-]+\.\w+|[\w-]+\.json)`")


class StepFailed(Exception):
    """A step of an article that does not work as written."""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the test suite")
    parser.add_argument("--keep", action="store_true", help="leave the scratch copy in place")
    arguments = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="traitsandbox-articles-"))
    try:
        copy_repository(scratch)
        compile_catalogs(scratch)
        add_entity_type(scratch, run_tests=not arguments.quick)
    except StepFailed as failure:
        print(f"error: {failure}", file=sys.stderr)
        return 1
    finally:
        if arguments.keep:
            print(f"articles: the scratch copy is {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    print("articles: every step works as written")
    return 0


# MARK: - The scratch copy


def copy_repository(scratch):
    """Copies every tracked and untracked, not ignored, file: the repository as a reader has it."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, check=True, capture_output=True).stdout
    for name in listed.decode().split("\0"):
        if not name or not (ROOT / name).is_file():
            continue
        target = scratch / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    print("articles: copied the repository to a scratch folder", flush=True)


def run(command, scratch, what, timeout=1800):
    """Runs `command` in the scratch copy; its output, or a failure naming `what`."""
    print(f"articles: {what}: {' '.join(command)}", flush=True)
    try:
        result = subprocess.run(
            command, cwd=scratch, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise StepFailed(f"{what}: did not finish within {timeout} s")
    if result.returncode != 0:
        lines = (result.stderr + result.stdout).strip().splitlines()
        # A failing test or a compiler error says more than the last lines of a build log.
        found = [line for line in lines if line.startswith("✘") or " error: " in line]
        shown = "\n".join(line[:400] for line in (found or lines)[-40:])
        raise StepFailed(f"{what}: exit {result.returncode}\n{shown}")
    return result.stdout, result.stderr


# MARK: - Markdown


def blocks(markdown):
    """The article as a list of ('text', line) and (language, body) items, in order."""
    items = []
    fence = None
    body = []
    for line in markdown.splitlines():
        stripped = line.strip()
        if fence is None and stripped.startswith("```"):
            fence = stripped[3:].strip() or "text"
            body = []
        elif fence is not None and stripped == "```":
            items.append((fence, "\n".join(body) + "\n"))
            fence = None
        elif fence is not None:
            body.append(line)
        else:
            items.append(("prose", line))
    if fence is not None:
        raise StepFailed("a code block is never closed")
    return items


# MARK: - Every catalog's Swift, compiled and run


def compile_catalogs(scratch):
    """Builds and runs each catalog's Swift blocks (the entity article's aside) as one program."""
    programs = []
    for catalog in sorted((scratch / "Sources").glob("*/*.docc")):
        module = catalog.parent.name
        landing = catalog / f"{module}.md"
        pages = sorted(p for p in catalog.glob("*.md") if p != landing) + (
            [landing] if landing.exists() else [])
        code = []
        for page in pages:
            if page.relative_to(scratch) == ENTITY_ARTICLE:
                continue
            for language, body in blocks(page.read_text(encoding="utf-8")):
                # A landing page repeats code its articles show; each block is compiled once.
                if language == "swift" and body not in code:
                    code.append(body)
        if not code:
            continue
        target = f"ArticleCheck{module}"
        folder = scratch / "Sources" / target
        folder.mkdir(parents=True)
        # Every game is built on the trait core: each catalog's program may use it.
        modules = list(dict.fromkeys(
            [module, "Frames", "TraitSandbox"] + EXTRA_MODULES.get(module, [])))
        imports = "import Foundation\n" + "".join(f"import {name}\n" for name in modules) + "\n"
        (folder / "main.swift").write_text(imports + "\n".join(code), encoding="utf-8")
        dependencies = ", ".join(f'"{name}"' for name in modules)
        with open(scratch / "Package.swift", "a", encoding="utf-8") as manifest:
            manifest.write(
                f'\npackage.targets.append(.executableTarget(name: "{target}", '
                f'dependencies: [{dependencies}], path: "Sources/{target}"))\n')
        programs.append((module, target, len(code)))
    for module, target, count in programs:
        run(["swift", "build", "--product", target], scratch,
            f"{module}'s documentation: compiling its {count} Swift blocks")
        if module == "Gameplay":
            play_game(scratch, target)
        else:
            run(["swift", "run", "--skip-build", target], scratch,
                f"{module}'s documentation: running its Swift blocks")


def play_game(scratch, target):
    """Plays "Making a game"'s game through its command line as its reader would."""
    binary = run(["swift", "build", "--show-bin-path"], scratch, "the build folder")[0].strip()
    program = str(Path(binary) / target)
    what = "Making a game"
    tested, _ = run([program, "run", "--ticks", "300", "--sync-test", "8", "--png",
                     str(scratch / "meadow.png")], scratch, f"{what}: its sync test")
    recorded, _ = run([program, "run", "--ticks", "300", "--record",
                       str(scratch / "meadow.json")], scratch, f"{what}: a recorded run")
    replayed, _ = run([program, "replay", str(scratch / "meadow.json")], scratch,
                      f"{what}: its replay")
    reported, _ = run([program, "run", "--ticks", "300", "--json"], scratch,
                      f"{what}: a run's JSON report")
    hashes = {field(out, "stateHash:") for out in (tested, recorded, replayed)}
    # The report is the one line of the output that is a JSON object.
    objects = [line for line in reported.splitlines() if line.startswith("{")]
    if len(objects) != 1:
        raise StepFailed(f"{what}: run --json printed\n{reported}")
    hashes.add(json.loads(objects[0]).get("stateHash"))
    if len(hashes) != 1 or None in hashes:
        raise StepFailed(f"{what}: the run, its sync test, its replay and its JSON report end "
                         f"on {hashes}")
    run([program, "render", "--tick", "300", "--out", str(scratch / "rendered.png")], scratch,
        f"{what}: a render")
    for picture in ("meadow.png", "rendered.png"):
        if not (scratch / picture).read_bytes().startswith(b"\x89PNG"):
            raise StepFailed(f"{what}: {picture} is no PNG")
    if (scratch / "meadow.png").read_bytes() != (scratch / "rendered.png").read_bytes():
        raise StepFailed(f"{what}: render --tick 300 drew another picture than run --png")
    described, _ = run([program, "describe"], scratch, f"{what}: describe")
    if "--hives" not in described or "Seats: 0 " not in described or "  Bee\n" not in described:
        raise StepFailed(f"{what}: describe printed\n{described}")
    swept, _ = run([program, "sweep", "--seeds", "1-100", "--ticks", "120", "--hives", "3"],
                   scratch, f"{what}: a sweep")
    if "ran 120 ticks: 100 (100.0%)" not in swept or field(swept, "sweepHash:") is None:
        raise StepFailed(f"{what}: the sweep printed\n{swept}")
    profiled, _ = run([program, "run", "--ticks", "60", "--profile"], scratch, f"{what}: a profile")
    if "Profile (60 ticks):" not in profiled or "bytes per entity:" not in profiled:
        raise StepFailed(f"{what}: run --profile printed\n{profiled}")
    windowed = shutil.which("xvfb-run") is not None
    play_over_loopback(scratch, program, what, windowed=False)
    if windowed:
        run(["xvfb-run", "-a", program, "demo", "--frames", "30"], scratch, f"{what}: its window")
        play_over_loopback(scratch, program, what, windowed=True)
    else:
        print(f"articles: {what}: no xvfb-run here, so its windows were not opened", flush=True)


def play_over_loopback(scratch, program, what, windowed):
    """A host (in a window under xvfb-run if `windowed`) and a guest of the game on the
    loopback, each planting: the same end hash."""
    for side, tick in (("host", 20), ("join", 50)):
        line = json.dumps({"tick": tick, "input": {"x": 100 + tick, "y": 80}})
        (scratch / f"{side}.jsonl").write_text(line + "\n", encoding="utf-8")
    where = "in a window" if windowed else "headless"
    print(f"articles: {what}: a host ({where}) and a guest over the loopback", flush=True)
    host = subprocess.Popen(
        (["xvfb-run", "-a"] if windowed else []) + [
            program, "host", "--listen", "127.0.0.1", "--port", "0", "--ticks", "150",
            "--hives", "2", "--inputs", str(scratch / "host.jsonl"), "--simulate",
            "loss=5%,delay=30ms", "--wait", "60"] + ([] if windowed else ["--headless"]),
        cwd=scratch, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        join = None
        lines = []
        for line in host.stdout:
            lines.append(line)
            if line.startswith("  meadow join "):
                join = line.split()[1:]
                break
        if join is None:
            raise StepFailed(f"{what}: the host printed no join line:\n{''.join(lines)}")
        guest, _ = run([program] + join + ["--inputs", str(scratch / "join.jsonl"), "--headless"],
                       scratch,
                       f"{what}: the guest", timeout=120)
        rest, _ = host.communicate(timeout=120)
    finally:
        if host.poll() is None:
            host.kill()
    hosted = "".join(lines) + rest
    if host.returncode != 0:
        raise StepFailed(f"{what}: the host exited {host.returncode}:\n{hosted}")
    agreed = "Agreed:    both sides had the same stateHash at tick 150"
    if agreed not in guest or agreed not in hosted or field(guest, "stateHash:") != field(
            hosted, "stateHash:"):
        raise StepFailed(f"{what}: the host and the guest did not agree:\n{hosted}\n{guest}")


def field(output, label):
    """The word after `label` on the first line that starts with it, if any."""
    for line in output.splitlines():
        if line.startswith(label):
            return line[len(label):].split()[0] if line[len(label):].split() else None
    return None


# MARK: - Adding an entity type


def add_entity_type(scratch, run_tests):
    article = (scratch / ENTITY_ARTICLE).read_text(encoding="utf-8")
    items = blocks(article)
    split = next((i for i, item in enumerate(items) if item == ("prose", OPTIONAL_SECTION)), None)
    if split is None:
        raise StepFailed(f"{ENTITY_ARTICLE}: no '{OPTIONAL_SECTION}' section")
    created = set()
    tuned = apply_steps(items[:split], scratch, created)
    if not created:
        raise StepFailed(f"{ENTITY_ARTICLE}: the article creates no Swift file")
    monster = check_required_steps(scratch, tuned, run_tests)
    apply_steps(items[split:], scratch, created)
    check_sprite(scratch, monster)


def apply_steps(items, scratch, created):
    """Applies every block of `items` in order; returns the scenario files JSON blocks made."""
    mentioned = None
    swift_file = None
    tuned = []
    for language, body in items:
        if language == "prose":
            paths = PATH_PATTERN.findall(body)
            if paths:
                mentioned = paths[-1]
            create = re.search(r"Create `([^`]+\.swift)`", body)
            if create:
                swift_file = scratch / create.group(1)
                if swift_file.exists():
                    raise StepFailed(f"{ENTITY_ARTICLE}: {create.group(1)} exists already")
                swift_file.parent.mkdir(parents=True, exist_ok=True)
                swift_file.write_text("", encoding="utf-8")
                created.add(swift_file)
            continue
        where = f"{ENTITY_ARTICLE}, the {language} block after `{mentioned}`"
        if language != "sh":
            print(f"articles: applying {where}", flush=True)
        if language == "swift":
            if swift_file is None:
                raise StepFailed(f"{where}: no file to put it in (no 'Create `...swift`')")
            with open(swift_file, "a", encoding="utf-8") as file:
                file.write(("\n" if swift_file.stat().st_size else "") + body)
        elif language == "diff":
            apply_diff(scratch / require(mentioned, where), body, where)
        elif language == "json":
            tuned.append(lay_over_scenario(scratch, require(mentioned, where), body, where))
        elif language == "python":
            add_python(scratch / require(mentioned, where), body, where)
        elif language == "sh":
            for command in body.strip().splitlines():
                run(["bash", "-c", command], scratch, where)
        else:
            raise StepFailed(f"{where}: a block of '{language}' is not a step this script takes")
    return tuned


def require(path, where):
    if path is None:
        raise StepFailed(f"{where}: the text before it names no file")
    return path


def apply_diff(file, body, where):
    """Replaces the diff's context and removed lines, found once in `file`, by context and added."""
    if not file.exists():
        raise StepFailed(f"{where}: {file.name} does not exist")
    old, new = [], []
    for line in body.rstrip("\n").splitlines():
        mark, text = line[:1], line[1:]
        if mark in (" ", "-"):
            old.append(text)
        if mark in (" ", "+"):
            new.append(text)
        if mark not in (" ", "-", "+"):
            raise StepFailed(f"{where}: a diff line must start with ' ', '-' or '+': {line!r}")
    text = file.read_text(encoding="utf-8")
    before = "\n".join(old) + "\n"
    if text.count(before) != 1:
        raise StepFailed(
            f"{where}: the lines it changes occur {text.count(before)} times in {file.name}, "
            "not once")
    file.write_text(text.replace(before, "\n".join(new) + "\n"), encoding="utf-8")


def lay_over_scenario(scratch, name, body, where):
    """Writes the scenario `name` with the block's members laid over it, as a new scenario."""
    source = scratch / "Assets" / "scenarios" / Path(name).name
    if not source.exists():
        raise StepFailed(f"{where}: there is no scenario {source.name}")
    try:
        members = json.loads(body)
    except json.JSONDecodeError as error:
        raise StepFailed(f"{where}: not JSON: {error}")

    def merge(base, over):
        for key, value in over.items():
            if isinstance(value, dict) and isinstance(base.get(key), dict):
                merge(base[key], value)
            else:
                base[key] = value
        return base

    scenario = merge(json.loads(source.read_text(encoding="utf-8")), members)
    # Beside the shipped scenarios, not among them: the tests list those.
    target = scratch / "tuned-scenarios" / source.name
    target.parent.mkdir(exist_ok=True)
    target.write_text(json.dumps(scenario, indent=2) + "\n", encoding="utf-8")
    return target, members


def add_python(file, body, where):
    """Adds the block's functions to the script, before its main section."""
    text = file.read_text(encoding="utf-8")
    marker = "# MARK: - Main"
    if text.count(marker) != 1:
        raise StepFailed(f"{where}: {file.name} has no single '{marker}' section to add before")
    file.write_text(text.replace(marker, body + "\n\n" + marker), encoding="utf-8")


# MARK: - What must follow


def check_required_steps(scratch, tuned, run_tests):
    """Builds, and checks the new monster plays in every scenario, renders and passes the tests."""
    run(["swift", "build", "--product", "sandbox"], scratch, "building with the new monster")
    sandbox = str(scratch / ".build" / "debug" / "sandbox")
    describe, _ = run([sandbox, "describe"], scratch, "sandbox describe")
    added = re.findall(r"^  (\w+) \[unit '(\w+)'\]$", describe, re.M)
    if not added:
        raise StepFailed("sandbox describe lists no unit types")
    type_name, kind = added[-1]
    print(f"articles: the roster's last kind is {kind} ({type_name})", flush=True)
    scenarios = sorted((scratch / "Assets" / "scenarios").glob("*.json"))
    scenarios += [scenario for scenario, _ in tuned]
    for scenario in scenarios:
        # A duel plays to its end; a swarm or a battle, big in a debug build, for ten seconds.
        ticks = "600" if json.loads(scenario.read_text(encoding="utf-8")).get("swarm") else "36000"
        output, _ = run(
            [sandbox, "run", "--scenario", str(scenario), "--ticks", ticks], scratch,
            f"running {scenario.name}")
        # At start, spawned, killed, removed and alive, left / right: placed or bought, it must
        # have played.
        row = re.search(rf"^{type_name}((?:\s+[\d,]+ / [\d,]+){{5}})\s*$", output, re.M)
        figures = re.findall(r"[\d,]+", row.group(1)) if row else []
        if not row or sum(int(n.replace(",", "")) for n in figures) == 0:
            raise StepFailed(f"{scenario.name}: no {type_name} in {ticks} ticks\n{output}")
    for scenario, members in tuned:
        values, _ = run(
            [sandbox, "describe", "--scenario", str(scenario)], scratch,
            f"describing {scenario.name}")
        for path, value in flatten(members):
            line = re.search(rf"^\s*\$\.{re.escape(path)}\s+(\S+)\s+file$", values, re.M)
            if not line or float(line.group(1)) != float(value):
                raise StepFailed(
                    f"{scenario.name}: describe does not show $.{path} = {value} from the file")
    _, notes = run(
        [sandbox, "render", "--scenario", "battle", "--tick", "30", "--out", "article.png"],
        scratch, "rendering the battle")
    if type_name not in notes or "placeholder" not in notes:
        raise StepFailed(f"render does not say {type_name} is drawn with a placeholder: {notes}")
    help_text, _ = run([sandbox, "help", "demo"], scratch, "sandbox help demo")
    key = len(re.findall(r"^  \w+ \[unit '", describe, re.M))
    keys = dict(re.findall(r"\b(\d) buy an? (\w+)", " ".join(help_text.split())))
    if not keys or max(keys) != str(key) or keys[str(key)] != kind.capitalize():
        raise StepFailed(f"sandbox help demo does not offer key {key} for {kind}:\n{help_text}")
    if run_tests:
        run(["swift", "test"], scratch, "the test suite with the new monster", timeout=3600)
    return type_name, kind


def flatten(members, prefix=""):
    for key, value in members.items():
        if isinstance(value, dict):
            yield from flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def check_sprite(scratch, monster):
    """After the sprite steps: the file exists, is listed, and nothing is a placeholder."""
    type_name, kind = monster
    sprite = scratch / "Assets" / "sprites" / f"{kind}.bmp"
    if not sprite.exists():
        raise StepFailed(f"the sprite steps write no {sprite.name}")
    readme = (scratch / "Assets" / "sprites" / "README.md").read_text(encoding="utf-8")
    if f"`{kind}.bmp`" not in readme:
        raise StepFailed(f"Assets/sprites/README.md does not list {kind}.bmp")
    sandbox = str(scratch / ".build" / "debug" / "sandbox")
    _, notes = run(
        [sandbox, "render", "--scenario", "battle", "--tick", "30", "--out", "article.png"],
        scratch, "rendering the battle with the sprite")
    if "placeholder" in notes:
        raise StepFailed(f"with {sprite.name}, render still draws a placeholder: {notes}")


if __name__ == "__main__":
    sys.exit(main())
