"""Every ``spacetable`` command line of README.md and docs/ runs (the examples in their code blocks).

A line in a fenced code block that starts with ``spacetable`` (or ``.venv/bin/spacetable``, after any
``VAR=value``) is run in a folder holding the files the examples name (a save, a results file, a sweep,
a tune file, card overrides), in document order, so that a file one line writes is there for the next.
Before it runs: optional ``[…]`` groups are dropped, placeholders filled (``GAME``/``<game>``: moonrakers,
``FILE``: a save, ``N``: 2, …), ``--games`` capped at 3 (a ladder's at 2), a game played with
``--humans 0`` and no delay, ``bench`` given ``--seconds 0.05`` (and one game), simulations and
ladders run on the serial backend unless the line names one, and ``tune`` gets ``--trials 2``.
``serve`` runs as a process on a free port with its own SQLite file and is stopped once it answers
(once per test process: every documented ``serve`` line starts the same server here). Every command
must end with status 0: a README that shows a command that fails is a bug.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spacetable.cli.main import app
from spacetable.server.migrate import upgrade
from spacetable.server.store import make_engine
from tests.server.server_helpers import free_port, wait_up

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PLACEHOLDERS = {"GAME": "moonrakers", "<game>": "moonrakers", "FILE": "save.json", "N": "2", "P": "2",
                "LIST": "greedy", "B": "greedy", "S": "1", "H": "0", "K": "1", "SECONDS": "0"}
CAP = {"simulate": 3, "ladder": 2, "sweep": 3}
runner = CliRunner()


def examples(path: Path) -> list[tuple[int, str]]:
    """(line number, command line) of every spacetable command in the file's fenced code blocks."""
    found = []
    fenced = False
    held = ""  # a command continued on the next line (a trailing backslash)
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if raw.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            continue
        line = held + raw.split(" # ")[0].strip()
        if line.endswith("\\"):
            held = line[:-1] + " "
            continue
        held = ""
        words = line.split()
        while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
            words = words[1:]
        if words and words[0] in ("spacetable", ".venv/bin/spacetable"):
            found.append((n, " ".join(words[1:])))
    return found


def prepare(line: str) -> list[str]:
    """The arguments to run for a documented line (see the module docstring)."""
    line = re.sub(r"\[[^\]]*\]", " ", line)  # optional groups
    args = [PLACEHOLDERS.get(a, a) for a in shlex.split(line) if a not in ("…", "...")]
    command = args[0] if args else ""
    for i, a in enumerate(args[:-1]):
        if a == "--games" and command in CAP:
            args[i + 1] = str(min(int(args[i + 1]), CAP[command]))
        if a == "--player":
            args[i + 1] = "1"
        if a in ("--humans", "--delay"):
            args[i + 1] = "0"
        if a == "--seconds":
            args[i + 1] = "0.05"
    if command == "play" and "--humans" not in args:
        args += ["--humans", "0"]
    if command == "play" and "--bots" not in args and "--load" not in args:
        args += ["--bots", "greedy"]  # the table's default bot searches: a whole game of it takes minutes
    if command == "play":
        args += ["--max-decisions", "3000"]  # a game of bots that never ends (a weak policy) stops
    if command in ("simulate", "ladder") and "--backend" not in args:
        args += ["--backend", "serial"]
    if command == "bench" and "--seconds" not in args:
        args += ["--seconds", "0.05"]
    if command == "bench" and "--game" not in args:
        args += ["--game", "highcard"]  # every game's figures take half a minute even at 0.05 s
    if command == "tune":
        args += ["--trials", "2", "--backend", "serial"]
    return args


SWEEP = """
[[run]]
name = "base"
game = "moonrakers"
players = 2
games = 2
bots = "greedy"
seed = 1

[[run]]
name = "cheap-cloak"
game = "moonrakers"
players = 2
games = 2
bots = "greedy"
seed = 1
cards = "cheap-cloak.json"
"""
TUNE = """
players = 2
bots = "greedy"
games = 2
seed = 1
trials = 2

[[param]]
card = "goals/tycoon"
field = "targets.2"
low = 20000
high = 30000
step = 1000

[target]
goal_share = [0.8, 1.25]
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with the files the examples name."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPACETABLE_SAVE_DIR", str(tmp_path / "saves"))
    cards = json.dumps({"ship_parts": [{"slug": "cloaking-device", "cost": 2}]})
    for name in ("cheap-cloak.json", "overrides.json", "mine.json"):
        (tmp_path / name).write_text(cards)
    (tmp_path / "sweep.toml").write_text(SWEEP)
    (tmp_path / "tune.toml").write_text(TUNE)
    r = runner.invoke(app, ["play", "moonrakers", "--players", "2", "--humans", "1", "--seed", "3", "--save",
                            "save.json"], input="quit\n")
    assert r.exit_code == 0, r.output
    engine = make_engine(f"sqlite:///{tmp_path / 'research.db'}")  # a server's database, no game shared yet
    upgrade(engine)
    engine.dispose()
    r = runner.invoke(app, ["simulate", "moonrakers", "--games", "2", "--players", "2", "--bots", "greedy",
                            "--backend", "serial", "--out", "results.parquet"])
    assert r.exit_code == 0, r.output
    return tmp_path


SERVED: set[str] = set()


def serve(args: list[str], folder: Path) -> None:
    """Start the documented server with its own port and database; stop it once it answers."""
    args = list(args)
    for flag in ("--port", "--db", "--host"):
        if flag in args:
            i = args.index(flag)
            del args[i:i + 2]
    if shlex.join(args) in SERVED:
        return
    SERVED.add(shlex.join(args))
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "spacetable", *args, "--port", str(port), "--db",
                             f"sqlite:///{folder / 'serve.db'}"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env={**os.environ, "DISPLAY": ""})
    try:
        wait_up(port, proc)
    finally:
        proc.terminate()
        proc.wait(30)


@pytest.mark.parametrize("doc", DOCS, ids=[p.name for p in DOCS])
def test_every_documented_command_runs(doc: Path, folder: Path) -> None:
    lines = examples(doc)
    for n, line in lines:
        args = [a.replace("sqlite:///path/to/spacetable.db", f"sqlite:///{folder / 'research.db'}")
                for a in prepare(line)]
        if args[:1] == ["dataset"] and "--out" in args:  # each example writes a folder of its own
            i = args.index("--out") + 1
            args[i] = f"{args[i]}-{n}"
        where = f"{doc.name}:{n}: spacetable {line}"
        if args[:1] == ["serve"]:
            serve(args, folder)
            continue
        r = runner.invoke(app, args, input="")
        assert r.exit_code == 0, f"{where}\n→ spacetable {shlex.join(args)}\n{r.output[-2000:]}"


def test_the_readme_shows_commands() -> None:
    assert len(examples(ROOT / "README.md")) >= 10  # the scan finds the README's own command table
