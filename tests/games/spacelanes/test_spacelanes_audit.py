"""Space Lanes rules audit: cases found missing or wrong when the rulebook was read against the code
(each test cites the rule it checks)."""

from __future__ import annotations

from spacetable.games.spacelanes.board import ADJ
from spacetable.games.spacelanes.state import SpaceLanesState
from tests.games.spacelanes.sl_helpers import (
    card,
    legal_texts,
    move_to_settlement,
    pass_all,
    place_hostile,
    set_lane_distance,
    started,
)


def _engage(slug: str, dist: int = 2) -> tuple[SpaceLanesState, int]:
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, dist)
    place_hostile(s, ls, slug)
    s.apply(f"move {other}")
    return s, ls


def test_l15_missiles_may_turn_a_successful_escape_roll_into_a_win() -> None:
    """Rulebook, Engagement: a card that guarantees a Win may be used after rolling and seeing the
    result, even if another option was chosen; a made Escape roll may still become a Win (L15)."""
    s, ls = _engage("red-fleet")
    s.ship[0].append(card(s, "missiles"))
    s.apply("engage escape")
    s.apply("roll 9")
    pass_all(s)
    assert "use missiles" in legal_texts(s)
    s.apply("use missiles")
    assert s.hostile[ls] == -1 and s.pirates_won[0] == 1 and not s.damaged[0]


def test_trade_computer_bonus_counts_for_every_good_sold_at_a_fence_and_to_pirates() -> None:
    """Card text, Trade Computer: "+50 credits for every good you sell" — also Contraband sold at a
    Settlement fence (L5 feature) and to Pirates in a Parlay (rulebook, Parlay (Pirates))."""
    s = started(2)
    move_to_settlement(s, 0, "smugglers-rest")
    s.ship[0].append(card(s, "trade-computer"))
    s.cargo[0][5] = 2
    s.apply("trade")
    s.apply("feature")
    assert s.credits[0] == 3000 + 2 * (1300 + 50)
    s2, _ = _engage("red-fleet")
    s2.ship[0].append(card(s2, "trade-computer"))
    s2.pirate[0] = 1
    s2.cargo[0][5] = 1
    s2.apply("parlay faction")
    s2.apply("fence")
    assert s2.credits[0] == 3000 + 1000 + 50


def test_l14_a_discarded_card_played_again_to_the_lane_must_be_engaged_again() -> None:
    """L14: a ship engages a Pirates card in its Space that it has not engaged in this stay. A card that
    was won against goes to the discard pile; when that same card is later played into the ship's Space
    again it is a new event, and the ship must engage it at the start of its next turn."""
    s, ls = _engage("scavenger-gang", dist=3)
    cid = s.hostile[ls]
    s.apply("engage win")
    s.apply("roll 12")
    pass_all(s)
    s.apply("accept")
    assert s.hostile[ls] == -1 and cid in s.discard
    s.apply("end")
    pass_all(s)
    assert s.active == 1
    s.discard.remove(cid)
    s.hand[1].append(cid)
    s.apply("play scavenger-gang")
    s.apply(f"lane {ls}")
    s.apply("end")
    pass_all(s)
    assert s.active == 0 and s.decision_name() == "engage.choose"
