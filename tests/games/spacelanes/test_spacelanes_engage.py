"""Space Lanes engagements: trigger (L14), choice and dice (L15), outcomes (L16), Missiles and
Countermeasures chains (L17), Bounties (L18)."""

from __future__ import annotations

import pytest

from spacetable.games.spacelanes.board import ADJ
from spacetable.games.spacelanes.content import CONTENT
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


def engage(slug: str, players: int = 2, dist: int = 2) -> tuple[SpaceLanesState, int, int]:
    s = started(players)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, dist)
    place_hostile(s, ls, slug)
    s.apply(f"move {other}")
    return s, ls, other


def roll(s: SpaceLanesState, n: int) -> None:
    assert s.decision_name() == "engage.roll"
    s.apply(f"roll {n}")
    pass_all(s)


def test_l14_moving_into_a_lane_with_pirates_starts_an_engagement() -> None:
    s, ls, _ = engage("scavenger-gang")
    assert s.decision_name() == "engage.choose"
    info = s.view(0).data["engagement"]
    assert info["card"] == "scavenger-gang" and info["win"] == 6 and info["lane"] == ls
    assert info["win_odds"] == pytest.approx(26 / 36)


def test_l15_roll_is_an_explicit_chance_step_2d6() -> None:
    s, _, _ = engage("corsair-raiders")
    s.apply("engage win")
    outs = s.chance_outcomes()
    assert [int(a.args[0]) for a, _ in outs] == list(range(2, 13))
    assert sum(p for _, p in outs) == pytest.approx(1.0)
    assert dict((int(a.args[0]), p) for a, p in outs)[7] == pytest.approx(6 / 36)


def test_l16_win_discards_card_counts_pirates_and_travel_goes_on() -> None:
    s, ls, other = engage("corsair-raiders")
    s.apply("engage win")
    roll(s, 8)
    s.apply("accept")
    assert s.hostile[ls] == -1 and s.pirates_won[0] == 1
    assert s.decision_name() == "turn"
    assert f"move {other}" in legal_texts(s) or s.travel_state < 2


def test_l15_modifiers_from_equipment_and_crew_count() -> None:
    s, ls, _ = engage("corsair-raiders")
    s.ship[0].append(card(s, "laser-cannons"))
    s.ship[0].append(card(s, "gunner-vex"))
    s.apply("engage win")
    roll(s, 6)  # 6 + 2 >= 8
    s.apply("accept")
    assert s.hostile[ls] == -1 and not s.damaged[0]


def test_l16_lose_to_pirates_damaged_goods_and_transports_lost_card_stays() -> None:
    s, ls, other = engage("corsair-raiders")
    s.cargo[0] = [2, 0, 1, 0, 0, 3]
    s.transports[0].append([card(s, "mail-run"), 5])
    cid = s.hostile[ls]
    s.apply("engage win")
    roll(s, 3)
    s.apply("accept")
    assert s.damaged[0] and s.cargo[0] == [0] * 6 and s.transports[0] == []
    assert s.hostile[ls] == cid
    assert not any(a.startswith("move") for a in legal_texts(s))  # a Lost engagement ends Travel


def test_l16_lose_to_patrol_contraband_lost_and_sent_back() -> None:
    s, ls, other = engage("union-patrol")
    start = s.last_landed[0]
    s.cargo[0] = [2, 0, 0, 0, 0, 3]
    s.apply("engage escape")
    roll(s, 2)
    s.apply("accept")
    assert s.damaged[0] and s.cargo[0] == [2, 0, 0, 0, 0, 0]
    assert s.node[0] == start and s.hostile[ls] >= 0


def test_l16_escape_may_leave_or_move_the_card_and_bounty_stays() -> None:
    s, ls, other = engage("union-patrol")
    b = card(s, "wanted-poster")
    s.bounty[ls] = b
    s.apply("engage escape")
    roll(s, 10)
    s.apply("accept")
    assert s.decision_name() == "engage.escape"
    target = next(x for x in range(24) if x != ls)
    s.apply(f"relocate {target}")
    assert s.hostile[ls] == -1 and s.hostile[target] >= 0 and s.bounty[target] == b
    assert s.decision_name() == "turn"


def test_l14_no_reengagement_in_one_stay_but_again_after_leaving() -> None:
    s, ls, other = engage("union-patrol", dist=3)
    s.apply("engage escape")
    roll(s, 12)
    s.apply("accept")
    s.apply("keep")
    assert s.decision_name() == "turn"
    s.apply("end")
    s.apply("end")  # seat 1
    assert s.decision_name() == "turn" and s.active == 0  # same stay: no new engagement
    back = next(m for x, m in ADJ[other] if x == ls)
    s.hand[0] = []
    s.apply(f"move {back}")  # mark 1 -> lands back on the start
    assert s.node[0] >= 0
    s.apply("end")
    s.apply("end")
    s.apply(f"move {other}")  # re-enter: new stay
    assert s.decision_name() == "engage.choose"


def test_l14_engage_at_start_of_turn_when_card_arrives_between_turns() -> None:
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 3)
    s.apply(f"move {other}")
    s.apply("end")
    place_hostile(s, ls, "scavenger-gang")
    s.apply("end")  # seat 1 ends; seat 0 starts its turn inside the lane
    assert s.active == 0 and s.decision_name() == "engage.choose"


def test_l16_parlay_pirates_spends_pirate_faction_sells_contraband_1000() -> None:
    s, ls, _ = engage("red-fleet")
    assert "parlay faction" not in legal_texts(s)
    s.pirate[0] = 1
    s.cargo[0][5] = 2
    s.apply("parlay faction")
    assert s.pirate[0] == 0
    s.apply("fence")
    s.apply("fence")
    assert s.credits[0] == 5000 and s.contraband_sold[0] == 2
    s.apply("dismiss")
    assert s.hostile[ls] == -1


def test_l16_parlay_patrol_toll_500_plus_200_per_contraband() -> None:
    s, ls, _ = engage("enforcer-squadron")
    s.cargo[0][5] = 2
    s.apply("parlay toll")
    assert s.credits[0] == 3000 - 500 - 400
    other = next(x for x in range(24) if x != ls)
    s.apply(f"relocate {other}")
    assert s.hostile[other] >= 0


def test_l16_parlay_patrol_with_union_faction() -> None:
    s, ls, _ = engage("union-patrol")
    s.union[0] = 1
    s.apply("parlay faction")
    assert s.union[0] == 0 and s.credits[0] == 3000


def test_l16_no_parlay_with_contraband_transport() -> None:
    s, ls, _ = engage("union-patrol")
    s.union[0] = 1
    s.transports[0].append([card(s, "smuggled-weapons"), 7])
    assert not any(a.startswith("parlay") for a in legal_texts(s))
    assert "engage win" in legal_texts(s) and "engage escape" in legal_texts(s)


def test_l17_missiles_win_automatically_before_the_roll() -> None:
    s, ls, _ = engage("red-fleet")
    give(s, 0, "missiles")
    s.apply("use missiles")
    assert s.hostile[ls] == -1 and s.credits[0] == 2600 and s.pirates_won[0] == 1


def test_l15_l17_countermeasures_after_a_failed_roll_whatever_was_chosen() -> None:
    s, ls, _ = engage("red-fleet")
    s.ship[0].append(card(s, "countermeasures"))  # stored: no cost again (L11)
    s.apply("engage win")
    roll(s, 2)
    assert "use countermeasures" in legal_texts(s)
    s.apply("use countermeasures")
    assert s.decision_name() == "engage.escape" and s.credits[0] == 3000 and not s.damaged[0]


def test_l17_others_cannot_start_a_missile_but_can_answer_countermeasures() -> None:
    s, ls, _ = engage("red-fleet")
    give(s, 1, "missiles")
    give(s, 0, "countermeasures")
    pass_all(s)
    assert s.decision_name() == "engage.choose"
    s.apply("use countermeasures")
    assert s.decision_name() == "chain" and s.current_player() == 1
    s.apply("use missiles")
    # the missile cancels the countermeasures; seat 0 has nothing left; back to the choice
    assert s.decision_name() == "engage.choose" and s.hostile[ls] >= 0
    assert s.credits[1] == 2600


def test_l17_chain_resolves_last_played_first() -> None:
    s, ls, _ = engage("red-fleet")
    give(s, 1, "missiles")
    give(s, 0, "countermeasures", "countermeasures")
    s.apply("use countermeasures")
    s.apply("use missiles")  # seat 1 cancels
    assert s.current_player() == 0 and s.decision_name() == "chain"
    s.apply("use countermeasures")  # cancels the missile: the first countermeasures stands
    assert s.decision_name() == "engage.escape"


def test_l17_stored_equipment_only_for_its_owner() -> None:
    s, ls, _ = engage("red-fleet")
    give(s, 0, "countermeasures")
    s.ship[1].append(card(s, "missiles"))  # stored on seat 1's ship: not usable against seat 0
    s.apply("use countermeasures")
    assert s.decision_name() == "engage.escape"


def test_l18_bounty_collected_by_winner_with_opposite_faction() -> None:
    s, ls, _ = engage("corsair-raiders")
    s.bounty[ls] = card(s, "sworn-vendetta")
    s.apply("engage win")
    roll(s, 12)
    s.apply("accept")
    assert s.credits[0] == 3500 and s.union[0] == 1 and s.pirate[0] == 0 and s.bounties[0] == 1
    s2, ls2, _ = engage("customs-cutter")
    s2.bounty[ls2] = card(s2, "faction-contract")
    s2.apply("engage win")
    roll(s2, 12)
    s2.apply("accept")
    assert s2.pirate[0] == 1 and s2.union[0] == 0


def test_l12_one_pirates_or_patrol_per_space_and_one_bounty_per_event() -> None:
    s = started(2)
    place_hostile(s, 3, "scavenger-gang")
    give(s, 0, "union-patrol", "wanted-poster", "big-bounty")
    s.apply("play union-patrol")
    assert "lane 3" not in legal_texts(s)
    s.apply("cancel")
    s.apply("play wanted-poster")
    assert legal_texts(s) == ["lane 3", "cancel"]
    s.apply("lane 3")
    assert "play big-bounty" not in legal_texts(s)


def test_l16_lost_engagement_ends_travel_but_win_does_not() -> None:
    s, ls, other = engage("scavenger-gang", dist=1)
    give(s, 0, "plague")
    s.apply("engage win")
    roll(s, 12)
    s.apply("accept")
    assert f"move {other}" in legal_texts(s)


def test_engagement_view_shows_odds_and_roll() -> None:
    s, ls, _ = engage("void-reavers")
    s.apply("engage escape")
    roll(s, 5)
    info = s.view(1).data["engagement"]
    assert info["choice"] == "escape" and info["roll"] == 5 and info["escape"] == 6
    assert CONTENT.card_types[CONTENT.deck[s.hostile[ls]]].slug == "void-reavers"


def test_l14_two_ships_in_the_space_only_the_active_player_engages() -> None:
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 3)
    s.node[1] = -1
    s.lane[1] = ls
    s.mark[1] = 2
    s.apply(f"move {other}")
    give(s, 0, "scavenger-gang")
    s.apply("play scavenger-gang")
    s.apply(f"lane {ls}")
    assert s.decision_name() == "engage.choose" and s.current_player() == 0
    s.apply("engage escape")
    roll(s, 12)
    s.apply("accept")
    s.apply("keep")
    s.hand[0].append(card(s, "plague"))
    s.apply("end")
    pass_all(s)
    # seat 1 starts its turn in the same Space: now it engages
    assert s.active == 1 and s.decision_name() == "engage.choose"
