"""Hand-written `copy()` methods: every slot is copied, and no list is shared with the original.

The copies are written one statement a field for speed (docs/performance.md), so a field added to a
state class and forgotten in its `copy` must fail here. Lists a copy may share are the ones the
state documents as never written (Moonrakers' Mercenary lists with 3+ players).
"""

from __future__ import annotations

from typing import Any

import pytest

from spacetable.sim.bench import mid_game_states

SHARED_OK = {"moonrakers": {"merc_deck", "merc_discard", "merc_row", "merc_used"}}


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


@pytest.mark.parametrize(("game", "players"), [("moonrakers", 2), ("moonrakers", 4), ("spacelanes", 2),
                                               ("spacelanes", 4), ("highcard", 3)])
def test_copy_sets_every_slot_equal_and_shares_no_list(game: str, players: int) -> None:
    for s in mid_game_states(game, players, count=6):
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
