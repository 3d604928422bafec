"""The greedy Space Lanes bot with its engagement and reusable cards: it repairs before it fires in its own
engagement, re-rolls a failed roll with a reusable card, uses free draws, and plays Countermeasures into a
rival's engagement to keep a big Bounty from it."""

from __future__ import annotations

from spacetable.bots.base import make_bot
from spacetable.engine.rng import Rng
from spacetable.games.spacelanes.board import ADJ
from spacetable.games.spacelanes.state import SpaceLanesState
from tests.games.spacelanes.sl_helpers import card, give, place_hostile, set_lane_distance, started


def choose(s: SpaceLanesState) -> str:
    return str(make_bot("spacelanes", "greedy").choose(s, s.current_player(), Rng(1)))


def engaged(slug: str, damaged: bool = False, rival: tuple[str, ...] = ()) -> tuple[SpaceLanesState, int]:
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 2)
    place_hostile(s, ls, slug)
    give(s, 1, *rival)
    s.damaged[0] = damaged
    s.apply(f"move {other}")
    return s, ls


def test_greedy_repairs_first_in_its_engagement_then_fires() -> None:
    """"Until it is Repaired, you cannot play any Action Cards other than Repair Kit"."""
    s, ls = engaged("red-fleet", damaged=True)
    give(s, 0, "repair-kit", "missiles")
    s.cargo[0] = [5, 0, 0, 0, 0, 0]
    assert choose(s) == "play repair-kit"
    s.apply("play repair-kit")
    assert choose(s) == "use missiles"  # Red Fleet: Win 10, Escape 8, a full hold at stake


def test_greedy_rerolls_a_failed_roll_with_the_targeting_computer() -> None:
    s, ls = engaged("corsair-raiders")
    s.ship[0].append(card(s, "targeting-computer"))
    s.apply("engage escape")
    s.apply("roll 3")
    assert choose(s) == "use targeting-computer"


def test_greedy_uses_a_free_draw() -> None:
    s = started(2)
    s.ship[0].append(card(s, "scrounger-pip"))
    assert choose(s) == "use scrounger-pip"


def test_greedy_denies_a_rival_a_big_bounty_with_countermeasures() -> None:
    """"you can play them to another player during an Engagement, possibly deciding their fate"."""
    s, ls = engaged("scavenger-gang", rival=("countermeasures",))
    s.bounty[ls] = card(s, "big-bounty")
    assert s.current_player() == 1 and choose(s) == "pass"  # not before the roll
    s.apply("pass")
    s.apply("engage win")
    s.apply("roll 12")
    assert s.current_player() == 1 and choose(s) == "use countermeasures"


def test_greedy_cancels_asteroids_on_its_next_lane() -> None:
    from spacetable.bots.spacelanes_greedy import _Brain

    s = started(2)
    give(s, 0, "clearance-order")
    b = _Brain(s, 0, s.legal_actions())
    lane = b.next_lane(b.destination())
    s.asteroids[lane] = card(s, "asteroid-field")
    assert choose(s) == "play clearance-order"
    s.apply("play clearance-order")
    assert choose(s) == f"lane {lane}"
