"""Space Lanes rules audit: cases found missing or wrong when the rulebook was read against the code
(each test cites the rule it checks)."""

from __future__ import annotations

from spacetable.games.spacelanes.board import ADJ
from spacetable.games.spacelanes.state import SpaceLanesState
from tests.games.spacelanes.sl_helpers import (
    card,
    legal_texts,
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
