"""Bounded fuzz of every game's card and content loaders: a bad data file raises `DataError` only.

Each example takes the real data of Moonrakers (contracts, crew, ship_parts, objectives), Space Lanes
(settlements, lanes, board, cards, goals) or Highcard (cards), applies a few random mutations
(delete a field or list item, a value of the wrong type, a huge number, an unknown key, a value
wrapped in a list or an object) and runs the game's whole loader on it in memory. The loader either
accepts the result (some mutations are harmless, e.g. another string for a card text) or raises
`DataError` naming the file, never another exception. An unknown key and a huge number in place of a
number are always errors (every loader refuses unknown fields and bounds every number).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacetable.engine.errors import DataError
from spacetable.games.highcard import cards as highcard_cards
from spacetable.games.moonrakers import cards as mr_cards
from spacetable.games.moonrakers import crew_specs, objectives, part_specs
from spacetable.games.spacelanes import content as sl_content

WRONG: tuple[Any, ...] = (None, True, False, 1.5, "x", "", [], {}, [1], {"a": 1}, -1, 0)
HUGE: tuple[int, ...] = (10**9, 10**100, -(10**9))
UNKNOWN = "zz-unknown-field"

Docs = dict[str, Any]
Path = tuple[Any, ...]


def _read(package: str, names: tuple[str, ...], key: Callable[[str], str]) -> Docs:
    base = resources.files(package).joinpath("data")
    return {key(n): json.loads(base.joinpath(n).read_text(encoding="utf-8")) for n in names}


MR_FILES = tuple(f"{k}.json" for k in ("contracts", "crew", "ship_parts", "objectives"))
PRISTINE: dict[str, str] = {
    "moonrakers": json.dumps(_read("spacetable.games.moonrakers", MR_FILES, lambda n: n[:-len(".json")])),
    "spacelanes": json.dumps(_read("spacetable.games.spacelanes", sl_content.FILES, lambda n: n)),
    "highcard": json.dumps(_read("spacetable.games.highcard", ("cards.json",), lambda n: n)),
}


def load_moonrakers(docs: Docs) -> None:
    """Everything Moonrakers validates at import: card fields, objective conditions, part and crew effects."""
    cat = mr_cards.catalog_from_docs(docs)
    objectives.compile_catalog(cat, "moonrakers/data/objectives.json")
    part_specs.compile_catalog(cat.parts)
    n = len(crew_specs.LISTS)
    try:
        crew_specs.compile_catalog(cat)
    finally:
        del crew_specs.LISTS[n:]  # compiled op lists are appended to a module table: keep it clean


LOADERS: dict[str, Callable[[Docs], object]] = {
    "moonrakers": load_moonrakers,
    "spacelanes": sl_content.build,
    "highcard": lambda docs: highcard_cards.parse_cards(docs["cards.json"]),
}


def _nodes(obj: Any, path: Path, out: list[Path]) -> list[Path]:
    out.append(path)
    if isinstance(obj, dict):
        for k, v in obj.items():
            _nodes(v, (*path, k), out)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            _nodes(v, (*path, i), out)
    return out


def _get(obj: Any, path: Path) -> Any:
    for k in path:
        obj = obj[k]
    return obj


def mutate(docs: Docs, rnd: random.Random, strict: bool) -> str:
    """One random mutation inside one file (never the file mapping itself); returns what it did.
    With `strict`, only mutations every loader must refuse (an unknown key, a huge number)."""
    paths = [p for p in _nodes(docs, (), []) if p]
    if strict:
        ints = [p for p in paths if type(_get(docs, p)) is int]
        dicts = [p for p in paths if isinstance(_get(docs, p), dict)]
        if rnd.random() < 0.5 and ints:
            p = rnd.choice(ints)
            _get(docs, p[:-1])[p[-1]] = rnd.choice(HUGE)
            return f"huge number at {p}"
        p = rnd.choice(dicts)
        _get(docs, p)[UNKNOWN] = 1
        return f"unknown key in {p}"
    inside = [q for q in paths if len(q) > 1]  # keep every file present
    if not inside:
        return "nothing left to mutate"
    p = rnd.choice(inside)
    parent, key = _get(docs, p[:-1]), p[-1]
    op = rnd.randrange(4)
    if op == 0:
        del parent[key]
        return f"deleted {p}"
    if op == 1:
        parent[key] = rnd.choice(WRONG)
        return f"wrong type at {p}"
    if op == 2:
        parent[key] = rnd.choice(HUGE)
        return f"huge number at {p}"
    parent[key] = [parent[key]] if rnd.random() < 0.5 else {"wrapped": parent[key]}
    return f"wrapped {p}"


def _run(game: str, seed: int, mutations: int, strict: bool) -> None:
    rnd = random.Random(seed)
    docs = json.loads(PRISTINE[game])
    done = [mutate(docs, rnd, False) for _ in range(mutations)]
    if strict:
        done.append(mutate(docs, rnd, True))
    try:
        LOADERS[game](docs)
    except DataError as e:
        assert e.file and str(e).startswith(e.file), done
        return
    except Exception as e:  # noqa: BLE001 - the point of the test: nothing but DataError
        raise AssertionError(f"{game}: {type(e).__name__}: {e} after {done}") from e
    assert not strict, f"{game}: accepted after {done}"


@pytest.mark.parametrize("game", sorted(LOADERS))
def test_pristine_data_loads(game: str) -> None:
    LOADERS[game](json.loads(PRISTINE[game]))


@pytest.mark.parametrize("game", sorted(LOADERS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), mutations=st.integers(1, 3))
def test_mutated_data_raises_only_data_error(game: str, seed: int, mutations: int) -> None:
    """Random deletions, wrong types, huge numbers and wrong nesting: DataError or accepted."""
    _run(game, seed, mutations, strict=False)


@pytest.mark.parametrize("game", sorted(LOADERS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), mutations=st.integers(0, 2))
def test_unknown_keys_and_huge_numbers_are_always_refused(game: str, seed: int, mutations: int) -> None:
    """An unknown field or an out-of-range number anywhere: always DataError (no silent acceptance)."""
    _run(game, seed, mutations, strict=True)
