"""Every registered game obeys the core contract (checked on bounded random playouts).

Canonical legal actions whose text round-trips, chance probabilities summing to 1, copy
isolation, `determinize(p, r).view(p) == view(p)`, JSON views, illegal actions refused without
change, and saves that reload to the same state. Games whose package is not available are skipped.
"""

from __future__ import annotations

import json

import pytest

from spacetable.engine import record
from spacetable.engine.action import Action
from spacetable.engine.errors import IllegalAction, SpacetableError
from spacetable.engine.game import GameSpec
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.sim.setup import all_games, load_game

STEPS = 250


def _spec_or_skip(game: str) -> GameSpec:
    try:
        return load_game(game)
    except SpacetableError as e:
        pytest.skip(f"{game} not available: {e}")


def _snapshot(state: State) -> str:
    views = [state.view(p).to_json() for p in [None, *range(state.num_players)]]
    return json.dumps([views, state.history, state.rng.state], sort_keys=True, default=str)


@pytest.mark.parametrize("game", all_games())
def test_game_conforms_to_the_core_contract(game: str) -> None:
    spec = _spec_or_skip(game)
    players = min(max(3, spec.min_players), spec.max_players)
    state = spec.new_game({"players": players}, 17)
    rng = Rng(5)
    kept: list[tuple[State, str]] = []
    for step in range(STEPS):
        if state.is_terminal():
            break
        p = state.current_player()
        legal = state.legal_actions()
        assert legal, f"no legal action at {state.decision_name()}"
        for a in legal:
            assert state.space[a.index] is a, f"{a} is not the canonical object"
            assert Action.parse(str(a)) == a
        if p == CHANCE:
            assert sum(pr for _, pr in state.chance_outcomes()) == pytest.approx(1.0)
        else:
            view = state.view(p)
            json.dumps(view.to_json())
            d = state.determinize(p, Rng(step))
            assert d.view(p) == view, f"determinize changed what seat {p} knows at step {step}"
            illegal = next((a for a in state.space if a not in legal), None)
            if illegal is not None:
                before = _snapshot(state)
                with pytest.raises(IllegalAction):
                    state.apply(illegal)
                assert _snapshot(state) == before
        if step % 10 == 0:
            c = state.copy()
            kept.append((c, _snapshot(c)))
            play = c.copy()
            for _ in range(30):
                if play.is_terminal():
                    break
                if play.current_player() == CHANCE:
                    play.sample_chance()
                else:
                    play.apply(rng.choice(play.legal_actions()))
        if p == CHANCE:
            state.sample_chance()
        else:
            state.apply(rng.choice(legal))
    for c, snap in kept:
        assert _snapshot(c) == snap, "playing on a copy changed an earlier copy"
    again = record.loads(record.dumps(state))
    assert _snapshot(again) == _snapshot(state)
