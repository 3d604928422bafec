"""Sweep files (TOML): many configurations simulated by one command, ``spacetable sweep FILE``.

One ``[[run]]`` table per configuration::

    [[run]]
    name = "base"                  # optional (default run1, run2, …); unique; names it in the results
    game = "NAME"                  # a registered game (`spacetable games`)
    players = 4
    games = 500
    bots = "greedy"                # one name for every seat, or a list with one name per seat
    seed = 1
    modules = ["MODULE"]           # optional, like --module; also expansions, modes, turn_limit
    cards = "cheap-parts.json"     # optional card overrides, relative to the sweep file

A bad file raises `ConfigError` naming the file, the run and the key before any game is played.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from spacetable.engine.errors import ConfigError, DataError
from spacetable.sim.simulate import Job, make_job

REQUIRED = ("game", "players", "games", "bots", "seed")
OPTIONAL = ("name", "modules", "expansions", "modes", "cards", "turn_limit")
MAX_RUNS = 1000


def read_sweep(path: str | Path) -> list[Job]:
    """The checked jobs of the sweep file at `path`."""
    file = Path(path)
    try:
        doc = tomllib.loads(file.read_text(encoding="utf-8"))
    except OSError as e:
        raise ConfigError(f"{file}: cannot read the sweep file ({e.strerror or e})") from e
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise ConfigError(f"{file}: not valid TOML ({e})") from e
    return parse_sweep(doc, str(file), file.parent)


def parse_sweep(doc: dict[str, Any], file: str = "sweep.toml", base: Path | None = None) -> list[Job]:
    """The checked jobs of a parsed sweep document (card paths relative to `base`)."""
    extra = sorted(set(doc) - {"run"})
    if extra:
        raise ConfigError(f"{file}: unknown top-level key {extra[0]!r} (a sweep holds [[run]] tables)")
    runs = doc.get("run")
    if not isinstance(runs, list) or not runs or not all(isinstance(r, dict) for r in runs):
        raise ConfigError(f"{file}: no [[run]] tables")
    if len(runs) > MAX_RUNS:
        raise ConfigError(f"{file}: at most {MAX_RUNS} runs, not {len(runs)}")
    jobs: list[Job] = []
    names: set[str] = set()
    for k, raw in enumerate(runs, start=1):
        jobs.append(_job(raw, k, file, base or Path("."), names))
    return jobs


def _job(raw: dict[str, Any], k: int, file: str, base: Path, names: set[str]) -> Job:
    name = raw.get("name", f"run{k}")
    where = f"{file}: run {k}" + (f" ({name!r})" if "name" in raw else "")

    def fail(key: str, message: str) -> ConfigError:
        return ConfigError(f"{where}: {key}: {message}")

    for key in raw:
        if key not in REQUIRED + OPTIONAL:
            raise fail(key, f"unknown key (allowed: {', '.join(REQUIRED + OPTIONAL)})")
    for key in REQUIRED:
        if key not in raw:
            raise fail(key, "missing")
    if not isinstance(name, str) or not name.strip():
        raise fail("name", "must be a non-empty string")
    if name in names:
        raise fail("name", f"a second run called {name!r}")
    names.add(name)
    game, players, games, seed = raw["game"], raw["players"], raw["games"], raw["seed"]
    if not isinstance(game, str):
        raise fail("game", "must be a game name")
    for key, value in (("players", players), ("games", games), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail(key, f"must be a whole number, not {value!r}")
    bots = raw["bots"]
    if isinstance(bots, str):
        bots = [bots] * players if players > 0 else [bots]
    if not isinstance(bots, list) or not bots or not all(isinstance(b, str) and b for b in bots):
        raise fail("bots", "must be a bot name or a list of bot names")
    lists: dict[str, list[str]] = {}
    for key in ("modules", "expansions", "modes"):
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise fail(key, "must be a list of names")
        lists[key] = value
    turn_limit = raw.get("turn_limit")
    if turn_limit is not None and (isinstance(turn_limit, bool) or not isinstance(turn_limit, int)):
        raise fail("turn_limit", "must be a whole number")
    cards = raw.get("cards")
    if cards is not None and (not isinstance(cards, str) or not cards):
        raise fail("cards", "must be the path of a card-override file")
    try:
        return make_job(game, games, players, bots, seed, lists["modules"], lists["expansions"],
                        lists["modes"], turn_limit=turn_limit, cards=None if cards is None else base / cards,
                        run=name)
    except DataError:
        raise
    except ConfigError as e:
        raise ConfigError(f"{where}: {e}") from e
