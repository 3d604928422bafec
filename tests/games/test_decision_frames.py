"""The decision-stack protocol (`spacetable.engine.frames`, docs/architecture.md "Who decides: the
decision stack"): in every game that keeps a stack of frames, the frame on top *is* the decision.

At every decision of random games in several configurations, with a frame on the stack:
- the state's answer to who decides, the decision's name and the legal actions are the top frame's
  (Moonrakers' Binding Ties adds its "at any time" spends and trades after the frame's own actions);
- a frame's copy is a different object of the same kind that shows the same;
- its public view is JSON-ready and depends only on what is public: the same on every seat's
  determinized copy of the state (a frame never holds a hidden card; the security boundary of the
  brief); its private view is JSON-ready.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from spacetable.engine.frames import DecisionFrame
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.sim.setup import load_game

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("moonrakers", 3, {}),
    ("moonrakers", 4, {"expansions": ["binding-ties"]}),
    ("spacelanes", 3, {"modes": ["pvp"]}),
    ("spacelanes", 4, {"modes": ["pvp", "exploration"]}),
]
STEPS = 1500


def _games(case: int, seeds: int = 2) -> list[State]:
    game, players, params = CASES[case]
    spec = load_game(game)
    return [spec.new_state(spec.make_config(players, **params), 40 + k) for k in range(seeds)]


@pytest.mark.parametrize("case", range(len(CASES)), ids=[f"{g}-{n}-{i}" for i, (g, n, _) in enumerate(CASES)])
def test_the_top_frame_is_the_decision(case: int) -> None:
    rng = Rng(case)
    kinds: set[str] = set()
    checked = 0
    for s in _games(case):
        for step in range(STEPS):
            if s.is_terminal():
                break
            stack = getattr(s, "stack")  # noqa: B009 (a game's own field, not part of the State API)
            if stack:
                top = stack[-1]
                assert isinstance(top, DecisionFrame)
                kinds.add(type(top).__name__)
                who = s.current_player()
                assert who == top.current_player(s)
                assert s.decision_name() == top.decision()
                own = top.legal(s)
                assert s.legal_actions()[:len(own)] == own
                twin = top.copy()
                assert type(twin) is type(top) and twin is not top
                assert twin.public() == top.public() and twin.decision() == top.decision()
                json.dumps(top.public())
                json.dumps(top.private(s))
                if step % 7 == 0:
                    for p in range(s.num_players):
                        d = s.determinize(p, Rng(step))
                        assert getattr(d, "stack")[-1].public() == top.public()  # noqa: B009
                checked += 1
            if s.current_player() == CHANCE:
                s.sample_chance()
            else:
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])
    assert checked > 200 and len(kinds) >= 4, (checked, sorted(kinds))
