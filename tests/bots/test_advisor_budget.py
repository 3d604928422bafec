"""The Moonrakers advisor's time budget: a search that runs out of time stops and says its figure is a
lower bound (the plays it had not finished count as failures), never a wrong "exact" answer."""

from __future__ import annotations

import pytest

from spacetable.bots.base import make_bot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import advisor, new_game
from spacetable.games.moonrakers.advisor import advise, success_probability
from spacetable.games.moonrakers.execution import PlayTurn


def ids(*slugs: str) -> list[int]:
    return [A.CARD_ID[s] for s in slugs]


HAND = ids("damage-2", "kal-damar", "reactor")
PILE = ids("shield", "nella-van-daval", "damage-3", "thruster", "damage-1", "kal-damar", "damage-1",
           "reactor")
NEED = [2, 0, 0, 5, 0]


def test_out_of_time_is_a_labelled_lower_bound_3_4_3() -> None:
    p, exact, states = success_probability(HAND, PILE, [], 2, NEED)
    assert exact and 0.0 < p < 1.0 and states > 100
    cut, cut_exact, _ = success_probability(HAND, PILE, [], 2, NEED, seconds=0.0)
    assert not cut_exact  # stopped at its first look at the clock
    assert 0.0 <= cut <= p + 1e-12


def test_advice_labels_a_cut_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a real execution (3.4.3) the advice out of time says so, and with time it is exact and no lower."""
    s = new_game({"players": 2, "modules": [], "expansions": []}, 11)
    bots = [make_bot("moonrakers", "heuristic"), make_bot("moonrakers", "greedy")]
    rng = Rng(11)
    found = None
    while not s.is_terminal() and found is None:
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            continue
        if isinstance(s.stack[-1], PlayTurn):
            monkeypatch.setattr(advisor, "ADVICE_SECONDS", 0.0)
            out = advise(s, p)
            monkeypatch.setattr(advisor, "ADVICE_SECONDS", 0.25)
            if out.get("exact") is False:
                found = out, advise(s, p)
                break
        s.apply_fast(bots[p].choose(s, p, rng))
    assert found is not None, "no execution needed more than one clock interval"
    cut, full = found
    assert cut["bound"] == "lower" and any("lower bound" in line for line in cut["lines"])
    assert full["exact"] and full["bound"] is None and full["p_success"] >= cut["p_success"]
