"""Observation tensors: fixed size, values in [0, 1], built from `view(seat)` only, so they never
change when another seat's hidden cards (hands, objectives, Goals, deck orders) are resampled; and
every slice is documented in docs/rl.md."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spacetable.engine.errors import ConfigError
from spacetable.engine.rng import Rng
from spacetable.rl.observations import encoder_for
from spacetable.rl.table import adapter_config
from tests.rl.rl_helpers import SMALL, VARIANTS, playout

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def _full(game: str, config: dict[str, Any]) -> dict[str, Any]:
    return adapter_config(game, {k: v for k, v in config.items() if k != "max_steps"})[1]


@pytest.mark.parametrize(("game", "config"), SMALL + VARIANTS)
def test_observation_never_changes_when_other_seats_hidden_cards_change(game: str,
                                                                         config: dict[str, Any]) -> None:
    """determinize(p) resamples everything p cannot see (other hands, objectives, Goals, deck orders):
    p's tensor must stay the same, while some other seat's tensor does change (so the test can fail)."""
    full = _full(game, config)
    enc = encoder_for(game, full)
    n = int(full["players"])
    others_changed = 0
    checked = 0
    for k, state in enumerate(playout(game, full, seed=5, max_decisions=60)):
        for p in range(n):
            mine = enc.encode(state.view(p).to_json())
            assert len(mine) == enc.layout.size and all(0.0 <= x <= 1.0 for x in mine)
            for r in range(2):
                world = state.determinize(p, Rng(1000 * k + 10 * p + r))
                assert enc.encode(world.view(p).to_json()) == mine, (game, k, p, state.decision_name())
                checked += 1
                others_changed += any(enc.encode(world.view(q).to_json())
                                      != enc.encode(state.view(q).to_json()) for q in range(n) if q != p)
    assert checked >= 20
    if n > 1:
        assert others_changed > 0, "no resampled world changed another seat's tensor: the test is blind"


def test_own_hand_is_in_the_tensor_and_another_hand_is_not() -> None:
    """Highcard H1: a seat's own hand shows in its `hand` slice; swapping a card between the other
    seat's hand and the deck (hidden from seat 0) leaves seat 0's tensor unchanged."""
    full = _full("highcard", {"players": 2})
    enc = encoder_for("highcard", full)
    state = next(iter(playout("highcard", full, seed=3, max_decisions=1)))
    hand = enc.layout["hand"]
    mine = enc.encode(state.view(0).to_json())
    assert [c for c in range(1, 25) if mine[hand.start + c - 1]] == sorted(state.hands[0])  # type: ignore[attr-defined]
    other = state.copy()
    other.hands[1][0], other.deck[0] = other.deck[0], other.hands[1][0]  # type: ignore[attr-defined]
    assert enc.encode(other.view(0).to_json()) == mine
    assert enc.encode(other.view(1).to_json()) != enc.encode(state.view(1).to_json())


@pytest.mark.parametrize("game", ["highcard", "moonrakers", "spacelanes"])
def test_every_slice_is_documented(game: str) -> None:
    """docs/rl.md lists each slice of the default (2-player) layout with its index range."""
    text = DOCS.read_text("utf-8")
    layout = encoder_for(game, _full(game, {})).layout
    assert f"{game}: {layout.size} floats" in text
    for name, span, _ in layout.table():
        assert f"| `{name}` | {span} |" in text, (game, name)


def test_layout_size_is_fixed_through_a_game() -> None:
    for game, config in SMALL:
        full = _full(game, config)
        enc = encoder_for(game, full)
        sizes = {len(enc.encode(s.view(0).to_json())) for s in playout(game, full, 2, 60)}
        assert sizes == {enc.layout.size}


def test_unknown_game_has_no_encoder() -> None:
    with pytest.raises(ConfigError):
        encoder_for("chess", {"players": 2})


def test_views_are_json_ready() -> None:
    """The tensor is built from the JSON view alone: encoding a JSON round trip gives the same tensor."""
    for game, config in SMALL:
        full = _full(game, config)
        enc = encoder_for(game, full)
        for s in playout(game, full, 4, 30):
            view = s.view(s.current_player()).to_json()
            assert enc.encode(json.loads(json.dumps(view))) == enc.encode(view)
