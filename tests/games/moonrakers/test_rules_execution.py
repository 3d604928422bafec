"""Execution (3.4): dice before play (R5), Actions and basic cards (2.3, R6), pooled requirements and
reductions (3.4.6), blocks (R20), play order and the end of the play rounds (3.4.3–3.4.4), the end of
execution in order (3.4.9, R7), drawing (2.8, R23), every contract type, and core rulings R13, R18,
R19, R21, R24, R25."""

from __future__ import annotations

import pytest

from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import effects, execution
from spacetable.games.moonrakers.execution import (
    R_CREW,
    R_DAMAGE,
    R_REACTOR,
    R_SHIELD,
    HazardDie,
    deal_damage,
    is_met,
    play_as,
)
from spacetable.games.moonrakers.state import BUYING, EXECUTION
from tests.games.moonrakers.helpers import (
    assert_illegal,
    cid,
    clear_objectives,
    event_keys,
    game,
    give_objective,
    legal,
    mission,
    pass_all,
    play_all,
    propose,
    roll,
    set_draw,
    set_hand,
    take,
)


# ------------------------------------------------------------------------------- hazard roll (3.4.1)
def test_all_dice_rolled_before_any_play_r5() -> None:
    """3.4.1, R5: each participant rolls its assigned dice; all are rolled before anyone plays."""
    s = game(3, seed=1)
    take(s, "bomber-screen")  # 3 dice
    propose(s, [1], dice=[1, 0, 1])
    s.apply("accept")
    s.apply("start")
    rolled = []
    while s.current_player() == CHANCE:
        rolled.append(s.stack[-1].player)
        assert s.ex is not None and all(st.cards == 0 for st in s.ex.seats.values())
        s.apply("hazard 1")
    assert sorted(rolled) == [0, 1, 1]
    assert s.decision_name() == "execution.play"
    assert s.ex is not None and s.ex.seats[0].dice == [1] and s.ex.seats[1].dice == [1, 1]


def test_hazard_die_faces_1_1_3() -> None:
    """1.1.3: faces 0, 0, 1, 1, 2, 2 icons: each count with probability 1/3."""
    s = game(3, seed=2)
    take(s, "claim-bounty")
    s.apply("solo")
    outs = s.chance_outcomes()
    assert [str(a) for a, _ in outs] == ["hazard 0", "hazard 1", "hazard 2"]
    assert sum(p for _, p in outs) == pytest.approx(1.0) and all(p == pytest.approx(1 / 3) for _, p in outs)


def test_roll_fewer_cuts_only_owner_dice_r21(monkeypatch: pytest.MonkeyPatch) -> None:
    """3.4.1, R21: a dice reduction (Cloaking Device) cuts only its owner's dice, never below 0."""
    monkeypatch.setattr(effects, "dice_reduction", lambda s, seat: 1 if seat == 1 else 0)
    s = game(3, seed=3)
    take(s, "bomber-screen")
    propose(s, [1, 2], dice=[1, 2, 2])
    s.apply("accept")
    s.apply("accept")
    s.apply("start")
    roll(s, 1)
    ex = s.ex
    assert ex is not None
    assert ex.seats[1].dice == [] and ex.seats[2].dice == [1, 1] and ex.seats[0].dice == []


def test_extra_die_targets_who_rolled_it_r21() -> None:
    """3.4.5, R21: an extra die rolled by an effect targets the player whose effect rolled it."""
    s = game(3, seed=4)
    mission(s, "claim-bounty", [1], icons=0)
    s.stack.append(HazardDie(1))
    s.apply("hazard 2")
    assert s.ex is not None and s.ex.seats[1].dice == [2] and s.ex.seats[0].dice == [0]
    s.stack.append(HazardDie(0, index=0))  # a re-roll replaces that die (3.4.5)
    s.apply("hazard 1")
    assert s.ex.seats[0].dice == [1]


# ------------------------------------------------------------------------------- start (3.4.2)
def test_one_starting_action_each_r6() -> None:
    """3.4.2, R6: every participant starts with 1 Action."""
    s = game(3, seed=5)
    mission(s, "claim-bounty", [1, 2])
    assert s.ex is not None and [s.ex.seats[p].actions for p in s.ex.order] == [1, 1, 1]


def test_start_triggers_in_seat_order_from_ml_r25(monkeypatch: pytest.MonkeyPatch) -> None:
    """3.4.2, R25: start-of-contract abilities resolve participant by participant from the ML."""
    calls: list[int] = []
    monkeypatch.setattr(effects, "contract_start", lambda s, seat: calls.append(seat))
    s = game(4, seed=6, first=2)
    mission(s, "claim-bounty", [0, 3])
    assert calls == [2, 3, 0]


def test_counters_reset_each_contract_r13() -> None:
    """3.4.2, R13: per-contract counters (Actions, blocks, once-per-contract uses) start fresh."""
    s = game(3, seed=7)
    mission(s, "space-anomaly", [])
    set_hand(s, 0, ["shield", "reactor", "miss", "miss", "miss"])
    play_all(s, ["play reactor", "play shield"])
    assert s.ex is not None
    s.ex.seats[0].used.append(99)
    pass_all(s)
    s.apply("done")
    for seat in (1, 2):  # the next two Mission Leaders stay at base
        while s.decision_name() != "planning":
            s.apply(legal(s)[-1])
        assert s.ml == seat
        s.apply("stay")
    while s.decision_name() != "planning":
        s.apply(legal(s)[-1])
    mission(s, "space-anomaly", [])
    st = s.ex.seats[0]
    assert (st.actions, st.blocks, st.used, st.played) == (1, 0, [], [0, 0, 0, 0, 0])


# ------------------------------------------------------------------------------- basic cards (2.3)
@pytest.mark.parametrize(("card", "pool", "actions", "blocks", "hand_delta"), [
    ("reactor", [1, 0, 0, 0, 0], 2, 0, -1),
    ("thruster", [0, 1, 0, 0, 0], 0, 0, 1),
    ("shield", [0, 0, 1, 0, 0], 0, 1, -1),
    ("damage-1", [0, 0, 0, 1, 0], 0, 0, -1),
    ("damage-2", [0, 0, 0, 2, 0], 0, 0, -1),
    ("damage-3", [0, 0, 0, 3, 0], 0, 0, -1),
    ("miss", [0, 0, 0, 0, 0], 0, 0, -1),
])
def test_basic_cards_r6(card: str, pool: list[int], actions: int, blocks: int, hand_delta: int) -> None:
    """2.3, R6: costs 1 Action; contributes; Reactor +2 Actions, Thruster draws 2, Shield 1 block."""
    s = game(3, seed=8)
    mission(s, "admirals-flagship", [])
    set_hand(s, 0, [card, "miss", "miss"])
    set_draw(s, 0, ["damage-1"] * 4)
    s.apply(f"play {card}")
    ex = s.ex
    assert ex is not None
    assert ex.pool == pool
    st = ex.seats[0]
    assert (st.actions, st.blocks) == (actions, blocks)
    assert len(s.players[0].hand) == 3 + hand_delta
    assert st.play == [cid(card)]


def test_crew_costs_one_action_and_contributes_one_crew_2_4() -> None:
    """2.4: a Crew card costs 1 Action and contributes 1 Crew (then its ability resolves)."""
    s = game(3, seed=9)
    mission(s, "distress-beacon", [])
    set_hand(s, 0, ["moro-mada", "miss"])
    s.apply("play moro-mada")
    assert s.ex is not None and s.ex.pool[R_CREW] == 1 and s.ex.seats[0].played[R_CREW] == 1
    assert s.ex.seats[0].actions == 0


def test_card_needs_an_action_r6() -> None:
    """R6, 2.7: with 0 Actions a card that costs an Action cannot be played; only pass remains."""
    s = game(3, seed=10)
    mission(s, "admirals-flagship", [])
    set_hand(s, 0, ["damage-1", "damage-2"])
    s.apply("play damage-1")
    assert legal(s) == ["pass"]
    assert_illegal(s, "play damage-2")


def test_free_play_allowed_at_zero_actions_r18(monkeypatch: pytest.MonkeyPatch) -> None:
    """2.7, R18: a free card (cost 0, e.g. Predator mk1's Damage I) may be played at 0 Actions."""
    real = effects.play_cost
    monkeypatch.setattr(effects, "play_cost",
                        lambda s, seat, card: 0 if card == cid("damage-1") else real(s, seat, card))
    s = game(3, seed=10)
    mission(s, "admirals-flagship", [])
    set_hand(s, 0, ["damage-2", "damage-1", "damage-1"])
    s.apply("play damage-2")
    assert s.ex is not None and s.ex.seats[0].actions == 0
    assert "play damage-1" in legal(s)
    s.apply("play damage-1")
    s.apply("play damage-1")
    assert s.ex.pool[R_DAMAGE] == 4 and s.ex.seats[0].actions == 0


def test_actions_and_draws_only_for_the_player_3_4_7() -> None:
    """3.4.7: Actions and draws go only to the player whose card produced them."""
    s = game(3, seed=11)
    mission(s, "admirals-flagship", [1])
    set_hand(s, 0, ["reactor", "thruster"])
    hand1 = len(s.players[1].hand)
    s.apply("play reactor")
    ex = s.ex
    assert ex is not None and ex.seats[0].actions == 2 and ex.seats[1].actions == 1
    s.apply("pass")  # seat 1
    s.apply("play thruster")
    assert len(s.players[1].hand) == hand1 and len(s.players[0].hand) == 2


def test_blocks_are_personal_r20() -> None:
    """3.4.8, R20: a Shield blocks only its player's dice; blocks are applied at the end."""
    s = game(3, seed=12)
    for p in s.players:
        p.prestige = 5
    take(s, "escape-pods")  # 2 dice
    propose(s, [1], dice=[0, 1])
    s.apply("accept")
    s.apply("start")
    roll(s, [2, 2])
    set_hand(s, 0, ["miss"])
    set_hand(s, 1, ["shield", "shield"])
    play_all(s, ["play miss", "play shield"])
    pass_all(s)
    assert s.players[1].prestige == 5 - 1  # 2 icons − 1 block
    assert s.players[0].prestige == 5 - 2  # the ally's Shield does not protect the ML


def test_blocks_gained_before_the_roll_apply_r20() -> None:
    """R20: blocks are a count applied at the end, whenever the die was rolled."""
    s = game(3, seed=13)
    s.players[0].prestige = 3
    mission(s, "space-anomaly", [])
    set_hand(s, 0, ["reactor", "shield", "miss"])
    play_all(s, ["play reactor", "play shield"])
    s.stack.append(HazardDie(0))
    s.apply("hazard 2")  # an extra die after the block was gained
    pass_all(s)
    assert s.players[0].prestige == 2


# ------------------------------------------------------------------------------- pool (3.4.6)
def test_requirements_pooled_across_participants_r6() -> None:
    """3.4.6, R6: contributions of all participants are summed per type."""
    s = game(3, seed=14)
    mission(s, "claim-bounty", [1])  # Reactor 2, Damage 3
    set_hand(s, 0, ["reactor", "damage-2", "miss"])
    set_hand(s, 1, ["reactor", "damage-1"])
    play_all(s, ["play reactor", "play reactor", "play damage-2", "play damage-1"])
    assert s.ex is not None and is_met(s)
    pass_all(s)
    assert "success" in event_keys(s)


def test_reductions_shared_and_floored_at_zero_r6() -> None:
    """3.4.6, R6: reductions by anyone lower the shared target, never below 0."""
    s = game(3, seed=15)
    mission(s, "claim-bounty", [1])  # Reactor 2, Damage 3
    ex = s.ex
    assert ex is not None
    req = A.CAT.contracts[ex.contract].req
    ex.reduce[R_REACTOR] = 5
    ex.reduce[R_DAMAGE] = 1
    assert ex.target(R_REACTOR, req) == 0 and ex.target(R_DAMAGE, req) == 2
    set_hand(s, 0, ["damage-2"])
    s.apply("play damage-2")
    assert is_met(s)


def test_deal_damage_is_not_a_card_r19() -> None:
    """2.6, R19: "deal N Damage" adds to the pool and to the player's Damage, but is no Damage card."""
    s = game(3, seed=16)
    mission(s, "claim-bounty", [])
    deal_damage(s, 0, 3)
    st = s.ex.seats[0]  # type: ignore[union-attr]
    assert s.ex.pool[R_DAMAGE] == 3 and st.damage == 3  # type: ignore[union-attr]
    assert st.played[R_DAMAGE] == 0 and st.dmg_cards == 0


def test_crew_played_as_shield_still_counts_crew_r19() -> None:
    """2.5, R19: a Crew played as X contributes as X with X's effect and still counts 1 Crew."""
    s = game(3, seed=17)
    mission(s, "transport-rescue", [])  # Shield 2, Crew 1
    set_hand(s, 0, ["moro-mada"])
    s.players[0].hand = [cid("moro-mada")]
    st = s.ex.seats[0]  # type: ignore[union-attr]
    s.apply("play moro-mada")
    while s.decision_name() != "execution.play":  # its own ability's choice, if any
        s.apply(legal(s)[0])
    play_as(s, 0, R_SHIELD)
    assert st.played[R_CREW] == 1 and st.played[R_SHIELD] == 1
    assert s.ex.pool[R_SHIELD] >= 1 and s.ex.pool[R_CREW] == 1  # type: ignore[union-attr]
    assert st.blocks == 1  # the Shield's effect


# ------------------------------------------------------------------------------- play rounds (3.4.3–3.4.4)
def test_play_order_ml_then_allies_cycling_r5() -> None:
    """3.4.3, R5: single steps, the ML first then allies in seat order, cycling."""
    s = game(4, seed=18, first=1)
    mission(s, "admirals-flagship", [3, 0])
    seen = []
    for _ in range(6):
        seen.append(s.current_player())
        s.apply("pass" if len(seen) % 3 else legal(s)[0])
    assert seen == [1, 3, 0, 1, 3, 0]


def test_execution_ends_after_full_cycle_of_passes_3_4_4() -> None:
    """3.4.4: it ends when every participant passed in succession; a passer may act again later."""
    s = game(3, seed=19)
    mission(s, "admirals-flagship", [1, 2])
    set_hand(s, 0, ["miss", "miss"])
    s.apply("pass")  # ML
    s.apply("pass")  # seat 1
    set_hand(s, 2, ["damage-1"])
    s.apply("play damage-1")  # seat 2 acts: the cycle restarts
    assert s.current_player() == 0 and "play miss" in legal(s)  # the ML passed but may act again
    s.apply("pass")
    s.apply("pass")
    assert s.phase == EXECUTION
    s.apply("pass")
    assert s.phase != EXECUTION and s.ex is None


def test_playing_on_after_requirements_met_3_4_4() -> None:
    """3.4.4: playing on after the requirements are met is allowed."""
    s = game(3, seed=20)
    mission(s, "space-anomaly", [])  # Reactor 1, Damage 1
    set_hand(s, 0, ["reactor", "damage-1", "damage-2"])
    play_all(s, ["play reactor", "play damage-1"])
    assert is_met(s) and "play damage-2" in legal(s)
    s.apply("play damage-2")
    assert s.ex is not None and s.ex.pool[R_DAMAGE] == 3


# ------------------------------------------------------------------------------- contract types (4.1)
@pytest.mark.parametrize(("slug", "kind", "hand"), [
    ("claim-bounty", "kill", ["reactor", "reactor", "damage-3"]),
    ("reactor-failure", "rescue", ["reactor", "shield"]),
    ("space-anomaly", "explore", ["reactor", "damage-1"]),
    ("blockade-run", "delivery", ["reactor", "thruster", "shield"]),
])
def test_every_contract_type_succeeds_and_pays_4_1(slug: str, kind: str, hand: list[str]) -> None:
    """4.1, 4.2, 3.4.9: a contract of each type succeeds when every requirement is met and pays out."""
    c = A.CAT.contracts[A.CONTRACT_ID[slug]]
    assert c.kind == kind
    s = game(3, seed=21)
    clear_objectives(s)  # only the contract pays: no objective the seed dealt is claimed with it
    mission(s, slug, [])
    set_hand(s, 0, hand)
    set_draw(s, 0, ["miss"] * 6)
    credits, prestige = s.players[0].credits, s.players[0].prestige
    play_all(s, [f"play {x}" for x in hand])
    pass_all(s)
    assert "success" in event_keys(s)
    assert s.players[0].credits == credits + c.credits
    assert s.players[0].prestige == prestige + c.prestige


@pytest.mark.parametrize("slug", ["claim-bounty", "transport-rescue", "distress-beacon", "fuel-shortage"])
def test_failure_pays_nothing_but_hazards_4_4(slug: str) -> None:
    """4.4, 3.4.9: on failure nobody gets anything; hazard losses still apply, floored at 0 (7.2)."""
    s = game(3, seed=22)
    clear_objectives(s)  # nothing is paid: no objective the seed dealt is claimed either
    s.players[0].prestige = 1
    mission(s, slug, [1], shares={1: [0, 1, 0]}, icons=2)  # one die, 2 icons, targeting the ML
    credits = [p.credits for p in s.players]
    pass_all(s)
    assert "failure" in event_keys(s)
    assert [p.credits for p in s.players] == credits
    assert s.players[0].prestige == 0 and s.players[1].prestige == 0


# ------------------------------------------------------------------------------- end of execution (3.4.9)
def test_end_of_execution_order_r7() -> None:
    """3.4.9, R7: success check → rewards → hazard losses → objectives → cleanup → contract refill."""
    s = game(3, seed=23)
    clear_objectives(s)
    give_objective(s, 0, "gun-for-hire")
    mission(s, "claim-bounty", [], icons=2)
    set_hand(s, 0, ["reactor", "reactor", "damage-3"])
    set_draw(s, 0, ["miss"] * 8)
    play_all(s, ["play reactor", "play reactor", "play damage-3"])
    s.take_events()
    pass_all(s)
    keys = [k for k in event_keys(s) if k in ("success", "prestige", "credits", "hazard-loss", "objective",
                                               "draw", "contract-revealed")]
    assert keys == ["success", "prestige", "credits", "hazard-loss", "objective", "draw", "contract-revealed"]
    assert s.players[0].prestige == 1 - 1 + 1
    assert s.phase == BUYING or s.decision_name() == "buying"


def test_cleanup_participants_only_r7() -> None:
    """3.4.9 step 5, R7, 2.10: participants discard hand and play area and draw 5; others keep theirs."""
    s = game(3, seed=24)
    mission(s, "admirals-flagship", [1])
    set_hand(s, 0, ["damage-1", "miss", "miss"])
    set_draw(s, 0, ["reactor"] * 7)
    s.players[0].discard = []
    hand2 = list(s.players[2].hand)
    s.apply("play damage-1")
    pass_all(s)
    p0 = s.players[0]
    assert sorted(p0.discard) == sorted([cid("damage-1"), cid("miss"), cid("miss")])
    assert p0.hand == [cid("reactor")] * 5
    assert s.players[2].hand == hand2
    assert len(s.players[1].hand) == 5


def test_hand_size_is_not_a_cap_r23() -> None:
    """2.10, R23: hand size is a refill number: nobody discards down, even with 6+ cards."""
    s = game(3, seed=25)
    mission(s, "admirals-flagship", [])
    set_hand(s, 0, ["thruster", "miss", "miss", "miss", "miss"])
    set_draw(s, 0, ["miss"] * 4)
    s.apply("play thruster")
    assert len(s.players[0].hand) == 6 and s.decision_name() == "execution.play"


def test_draw_reshuffles_then_stops_r23() -> None:
    """2.8, R23: an empty draw pile is refilled from the discard; with both empty drawing stops."""
    s = game(3, seed=26)
    mission(s, "admirals-flagship", [])
    set_hand(s, 0, ["thruster", "reactor", "thruster"])
    set_draw(s, 0, [])
    s.players[0].discard = [cid("damage-2")]
    s.apply("play reactor")
    s.apply("play thruster")
    assert s.players[0].hand.count(cid("damage-2")) == 1 and "reshuffle" in event_keys(s)
    assert s.players[0].discard == [] and s.players[0].draw == []
    before = len(s.players[0].hand)
    s.apply("play thruster")  # nothing left to draw
    assert len(s.players[0].hand) == before - 1


def test_play_area_not_reshuffled_2_8() -> None:
    """2.8: the play area is not part of the discard pile."""
    s = game(3, seed=27)
    mission(s, "admirals-flagship", [])
    set_hand(s, 0, ["reactor", "thruster"])
    set_draw(s, 0, [])
    s.players[0].discard = []
    s.apply("play reactor")
    s.apply("play thruster")
    assert s.players[0].hand == [] and s.ex is not None and len(s.ex.seats[0].play) == 2


def test_allies_text_means_other_participants_r24() -> None:
    """R24, 5.7 (Pulsor mk1): "each of your allies" = the other participants, also when the owner is an
    ally; needs the parts helper's effects."""
    pulsor = A.CAT.part("pulsor-mk1")
    if not pulsor.effects:
        pytest.skip("Pulsor mk1 has no effects yet (parts helper)")
    s = game(3, seed=28)
    s.players[1].parts = [pulsor.id]
    mission(s, "admirals-flagship", [1, 2])
    ex = s.ex
    assert ex is not None
    assert [ex.seats[p].actions for p in (0, 1, 2)] == [2, 1, 2]


def test_damage_total_with_kary_bonus_oq4() -> None:
    """OQ 4: the Damage pool adds the per-card bonus for Damage I/II/III cards (Kary Powalk)."""
    s = game(3, seed=29)
    mission(s, "claim-bounty", [])
    set_hand(s, 0, ["reactor", "damage-1", "damage-1"])
    play_all(s, ["play reactor", "play damage-1", "play damage-1"])
    ex = s.ex
    assert ex is not None
    ex.damage_bonus = 1
    assert execution.damage_total(ex) == 4


