"""Hand-written `copy()` methods: every slot is copied, and no list is shared with the original.

The copies are written one statement a field for speed (docs/performance.md), so a field added to a
state class and forgotten in its `copy` must fail here. Lists a copy may share are the ones the
state documents as never written (Moonrakers' Mercenary lists with 3+ players).

A forgotten field only shows when the state holds a value its constructor does not, so the states
come from every mode (Binding Ties, solo, PvP + Exploration, lowball) at random points of random
games, from the start to the end; every scalar slot is also changed on a copy before copying it again
(so a turn counter that is zero in every sampled state is still checked), and a test checks that each
list or dict slot holds something in at least one sampled state.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.sim.bench import mid_game_states
from spacetable.sim.setup import load_game, make_bots

SHARED_OK = {"moonrakers": {"merc_deck", "merc_discard", "merc_row", "merc_used"}}

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("moonrakers", 1, {}),
    ("moonrakers", 2, {}),
    ("moonrakers", 4, {}),
    ("moonrakers", 4, {"expansions": ["binding-ties"], "modules": ["first-encounter"]}),
    ("spacelanes", 2, {}),
    ("spacelanes", 4, {}),
    ("spacelanes", 3, {"modes": ["pvp", "exploration"], "turn_limit": 40}),
    ("highcard", 3, {}),
    ("highcard", 2, {"modes": ["lowball"]}),
]

NEVER_FILLED_OK = {
    "events": "the event buffer is emptied by every `apply` and only read by the faces",
    "chain": "Space Lanes' Missile/Countermeasure chain (L16) lives only inside one engagement's "
             "card window; tests/games/spacelanes cover its copy",
}


def _slots(obj: object) -> list[str]:
    return [s for cls in type(obj).__mro__ for s in getattr(cls, "__slots__", ())]


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if hasattr(a, "__slots__") and not isinstance(a, (int, str, tuple, frozenset)):
        return type(a) is type(b) and all(_same(getattr(a, k, None), getattr(b, k, None)) for k in _slots(a))
    return bool(a == b)


@cache
def _states(case: int) -> list[State]:
    """Mid-game states of the case, plus its first states and a finished game."""
    game, players, params = CASES[case]
    states = mid_game_states(game, players, count=16, **params)
    spec = load_game(game)
    config = spec.make_config(players, **params)
    rng = Rng(7)
    for cap in (0, 1, 3):
        s = spec.new_state(config, 99 + cap)
        for _ in range(cap):
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        states.append(s)
    # a finished game (random play rarely finishes Moonrakers): greedy bots, chance by the state's Rng
    s = spec.new_state(config, 98)
    bots = make_bots(game, ["greedy"] * players)
    while not s.is_terminal():
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
        else:
            s.apply(bots[p].choose(s, p, rng))
    states.append(s)
    return states


@pytest.mark.parametrize("case", range(len(CASES)), ids=[f"{g}-{n}-{p}" for g, n, p in CASES])
def test_copy_sets_every_slot_equal_and_shares_no_list(case: int) -> None:
    game = CASES[case][0]
    for s in _states(case):
        c = s.copy()
        assert type(c) is type(s)
        for name in _slots(s):
            if name == "rng":
                assert c.rng.state == s.rng.state and c.rng is not s.rng
                continue
            assert hasattr(c, name), f"{game}: copy() leaves {name} unset"
            a, b = getattr(s, name), getattr(c, name)
            assert _same(a, b), f"{game}: copy() changes {name}"
            if isinstance(a, list) and name not in SHARED_OK.get(game, set()) and name != "events":
                assert a is not b, f"{game}: copy() shares the list {name}"
                for x, y in zip(a, b, strict=True):
                    assert not isinstance(x, list) or x is not y, f"{game}: copy() shares a list in {name}"


def _changed(v: Any) -> Any:
    """A different value of the same scalar type (NotImplemented: not a scalar)."""
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        return v + 7
    if isinstance(v, float):
        return v + 0.5
    if isinstance(v, str):
        return v + "x"
    if isinstance(v, tuple):
        return (*v, 7) if not v or isinstance(v[-1], int) else v[:-1]
    return NotImplemented


@pytest.mark.parametrize("case", range(len(CASES)), ids=[f"{g}-{n}-{p}" for g, n, p in CASES])
def test_copy_carries_every_scalar_slot_even_when_it_is_changed(case: int) -> None:
    game = CASES[case][0]
    s = _states(case)[len(_states(case)) // 2].copy()
    for name in _slots(s):
        if name == "rng" or not hasattr(s, name):
            continue
        new = _changed(getattr(s, name))
        if new is NotImplemented:
            continue
        setattr(s, name, new)
        assert getattr(s.copy(), name) == new, f"{game}: copy() drops a changed {name}"


@pytest.mark.parametrize("game", sorted({g for g, _, _ in CASES}))
def test_every_container_slot_is_filled_in_some_sampled_state(game: str) -> None:
    """Otherwise the copy test above could not fail for it."""
    states = [s for i, (g, _, _) in enumerate(CASES) if g == game for s in _states(i)]
    filled: set[str] = set()
    for s in states:
        for name in _slots(s):
            v = getattr(s, name, None)
            if isinstance(v, (list, dict, tuple, set, frozenset)) and len(v) > 0:
                filled.add(name)
    containers = {name for s in states for name in _slots(s)
                  if isinstance(getattr(s, name, None), (list, dict, tuple, set, frozenset))}
    missing = containers - filled - set(NEVER_FILLED_OK)
    assert not missing, f"{game}: no sampled state fills {sorted(missing)}; add a case that does"
