"""Space Lanes: cards during one's own engagement and Countermeasures played into another player's
engagement.

Rulebook: "Unless otherwise noted, Action Cards can be played by anyone at any time"; "Missiles and
Countermeasures are special in that you can play them to another player during an Engagement, possibly
deciding their fate"; Note: "Missiles cannot be played against another player unless they have first
played a Countermeasures or equivalent effect" (L10, L15, L17).
"""

from __future__ import annotations

from spacetable.games.spacelanes.board import ADJ
from spacetable.games.spacelanes.state import SpaceLanesState
from tests.games.spacelanes.sl_helpers import (
    card,
    give,
    legal_texts,
    pass_all,
    place_hostile,
    set_lane_distance,
    started,
)


def engage(slug: str, players: int = 2, damaged: bool = False) -> tuple[SpaceLanesState, int]:
    """Seat 0 moves into a lane holding `slug` and is engaged (L14); hands are empty."""
    s = started(players)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 2)
    place_hostile(s, ls, slug)
    s.damaged[0] = damaged
    s.apply(f"move {other}")
    assert s.decision_name() == "engage.choose"
    return s, ls


def roll(s: SpaceLanesState, n: int) -> None:
    assert s.decision_name() == "engage.roll"
    s.apply(f"roll {n}")


# ----- every card the rules allow, before and after the roll ------------------------------------------
def test_damaged_ship_repairs_with_a_repair_kit_then_fires_missiles() -> None:
    """"Until it is Repaired, you cannot play any Action Cards other than Repair Kit" - so repair first;
    then "Missiles let you Win an Engagement automatically"."""
    s, ls = engage("red-fleet", damaged=True)
    give(s, 0, "repair-kit", "missiles")
    legal = legal_texts(s)
    assert "play repair-kit" in legal and "use missiles" not in legal  # Damaged: Repair Kit only (L9)
    s.apply("play repair-kit")
    assert not s.damaged[0] and s.decision_name() == "engage.choose"
    s.apply("use missiles")
    assert s.hostile[ls] == -1 and s.pirates_won[0] == 1 and s.credits[0] == 3000 - 300 - 400


def test_stored_repair_kit_in_the_engagement() -> None:
    s, ls = engage("red-fleet", damaged=True)
    give(s, 0, "repair-kit")
    s.ship[0].append(s.hand[0].pop())  # stored on the ship: no cost again (L11)
    assert "use repair-kit" in legal_texts(s)
    s.apply("use repair-kit")
    assert not s.damaged[0] and s.credits[0] == 3000 and s.decision_name() == "engage.choose"


def test_upgrade_played_before_the_roll_counts_for_it() -> None:
    """"roll two dice and add any modifiers from your Equipment": an Upgrade played at the start counts."""
    s, ls = engage("corsair-raiders")  # Win 8
    give(s, 0, "laser-cannons")
    s.apply("play laser-cannons")
    assert s.decision_name() == "engage.choose" and s.credits[0] == 2200
    s.apply("engage win")
    roll(s, 7)
    s.apply("accept")
    assert s.hostile[ls] == -1 and s.pirates_won[0] == 1


def test_upgrade_played_after_the_roll_does_not_change_that_roll() -> None:
    """Ruling: the modifiers are added as the dice are rolled; a later Upgrade counts from the next roll."""
    s, ls = engage("corsair-raiders")
    give(s, 0, "laser-cannons")
    s.apply("engage win")
    roll(s, 7)
    assert "play laser-cannons" in legal_texts(s)  # still playable after the roll ("at any time")
    s.apply("play laser-cannons")
    s.apply("accept")
    assert s.damaged[0] and s.hostile[ls] >= 0  # 7 + 0 < 8: lost


def test_bounty_played_on_my_own_engagement_before_the_roll_pays_on_a_win() -> None:
    """"Bounty cards earn rewards for completing the conditions on the Bounty" (L18)."""
    s, ls = engage("scavenger-gang")
    give(s, 0, "wanted-poster")
    s.apply("play wanted-poster")
    assert f"lane {ls}" in legal_texts(s)
    s.apply(f"lane {ls}")
    s.apply("engage win")
    roll(s, 12)
    s.apply("accept")
    assert s.credits[0] == 3800 and s.bounties[0] == 1


def test_no_bounty_on_the_engaged_card_once_the_dice_are_rolled() -> None:
    """Ruling: a Bounty is a condition to complete, not a prize claimed once the dice show the Win."""
    s, ls = engage("scavenger-gang")
    give(s, 0, "wanted-poster")
    s.apply("engage win")
    roll(s, 12)
    assert "play wanted-poster" not in legal_texts(s)  # the only Pirates card is the rolled one


def test_events_may_be_played_in_my_own_engagement() -> None:
    s, ls = engage("scavenger-gang")
    give(s, 0, "corsair-raiders", "ore-boom")
    legal = legal_texts(s)
    assert "play corsair-raiders" in legal and "play ore-boom" in legal
    s.apply("play ore-boom")
    s.apply("world 3")
    assert s.econ[3] >= 0 and s.decision_name() == "engage.choose"


# ----- Countermeasures into another player's engagement ---------------------------------------
def test_another_player_plays_countermeasures_at_the_start_of_my_engagement() -> None:
    """"you can play them to another player during an Engagement, possibly deciding their fate"."""
    s2, _ = engage_with_rival_cards("red-fleet", ("countermeasures",))
    assert s2.decision_name() == "respond" and s2.current_player() == 1
    assert "use countermeasures" in legal_texts(s2)
    s2.apply("use countermeasures")
    assert s2.decision_name() == "engage.escape" and s2.current_player() == 0
    assert s2.credits[1] == 2700 and not s2.damaged[0]


def engage_with_rival_cards(slug: str, cards: tuple[str, ...]) -> tuple[SpaceLanesState, int]:
    """Seat 0 is engaged by `slug`; seat 1 holds `cards` and is asked in the window that opens (L10)."""
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 2)
    place_hostile(s, ls, slug)
    give(s, 1, *cards)
    s.apply(f"move {other}")
    return s, ls


def test_another_player_plays_countermeasures_after_the_roll() -> None:
    s, ls = engage_with_rival_cards("red-fleet", ("countermeasures",))
    s.apply("pass")  # not at the start
    s.apply("engage win")
    roll(s, 2)
    assert s.decision_name() == "respond" and "use countermeasures" in legal_texts(s)
    s.apply("use countermeasures")
    assert s.decision_name() == "engage.escape" and not s.damaged[0]


def test_countermeasures_can_deny_a_rolled_win_and_its_bounty() -> None:
    """"possibly deciding their fate": an Escape instead of the Win keeps the Bounty on the card."""
    s, ls = engage_with_rival_cards("scavenger-gang", ("countermeasures",))
    s.credits[1] = 3000
    s.bounty[ls] = card(s, "wanted-poster")
    s.apply("pass")
    s.apply("engage win")
    roll(s, 12)
    s.apply("use countermeasures")
    assert s.decision_name() == "engage.escape"
    s.apply("keep")
    assert s.bounties[0] == 0 and s.pirates_won[0] == 0 and s.bounty[ls] >= 0


def test_missiles_only_against_countermeasures_played_for_the_engaged_player() -> None:
    """Note: "Missiles cannot be played against another player unless they have first played a
    Countermeasures or equivalent effect"; L17: "(or anyone for them)"."""
    s = started(3)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 2)
    place_hostile(s, ls, "red-fleet")
    give(s, 1, "countermeasures")
    give(s, 2, "missiles")
    s.apply(f"move {other}")
    assert s.current_player() == 1
    s.apply("use countermeasures")
    assert s.decision_name() == "chain" and s.current_player() == 2
    assert "use missiles" in legal_texts(s)
    s.apply("use missiles")  # cancels the Countermeasures: the engagement goes on
    pass_all(s)
    assert s.decision_name() == "engage.choose" and s.hostile[ls] >= 0
    assert s.credits[1] == 2700 and s.credits[2] == 2600


def test_no_missiles_into_another_players_engagement_without_countermeasures() -> None:
    s, ls = engage_with_rival_cards("red-fleet", ("missiles",))
    assert s.decision_name() == "respond"
    assert "use missiles" not in legal_texts(s)  # only `play missiles` to its own ship
    s.apply("pass")
    s.apply("engage win")
    roll(s, 2)
    assert "use missiles" not in legal_texts(s)


def test_stored_countermeasures_stay_on_their_own_ship() -> None:
    """"Single-use items played to your ship cannot be played later to a space other than your own"."""
    s = started()
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 2)
    place_hostile(s, ls, "red-fleet")
    give(s, 1, "countermeasures")
    s.ship[1].append(s.hand[1].pop())
    s.apply(f"move {other}")
    assert s.decision_name() == "engage.choose"  # seat 1 has nothing it may play: never asked (L10)
