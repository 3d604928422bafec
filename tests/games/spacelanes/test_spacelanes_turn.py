"""Space Lanes turn rules: setup (L1-L3), Trade (L4, L5), Travel (L2, L6), Adrift (L7), Odd Jobs (L8),
Damage and repairs (L9), response windows (L10), the deck (L13) and winning (L21)."""

from __future__ import annotations

import pytest

from spacetable.engine.errors import ConfigError, IllegalAction
from spacetable.engine.game import get_game
from spacetable.games.spacelanes.actions import SLUGS
from spacetable.games.spacelanes.board import ADJ, ENDS
from spacetable.games.spacelanes.card_play import can_play
from spacetable.games.spacelanes.common import cargo_limit, draw
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.goals import goal_reached, progress
from spacetable.games.spacelanes.trade import buy_price, sell_price
from spacetable.games.spacelanes.travel import land
from tests.games.spacelanes.sl_helpers import (
    CT,
    card,
    fuel_cards,
    give,
    legal_texts,
    move_to_settlement,
    new,
    pass_all,
    put_on_lane,
    set_lane_distance,
    started,
)


# ----- setup ---------------------------------------------------------------------------------------
def test_l1_slot_zero_holds_a_homeworld_and_lanes_are_shuffled() -> None:
    dists = set()
    for seed in range(8):
        s = new(2, seed)
        assert CONTENT.settlements[s.slot_set[0]].homeworld
        assert sorted(s.slot_set) == list(range(15))
        dists.add(tuple(s.dist))
    assert len(dists) > 1


def test_l3_setup_credits_hand_goal_and_start_choice_in_seat_order() -> None:
    s = new(3, 4)
    assert s.credits == [3000] * 3
    assert all(len(h) == 10 for h in s.hand)
    assert len(set(s.goal)) == 3
    assert s.decision_name() == "setup.start" and s.current_player() == 0
    s.apply("start 5")
    assert s.current_player() == 1
    s.apply("start 5")  # players may share a start
    s.apply("start 2")
    assert s.node == [5, 5, 2]
    outs = s.chance_outcomes()
    assert [str(a) for a, _ in outs] == ["first 0", "first 1", "first 2"]
    assert sum(p for _, p in outs) == pytest.approx(1.0)


def test_config_refuses_unknown_mode_and_player_counts() -> None:
    with pytest.raises(ConfigError):
        new(2, 1, ("warp",))
    with pytest.raises(ConfigError):
        get_game("spacelanes").new_game({"players": 6}, 1)


# ----- trade ---------------------------------------------------------------------------------------
def test_l5_buy_sell_at_listed_prices() -> None:
    s = started()
    slot = move_to_settlement(s, 0, "rustfall")
    s.apply("trade")
    s.apply("buy ore")
    assert s.credits[0] == 3000 - buy_price(s, slot, 0) and s.cargo[0][0] == 1
    s.cargo[0][1] = 1  # supplies carried in from elsewhere
    s.apply("sell supplies")
    assert s.credits[0] == 3000 - 120 + sell_price(s, slot, 1) and s.cargo[0][1] == 0
    assert "buy luxury" not in legal_texts(s)  # untraded good


def test_l5_goods_bought_in_a_visit_are_not_sold_back_in_it() -> None:
    """Project ruling on L5 (docs/spacelanes-design.md): no buy-and-sell-back at one place in one Visit,
    whatever Economic events or sale bonuses do to the prices; the next Visit may sell them."""
    s = started()
    slot = move_to_settlement(s, 0, "the-drift")
    s.apply("trade")
    s.apply("buy ore")
    assert "sell ore" not in legal_texts(s)
    land(s, 0, slot)  # a new Visit
    assert "sell ore" in legal_texts(s)


def test_l5_at_most_5_of_one_good_per_visit_and_new_visit_resets() -> None:
    s = started()
    slot = move_to_settlement(s, 0, "rustfall")
    s.apply("trade")
    for _ in range(5):
        s.apply("buy ore")
    assert "buy ore" not in legal_texts(s)
    assert "buy supplies" in legal_texts(s)
    land(s, 0, slot)  # a new Visit
    assert "buy ore" in legal_texts(s)


def test_l5_cargo_limit_10_and_upgrade_raises_it() -> None:
    s = started()
    move_to_settlement(s, 0, "rustfall")
    s.credits[0] = 50000
    s.cargo[0] = [0, 0, 0, 0, 0, 10]
    s.apply("trade")
    assert not any(a.startswith("buy") for a in legal_texts(s))
    s.ship[0].append(card(s, "cargo-pod"))
    assert cargo_limit(s, 0) == 13
    assert "buy ore" in legal_texts(s)


def test_l5_discard_once_per_trade() -> None:
    s = started()
    give(s, 0, "famine", "plague", "ore-boom")
    move_to_settlement(s, 0, "rustfall")
    s.apply("trade")
    s.apply("toss famine")
    s.apply("toss plague")  # one discard may hold several cards
    s.apply("buy ore")
    assert not any(a.startswith("toss") for a in legal_texts(s))


def test_l5_buy_cards_once_at_100_each_up_to_hand_limit() -> None:
    s = started()
    move_to_settlement(s, 0, "rustfall")
    fuel_cards(s, 0, 7)
    s.apply("trade")
    assert "draw 3" in legal_texts(s) and "draw 4" not in legal_texts(s)
    s.apply("draw 3")
    assert len(s.hand[0]) == 10 and s.credits[0] == 2700
    assert not any(a.startswith("draw") for a in legal_texts(s))


def test_l5_pawn_for_half_cost_rounded_down_to_50() -> None:
    s = started()
    move_to_settlement(s, 0, "rustfall")
    s.ship[0].append(card(s, "afterburners"))  # cost 700 -> 350
    s.ship[0].append(card(s, "countermeasures"))  # cost 300 -> 150
    s.ship[0].append(card(s, "gunner-vex"))  # crew is not equipment
    s.apply("trade")
    assert "pawn gunner-vex" not in legal_texts(s)
    s.apply("pawn afterburners")
    s.apply("pawn countermeasures")
    assert s.credits[0] == 3000 + 350 + 150


def test_l4_one_trade_per_turn_and_trade_then_travel() -> None:
    s = started()
    move_to_settlement(s, 0, "rustfall")
    s.apply("trade")
    s.apply("done")
    assert "trade" not in legal_texts(s)
    assert any(a.startswith("move") for a in legal_texts(s))


def test_l4_travel_then_trade_closes_travel() -> None:
    s = started()
    fuel_cards(s, 0, 4)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 1)
    s.apply(f"move {other}")
    pass_all(s)
    s.apply(f"move {other}")
    s.apply(s.legal_actions()[0])  # fuel
    pass_all(s)
    assert s.node[0] == other
    s.apply("trade")
    s.apply("done")
    assert not any(a.startswith("move") for a in legal_texts(s))


@pytest.mark.parametrize("slug", ["terra-nova", "kepler-prime", "new-carthage", "rustfall", "cinder-reach",
                                  "blackstar-haven", "smugglers-rest", "forge-station", "helix-labs"])
def test_l5_settlement_feature_once_per_visit(slug: str) -> None:
    s = started()
    move_to_settlement(s, 0, slug)
    st = CONTENT.settlements[s.slot_set[s.node[0]]]
    s.cargo[0] = [3, 0, 0, 0, 0, 2]
    s.damaged[0] = True
    s.union[0] = s.pirate[0] = 1
    give(s, 0, "famine")
    s.discard.append(card(s, "missiles"))
    if st.feature == "faction_office":
        s.credits[0] = 10000  # the price rises with the Faction held (design note, "Loops")
    before = (s.credits[0], list(s.cargo[0]), len(s.hand[0]), s.union[0], s.pirate[0], s.damaged[0],
              s.free_moves)
    s.apply("trade")
    feats = [a for a in legal_texts(s) if a.startswith("feature")]
    assert feats
    s.apply(feats[0])
    after = (s.credits[0], list(s.cargo[0]), len(s.hand[0]), s.union[0], s.pirate[0], s.damaged[0],
             s.free_moves)
    assert after != before
    k = st.feature
    if k == "faction_office":  # the price rises by its step for each Faction of that kind held (1 here)
        assert s.credits[0] == 10000 - st.farg("price") - st.farg("step")
    elif k == "repair_dock":
        assert not s.damaged[0] and s.credits[0] == 3000 - st.farg("price")
    elif k == "archive":
        assert len(s.hand[0]) == 1 + st.farg("cards")
    elif k == "fuel_depot":
        assert s.free_moves == st.farg("moves")
    elif k == "refinery":
        assert s.cargo[0][0] == 0 and s.cargo[0][2] == 3
    elif k == "fence":
        assert s.cargo[0][5] == 0 and s.credits[0] == 3000 + 2 * st.farg("price")
    elif k == "salvage_yard":
        assert CT[CONTENT.deck[s.hand[0][-1]]].slug == "missiles"
    elif k == "exchange":
        assert s.credits[0] == 3000 + st.farg("price")
    assert not any(a.startswith("feature") for a in legal_texts(s))


def test_l5_l9_repair_for_500_during_trade() -> None:
    s = started()
    move_to_settlement(s, 0, "rustfall")
    s.damaged[0] = True
    s.apply("trade")
    s.apply("repair")
    assert not s.damaged[0] and s.credits[0] == 2500


# ----- travel --------------------------------------------------------------------------------------
def test_l2_l6_crossing_a_lane_of_distance_d_takes_d_plus_1_moves_first_free() -> None:
    s = started()
    start = s.node[0]
    ls, other = ADJ[start][0]
    set_lane_distance(s, ls, 2)
    fuel_cards(s, 0, 5)
    s.apply(f"move {other}")  # free
    assert len(s.hand[0]) == 5 and s.lane[0] == ls
    pass_all(s)
    s.apply(f"move {other}")
    assert s.decision_name() == "fuel"
    s.apply(s.legal_actions()[0])
    pass_all(s)
    assert len(s.hand[0]) == 4 and s.lane[0] == ls
    s.apply(f"move {other}")
    s.apply(s.legal_actions()[0])
    pass_all(s)
    assert s.node[0] == other and len(s.hand[0]) == 3
    assert s.discard[-1] in CONTENT.deck or True


def test_l6_no_fuel_no_second_move_and_landing_does_not_stop_travel() -> None:
    s = started()
    start = s.node[0]
    ls, other = ADJ[start][0]
    set_lane_distance(s, ls, 1)
    s.apply(f"move {other}")
    assert not any(a.startswith("move") for a in legal_texts(s))


def test_l6_fuel_burn_gives_three_free_moves() -> None:
    s = started()
    give(s, 0, "fuel-burn")
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 3)
    s.apply(f"move {other}")
    pass_all(s)
    s.apply("play fuel-burn")
    assert s.free_moves == 3 and s.credits[0] == 2800
    for _ in range(3):
        s.apply(f"move {other}")
        pass_all(s)
    assert s.node[0] == other and s.hand[0] == []


def test_l7_adrift_when_turn_ends_on_marker_without_cards() -> None:
    s = started()
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 2)
    s.apply(f"move {other}")
    s.apply("end")
    pass_all(s)
    assert s.damaged[0] and s.adrift[0]
    # cannot be repaired until landing, not even by a Repair Kit
    give(s, 0, "repair-kit")
    assert not can_play(s, 0, CT[SLUGS.index("repair-kit")], False)
    land(s, 0, other)
    assert not s.adrift[0] and can_play(s, 0, CT[SLUGS.index("repair-kit")], False)


def test_l8_odd_jobs_draw_to_10_gain_500_only_without_trade_or_travel() -> None:
    s = started()
    s.apply("odd_jobs")
    assert len(s.hand[0]) == 10 and s.credits[0] == 3500
    assert s.active == 1
    pass_all(s)
    s.discard.extend(s.hand[0])
    s.hand[0] = []
    s.apply("trade")
    s.apply("done")
    assert "odd_jobs" not in legal_texts(s)


def test_l8_odd_jobs_not_on_a_plain_lane_but_on_a_space_station() -> None:
    s = started()
    ls, _ = ADJ[s.node[0]][0]
    put_on_lane(s, 0, ls)
    assert "odd_jobs" not in legal_texts(s)
    s.station[ls] = card(s, "waystation")
    assert "odd_jobs" in legal_texts(s)


def test_l9_damaged_ship_plays_only_repair_kit_but_may_burn_fuel() -> None:
    s = started()
    give(s, 0, "missiles", "laser-cannons", "repair-kit", "scavenger-gang")
    s.damaged[0] = True
    plays = [a for a in legal_texts(s) if a.startswith("play")]
    assert plays == ["play repair-kit"]
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 2)
    s.apply(f"move {other}")
    s.apply(f"move {other}")
    assert s.decision_name() == "fuel"
    s.apply("fuel missiles")
    s.apply("play repair-kit")
    assert not s.damaged[0]


def test_l9_repair_by_skipping_the_turn_on_a_settlement() -> None:
    s = started()
    s.damaged[0] = True
    s.apply("skip")
    assert not s.damaged[0] and s.active == 1


def test_l10_windows_skip_players_who_cannot_play() -> None:
    s = started(3)
    s.apply("end")
    assert s.decision_name() == "turn" and s.active == 1  # nobody can play: nobody is asked
    give(s, 1, "plague")
    s.apply("end")
    # turn of seat 2 starts: seat 0 cannot play and is passed over, seat 1 is asked
    assert s.active == 2 and s.decision_name() == "respond" and s.current_player() == 1
    assert legal_texts(s) == ["play plague", "pass"]
    s.apply("pass")
    assert s.decision_name() == "turn" and s.active == 2


def test_l10_damaged_player_with_no_repair_kit_is_not_asked() -> None:
    s = started(2)
    give(s, 1, "plague")
    s.damaged[1] = True
    s.apply("end")
    s.apply("end")
    assert s.decision_name() == "turn"


def test_l9_l10_stored_repair_kit_used_in_a_window() -> None:
    s = started(2)
    s.ship[1].append(card(s, "repair-kit"))
    s.damaged[1] = True
    s.apply("end")
    s.apply("end")  # seat 0's turn starts: seat 1 may repair now
    assert s.decision_name() == "respond" and legal_texts(s) == ["use repair-kit", "pass"]
    s.apply("use repair-kit")
    assert not s.damaged[1]


def test_l10_others_may_play_events_in_windows() -> None:
    s = started(2)
    give(s, 1, "corsair-raiders")
    ls, other = ADJ[s.node[0]][0]
    s.apply(f"move {other}")
    assert s.decision_name() == "respond" and s.current_player() == 1
    s.apply("play corsair-raiders")
    s.apply(f"lane {ls}")
    # L14: a card played into the active player's Space engages it
    assert s.decision_name() == "engage.choose"


def test_l13_empty_deck_reshuffles_discard() -> None:
    s = started()
    s.discard.extend(s.deck)
    s.deck = []
    n = len(s.discard)
    assert draw(s, 0, 3) == 3
    assert len(s.deck) == n - 3 and s.discard == []


def test_illegal_action_changes_nothing() -> None:
    s = started()
    before = s.view(0).to_json()
    with pytest.raises(IllegalAction):
        s.apply("buy ore")
    assert s.view(0).to_json() == before


# ----- winning -------------------------------------------------------------------------------------
def _set_goal(s: object, p: int, slug: str) -> None:
    s.goal[p] = next(g.index for g in CONTENT.goals if g.slug == slug)  # type: ignore[attr-defined]


def test_l21_win_at_end_of_own_turn_on_a_settlement() -> None:
    """L21: a Goal reached at the end of one's own turn on a Settlement wins once the round is played
    out (the first player's Goal waits for the last seat's turn; nobody else reached theirs)."""
    s = started(3)
    _set_goal(s, 0, "tycoon")
    s.credits[0] = 10 ** 6
    s.apply("end")
    assert not s.is_terminal() and s.view(1).data["reached"] == [0]
    assert "goals" not in s.view(1).data  # goals stay secret until the end
    s.apply("end")
    assert not s.is_terminal()
    s.apply("end")  # the third and last seat of the round
    assert s.is_terminal() and s.winners() == [0]
    assert s.game_stats() == {"winning_goals": ["tycoon"]}
    assert s.view(1).data["goals"][0] == "tycoon"  # goals revealed at the end


def test_l21_the_round_is_played_out_and_goals_reached_in_it_share_the_win() -> None:
    """L21: every seat gets as many turns as the first player; a later seat that reaches its Goal in
    the same round shares the win, one that does not loses."""
    s = started(3)
    for p in range(3):
        _set_goal(s, p, "tycoon")
    s.credits[0] = s.credits[2] = 10 ** 6
    s.apply("end")
    s.apply("end")
    s.apply("end")
    assert s.is_terminal() and s.winners() == [0, 2] and s.returns() == [0.5, 0.0, 0.5]


def test_l21_the_last_seat_of_a_round_wins_at_once() -> None:
    s = started(3, first=1)  # seat 0 moves last in the round
    _set_goal(s, 0, "tycoon")
    s.credits[0] = 10 ** 6
    s.apply("end")
    s.apply("end")
    assert not s.is_terminal()
    s.apply("end")
    assert s.is_terminal() and s.winners() == [0]


def test_l21_no_win_while_on_a_lane_or_on_another_players_turn() -> None:
    s = started()
    _set_goal(s, 1, "tycoon")
    s.credits[1] = 10 ** 6
    ls, other = ADJ[s.node[0]][0]
    s.apply("end")  # seat 1's goal is reached but only its own turn end counts
    assert not s.is_terminal()
    put_on_lane(s, 1, ls)
    s.apply("end")
    assert not s.is_terminal()


def test_l21_turn_limit_closest_to_goal_wins() -> None:
    s = started(2, turn_limit=2)
    _set_goal(s, 0, "tycoon")
    _set_goal(s, 1, "courier")
    s.credits[0] = 15000  # about half of its goal
    s.apply("end")
    s.apply("end")
    assert s.is_terminal() and s.winners() == [0]


@pytest.mark.parametrize("players", [2, 5])
def test_l21_goal_targets_follow_the_player_count(players: int) -> None:
    """The goals state a target per table size (docs/spacelanes-design.md): Tycoon needs more credits at
    2 players than at 5 (goals.json); the win check (L21) applies the table's number."""
    tycoon = next(g for g in CONTENT.goals if g.slug == "tycoon")
    needed = tycoon.target_for(players)
    assert tycoon.target_for(2) > tycoon.target_for(5)
    s = started(players)
    _set_goal(s, 0, "tycoon")
    s.credits[0] = needed - 1
    assert not goal_reached(s, 0)
    s.credits[0] = needed
    assert goal_reached(s, 0)
    for _ in range(players):  # the round is played out (L21)
        s.apply("end")
    assert s.is_terminal() and s.winners() == [0]


@pytest.mark.parametrize("goal", [g.slug for g in CONTENT.goals])
def test_l21_every_goal_has_progress_and_can_be_reached(goal: str) -> None:
    s = started()
    _set_goal(s, 0, goal)
    assert 0.0 <= progress(s, 0) < 1.0
    g = next(x for x in CONTENT.goals if x.slug == goal)
    s.credits[0] = max(s.credits[0], g.credits_for(s.n), g.target_for(s.n) if g.kind == "credits" else 0)
    attr = {"goods_sold": "goods_sold", "pirates_won": "pirates_won", "union": "union", "pirate": "pirate",
            "bounties": "bounties", "transports": "transports_done", "contraband_sold": "contraband_sold"}
    if g.kind in attr:
        getattr(s, attr[g.kind])[0] = g.target_for(s.n)
    if g.kind in ("homeworlds", "visited"):
        s.visited[0] = (1 << 15) - 1
    if g.kind == "markets":
        s.traded[0] = (1 << 15) - 1
    assert goal_reached(s, 0)


def test_lane_ends_are_slots() -> None:
    assert all(0 <= a < 15 and 0 <= b < 15 for a, b in ENDS)
