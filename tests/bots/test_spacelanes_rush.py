"""The rush strategies of `benchmarks/spacelanes_rush.py` (docs/spacelanes-design.md, "Rushes"): one or
more per Goal, each legal and reading only what its seat may know, so that the benchmark's verdict ("no Goal
falls to a rush") is about strategies a real player could follow: every decision is the same on the real
state and on a `determinize`d copy (other hands, Goals and the deck order resampled)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from spacetable.bots.base import make_bot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.spacelanes.content import CONTENT
from spacetable.sim.setup import load_game

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "spacelanes_rush.py"


def _script() -> ModuleType:
    name = "spacelanes_rush"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_every_goal_has_a_rush() -> None:
    goals = {goal for goal, _ in _script().RUSHES.values()}
    assert goals == {g.slug for g in CONTENT.goals}


@pytest.mark.parametrize("rush", list(_script().RUSHES))
def test_a_rush_is_legal_and_decides_the_same_on_a_determinized_copy(rush: str) -> None:
    m = _script()
    s = load_game("spacelanes").new_game({"players": 2}, 41)
    m.give_goal(s, 0, m.GOAL_SLUG[m.RUSHES[rush][0]])
    bots = [m.RushBot(rush), make_bot("spacelanes", "heuristic")]
    rng = Rng(5)
    checked = 0
    while not s.is_terminal() and checked < 60:
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            continue
        a = bots[p].choose(s, p, rng)
        assert a in s.legal_actions()
        if p == 0 and len(s.legal_actions()) > 1:
            d = s.determinize(0, Rng(checked))
            assert bots[0].choose(d, 0, rng) == a, (s.decision_name(), str(a))
            checked += 1
        s.apply(a)
    assert checked == 60
