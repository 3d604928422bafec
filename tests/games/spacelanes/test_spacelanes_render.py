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
    assert "Prices at every settlement" in out and "Your goal" in out and "Seat 1 (you)" in out
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
    assert "unexplored" in out  # L20: face down, named only by where it lies


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
            assert txt and e.rule and "[" not in txt and "p0" not in txt  # the rule is data, not text


def test_action_text_round_trips_for_the_whole_space() -> None:
    from spacetable.engine.action import Action
    from spacetable.games.spacelanes.actions import SPACE

    for a in SPACE:
        assert Action.parse(str(a)) == a


def test_pending_play_is_shown_and_kept_by_determinize() -> None:
    from tests.games.spacelanes.sl_helpers import give

    s = started(2)
    give(s, 1, "plague")
    s.apply("end")
    s.apply("play plague")  # the played card is shown while seat 1 picks a target
    assert s.view(0).data["pending_play"] == {"seat": 1, "card": "plague"}
    assert "Seat 2 plays Plague (Economic event)" in text_of(s.view(0))
    for i in range(5):
        d = s.determinize(0, Rng(i))
        assert d.view(0).data == s.view(0).data
        d.apply("world 3")  # the shown card is still in seat 1's hand
        assert d.econ[3] >= 0
