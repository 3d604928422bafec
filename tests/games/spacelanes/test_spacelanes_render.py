"""The Space Lanes terminal renderer and text: map, ships, prices, engagement odds; events and
action descriptions in plain language."""

from __future__ import annotations

from rich.console import Console

from spacetable.cli.render_spacelanes import render
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.spacelanes.board import ADJ
from tests.games.spacelanes.sl_helpers import new, place_hostile, started


def text_of(view: object) -> str:
    c = Console(width=100, record=True)
    c.print(render(view))  # type: ignore[arg-type]
    return c.export_text()


def test_render_map_ships_prices_hand_goal() -> None:
    s = started(2)
    out = text_of(s.view(0))
    assert "Prices at" in out and "Your goal" in out and "Seat 1 (you)" in out
    assert "Your hand" in out
    spectator = text_of(s.view(None))
    assert "Your hand" not in spectator and "Your goal" not in spectator


def test_render_engagement_dialog_with_odds() -> None:
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    place_hostile(s, ls, "corsair-raiders")
    s.apply(f"move {other}")
    out = text_of(s.view(0))
    assert "Engagement" in out and "Corsair Raiders" in out and "%" in out


def test_render_exploration_hides_names() -> None:
    s = new(2, 4, ("exploration",))
    out = text_of(s.view(0))
    assert "???" in out


def test_events_and_descriptions_render_through_a_game() -> None:
    s = new(3, 8, ("pvp",))
    s.events = []
    rng = Rng(1)
    for _ in range(400):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            s.sample_chance()
        else:
            legal = s.legal_actions()
            for a in legal:
                assert s.describe(a)
            s.apply(rng.choice(legal))
        for e in s.take_events():
            txt = s.render_event(e)
            assert txt and "[" in txt and "p0" not in txt
