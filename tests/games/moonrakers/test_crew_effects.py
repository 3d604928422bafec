"""Every base (BG) and first-encounter (FE) crew ability, played in a constructed execution (2.4).

Each test cites the rule, ruling (Rn) or open question (OQ n) of shared/rules/moonrakers-base.md it
checks. Positions: a real game driven to Planning, then hands/draw piles set and an execution begun
with chosen participants and hazard dice.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import new_game
from spacetable.games.moonrakers.execution import begin_execution, damage_total
from spacetable.games.moonrakers.game import Moonrakers
from spacetable.games.moonrakers.rules import advance
from spacetable.games.moonrakers.state import Seat

R, T, SH, D, C = range(5)  # requirement indices: reactor, thruster, shield, damage, crew


def cid(slug: str) -> int:
    return A.CARD_ID[slug]


def ids(*slugs: str) -> list[int]:
    return [A.CARD_ID[x] for x in slugs]


def position(hand: Sequence[str] = (), draw: Sequence[str] = (), discard: Sequence[str] = (),
             players: int = 3, allies: Sequence[int] = (), dice: dict[int, list[int]] | None = None,
             contract: str = "blockade-run", seed: int = 1, hands: dict[int, Sequence[str]] | None = None,
             crew_row: Sequence[str] | None = None, merc_row: Sequence[str] | None = None) -> Moonrakers:
    """An execution with seat 0 as ML at its first play decision.

    `hand`/`draw`/`discard` are the ML's zones (draw: last = top), `hands` other seats' hands,
    `dice` seat -> icons of each die targeting it (rolled in participant order)."""
    s = new_game({"players": players, "modules": ["first-encounter"], "expansions": []}, seed)
    while s.decision_name() == "setup.objectives":
        s.apply(s.legal_actions()[0])
    while s.decision_name() == "setup.first-player":
        s.apply(f"hazard {0 if s.stack[-1].player == 0 else 2}")
    assert s.decision_name() == "planning" and s.ml == 0
    s.stack.clear()
    p = s.players[0]
    p.hand, p.draw, p.discard = ids(*hand), ids(*draw), ids(*discard)
    for seat, h in (hands or {}).items():
        s.players[seat].hand = ids(*h)
    if crew_row is not None:
        s.crew_row = [cid(x) - 7 for x in crew_row]
    if merc_row is not None:
        s.merc_row = ids(*merc_row)
    dice = dice or {}
    dice_to = [seat for seat in sorted(dice) for _ in dice[seat]]
    begin_execution(s, A.CONTRACT_ID[contract], list(allies), {a: [0, 0, 0] for a in allies}, dice_to, -1)
    advance(s)
    ex = s.ex
    assert ex is not None
    for seat in ex.order:
        for icons in dice.get(seat, []):
            assert s.current_player() == CHANCE
            s.apply(f"hazard {icons}")
    assert s.decision_name() == "execution.play" and s.current_player() == 0
    s.events = []
    return s


def seat(s: Moonrakers, p: int = 0) -> Seat:
    assert s.ex is not None
    return s.ex.seats[p]


def legal(s: Moonrakers) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def pool(s: Moonrakers) -> list[int]:
    assert s.ex is not None
    return s.ex.pool


def reduce(s: Moonrakers) -> list[int]:
    assert s.ex is not None
    return s.ex.reduce


# ------------------------------------------------------------------------------- BG crew
def test_ada_massa_actions_and_reactor_reduction_2_4_3_4_6() -> None:
    s = position(hand=["ada-massa"])
    s.apply("play ada-massa")
    assert seat(s).actions == 0 + 3  # 1 start Action paid, +3
    assert reduce(s)[R] == 1 and pool(s)[C] == 1 and seat(s).played[C] == 1


def test_at0k_discards_a_die_and_counts_its_icons_as_damage_oq6() -> None:
    s = position(hand=["at-0k"], dice={0: [2, 0, 2]}, contract="abandoned-vessel")
    s.apply("play at-0k")
    assert s.decision_name() == "choice.crew.at-0k"
    assert legal(s) == ["target 1", "target 2"]  # one option per distinct icon count
    s.apply("target 1")
    assert seat(s).dice == [0, 2] and pool(s)[D] == 2 and seat(s).played[D] == 1
    assert pool(s)[C] == 1 and s.decision_name() == "execution.play"


def test_at0k_without_dice_counts_zero_damage_still_one_crew_oq6() -> None:
    s = position(hand=["at-0k"])
    s.apply("play at-0k")
    assert pool(s)[D] == 0 and pool(s)[C] == 1 and seat(s).played[D] == 1
    assert s.decision_name() == "execution.play"


def test_at0k_single_die_is_taken_without_a_question_3_4_5() -> None:
    s = position(hand=["at-0k"], dice={0: [1]}, contract="claim-bounty")
    s.apply("play at-0k")
    assert seat(s).dice == [] and pool(s)[D] == 1 and s.decision_name() == "execution.play"


def test_b3ar_takes_another_crew_back_and_keeps_its_contribution_oq8() -> None:
    s = position(hand=["ada-massa", "b3-ar", "reactor"], discard=["kal-damar", "miss"])
    s.apply("play reactor")  # 1 + 2 - 1 = 2 Actions
    s.apply("play ada-massa")
    s.apply("play b3-ar")
    assert legal(s) == ["choose ada-massa", "choose kal-damar"]  # never B3-AR itself, only crew
    s.apply("choose ada-massa")
    assert cid("ada-massa") in s.players[0].hand and cid("ada-massa") not in seat(s).play
    assert pool(s)[C] == 2 and reduce(s)[R] == 1  # what Ada contributed stays
    assert seat(s).actions == 2 - 1 + 3 - 1 + 1  # B3-AR +1 Action
    s.apply("play ada-massa")  # replaying contributes again (OQ 8)
    assert pool(s)[C] == 3 and reduce(s)[R] == 2


def test_b3ar_from_discard_and_with_nothing_to_take_oq8() -> None:
    s = position(hand=["b3-ar"], discard=["kal-damar"])
    s.apply("play b3-ar")  # a single candidate is taken at once
    assert s.players[0].hand == [cid("kal-damar")] and s.players[0].discard == []
    s = position(hand=["b3-ar"], discard=["miss"])
    s.apply("play b3-ar")
    assert s.players[0].hand == [] and seat(s).actions == 1 and s.decision_name() == "execution.play"


@pytest.mark.parametrize("option", [1, 2])
def test_bill_bendo_block_shield_reduction_then_draw_or_action_3_4_8(option: int) -> None:
    s = position(hand=["bill-bendo"], draw=["miss", "thruster"])
    s.apply("play bill-bendo")
    assert seat(s).blocks == 1 and reduce(s)[SH] == 1  # 3.4.8, 3.4.6
    assert s.decision_name() == "choice.crew.option" and legal(s) == ["option 1", "option 2"]
    assert s.view(0).data["decision"]["option_texts"] == ["draw 1", "+1 Action"]
    s.apply(f"option {option}")
    if option == 1:
        assert s.players[0].hand == [cid("thruster")] and seat(s).actions == 0
    else:
        assert s.players[0].hand == [] and seat(s).actions == 1


def test_crusse_parke_four_damage_and_trashes_top_card_unseen_oq7() -> None:
    s = position(hand=["crusse-parke"], draw=["miss", "shield"], discard=["reactor"])
    before = s.players[0].deck_size()
    s.apply("play crusse-parke")
    assert pool(s)[D] == 4 and pool(s)[C] == 1 and seat(s).played[D] == 1
    assert s.players[0].draw == [cid("miss")] and s.players[0].deck_size() == before - 1 - 1
    assert all(e.args == (0,) for e in s.events or [] if e.key == "crew-trash-top")  # card not named


def test_crusse_parke_reshuffles_an_empty_draw_pile_and_skips_when_nothing_is_left_oq7() -> None:
    s = position(hand=["crusse-parke"], discard=["reactor"])
    s.apply("play crusse-parke")
    assert s.players[0].draw == [] and s.players[0].discard == []
    s = position(hand=["crusse-parke"])
    s.apply("play crusse-parke")
    assert pool(s)[D] == 4 and s.decision_name() == "execution.play"


def test_dana_powalki_counts_as_damage_3_plus_action_kary_does_not_add_oq4() -> None:
    s = position(hand=["dana-powalki", "kary-powalk", "reactor"])
    s.apply("play reactor")
    s.apply("play kary-powalk")
    s.apply("play dana-powalki")
    assert s.ex is not None and damage_total(s.ex) == 3  # a crew played as Damage is no Damage card
    assert seat(s).actions == 2 - 1 + 1 - 1 + 1


def test_kal_damar_draws_two_then_may_trash_2_9() -> None:
    s = position(hand=["kal-damar", "miss"], draw=["reactor", "shield"])
    s.apply("play kal-damar")
    assert sorted(s.players[0].hand) == ids("reactor", "shield", "miss")
    assert legal(s) == ["trash reactor", "trash shield", "trash miss", "skip"]
    size = s.players[0].deck_size()
    s.apply("trash miss")
    assert cid("miss") not in s.players[0].hand and s.players[0].deck_size() == size - 1  # 2.9


def test_kal_damar_trash_is_optional_2_9() -> None:
    s = position(hand=["kal-damar"], draw=["reactor", "shield"])
    s.apply("play kal-damar")
    s.apply("skip")
    assert len(s.players[0].hand) == 2 and s.decision_name() == "execution.play"


def test_kary_powalk_adds_one_per_damage_card_before_and_after_not_deal_oq4() -> None:
    s = position(hand=["damage-2", "kary-powalk", "damage-1", "reactor", "reactor"], players=3,
                 allies=[1], hands={1: ["damage-3"]})
    ex = s.ex
    assert ex is not None
    s.apply("play reactor")  # ML 2 Actions
    s.apply("play damage-3")  # ally, before Kary
    s.apply("play damage-2")
    s.apply("pass")
    s.apply("play kary-powalk")
    assert damage_total(ex) == 5 + 2  # two Damage cards, +1 each
    s.apply("pass")
    s.apply("play reactor")
    s.apply("pass")
    s.apply("play damage-1")  # after Kary
    assert damage_total(ex) == 6 + 3
    from spacetable.games.moonrakers.execution import deal_damage

    deal_damage(s, 0, 4)  # "deal N" is not a Damage card (2.6)
    assert damage_total(ex) == 13


def test_kary_powalk_uses_stack_via_metaxis_oq4_oq9() -> None:
    s = position(hand=["kary-powalk", "metaxis", "damage-1", "reactor", "reactor"],
                 crew_row=["kary-powalk", "ada-massa", "moro-mada"])
    for card in ("reactor", "reactor", "kary-powalk", "metaxis"):
        s.apply(f"play {card}")
        if s.current_player() != 0:
            break
    assert s.decision_name() == "choice.crew.metaxis"
    assert legal(s) == ["choose ada-massa", "choose kary-powalk", "choose moro-mada"]
    s.apply("choose kary-powalk")
    s.apply("play damage-1")
    assert s.ex is not None and s.ex.damage_bonus == 2 and damage_total(s.ex) == 3
    assert pool(s)[C] == 2


def test_lee_van_cribb_looks_at_three_plays_one_free_discards_two_oq10() -> None:
    s = position(hand=["lee-van-cribb"], draw=["miss", "damage-1", "thruster", "reactor"])
    s.apply("play lee-van-cribb")
    assert s.decision_name() == "choice.crew.lee-van-cribb"
    assert legal(s) == ["choose reactor", "choose thruster", "choose damage-1"]
    view = s.view(0).data["decision"]
    assert sorted(view["looking_at"]) == ["damage-1", "reactor", "thruster"]
    assert "looking_at" not in s.view(1).data["decision"] and "options" not in s.view(1).data["decision"]
    assert [e.key for e in s.events or []] == ["play", "crew-look"]  # hidden: only a count
    assert (s.events or [])[-1].args == (0, 3)
    s.apply("choose reactor")
    p = s.players[0]
    assert sorted(p.discard) == ids("thruster", "damage-1") and p.draw == [cid("miss")]
    assert pool(s)[R] == 1 and seat(s).actions == 0 + 2 + 1  # free play with its effect, then +1
    assert seat(s).cards == 2


def test_lee_van_cribb_reshuffles_when_fewer_than_three_remain_oq10() -> None:
    s = position(hand=["lee-van-cribb"], draw=["shield"], discard=["miss", "miss"])
    s.apply("play lee-van-cribb")
    assert sorted(s.view(0).data["decision"]["looking_at"]) == ["miss", "miss", "shield"]
    s.apply("choose shield")
    assert seat(s).blocks == 1 and s.players[0].discard == ids("miss", "miss") and s.players[0].draw == []


def test_lee_van_cribb_playing_a_crew_resolves_its_ability_and_then_the_action() -> None:
    s = position(hand=["lee-van-cribb"], draw=["miss", "miss", "bill-bendo"])
    s.apply("play lee-van-cribb")
    s.apply("choose bill-bendo")
    assert s.decision_name() == "choice.crew.option" and seat(s).actions == 1  # Lee's +1 already
    s.apply("option 2")
    assert seat(s).actions == 2 and pool(s)[C] == 2 and seat(s).blocks == 1


def test_lila_al_bindar_trash_mandatory_new_reactor_and_action_2_9() -> None:
    s = position(hand=["lila-al-bindar", "miss", "shield"])
    s.apply("play lila-al-bindar")
    assert legal(s) == ["trash shield", "trash miss"]  # mandatory: no skip
    s.apply("trash miss")
    p = s.players[0]
    assert p.hand == [cid("shield")] and p.discard == [cid("reactor")] and seat(s).actions == 1


def test_mandatory_trash_with_empty_hand_is_skipped_rest_applies_oq11() -> None:
    s = position(hand=["lila-al-bindar"])
    s.apply("play lila-al-bindar")
    assert s.decision_name() == "execution.play"
    assert s.players[0].discard == [cid("reactor")] and seat(s).actions == 1
    s = position(hand=["meg-gallak"])
    s.apply("play meg-gallak")
    assert s.decision_name() == "choice.crew.reduce"
    s = position(hand=["col-dervok"])
    credits = s.players[0].credits
    s.apply("play col-dervok")
    assert s.players[0].credits == credits + 3 and seat(s).actions == 1


def test_meg_gallak_trash_then_any_requirement_minus_two_even_at_zero_oq12() -> None:
    s = position(hand=["meg-gallak", "miss", "miss"])
    s.apply("play meg-gallak")
    assert legal(s) == ["trash miss"]  # asked even when forced: skipping it would reveal the hand
    s.apply("trash miss")
    assert s.players[0].hand == [cid("miss")]
    assert legal(s) == ["reduce reactor", "reduce thruster", "reduce shield", "reduce damage", "reduce crew"]
    s.apply("reduce crew")  # blockade-run needs no Crew: wasted, allowed
    assert reduce(s) == [0, 0, 0, 0, 2] and seat(s).actions == 1


def test_moro_mada_any_requirement_minus_two_3_4_6() -> None:
    s = position(hand=["moro-mada"], contract="abandoned-vessel")
    s.apply("play moro-mada")
    s.apply("reduce damage")
    assert reduce(s)[D] == 2 and s.ex is not None and s.ex.target(D, A.CAT.contracts[s.ex.contract].req) == 1
    assert seat(s).actions == 0


def test_myla_dystra_discards_any_number_then_draws_as_many_oq22(monkeypatch: pytest.MonkeyPatch) -> None:
    from spacetable.games.moonrakers import effects

    seen: list[int] = []
    monkeypatch.setattr(effects, "on_discard_from_hand", lambda s, seat, card: seen.append(card))
    s = position(hand=["myla-dystra", "miss", "damage-1", "miss"], draw=["reactor", "shield", "thruster"])
    s.apply("play myla-dystra")
    assert legal(s) == ["discard damage-1", "discard miss", "done"]
    s.apply("discard miss")
    assert legal(s) == ["discard damage-1", "discard miss", "done"]
    s.apply("discard miss")
    assert legal(s) == ["discard damage-1", "done"]
    s.apply("done")
    p = s.players[0]
    assert sorted(p.hand) == ids("thruster", "shield", "damage-1") and p.discard == ids("miss", "miss")
    assert seen == ids("miss", "miss") and seat(s).actions == 1  # OQ 22 hook; +1 Action


def test_myla_dystra_discarding_the_whole_hand_ends_the_choice_2_8() -> None:
    s = position(hand=["myla-dystra", "miss"], draw=["reactor"])
    s.apply("play myla-dystra")
    s.apply("discard miss")
    assert s.players[0].hand == [cid("reactor")] and s.decision_name() == "execution.play"


def test_nella_van_daval_draws_three_and_thruster_minus_one_3_4_6() -> None:
    s = position(hand=["nella-van-daval"], draw=["miss", "reactor", "shield", "thruster"])
    s.apply("play nella-van-daval")
    assert sorted(s.players[0].hand) == ids("reactor", "thruster", "shield") and reduce(s)[T] == 1


def test_redacted_counts_as_shield_and_rerolls_a_chosen_subset_once_oq13() -> None:
    s = position(hand=["redacted"], dice={0: [2, 1, 2]}, contract="cryogenic-pods")
    s.apply("play redacted")
    assert pool(s)[SH] == 1 and seat(s).blocks == 1 and seat(s).played[SH] == 1 and pool(s)[C] == 1
    assert legal(s) == ["target 1", "target 2", "target 3", "done"]
    s.apply("target 1")
    assert legal(s) == ["target 2", "target 3", "done"]
    s.apply("target 3")
    s.apply("done")
    assert s.current_player() == CHANCE
    s.apply("hazard 0")
    s.apply("hazard 1")
    assert seat(s).dice == [0, 1, 1] and s.decision_name() == "execution.play"


def test_redacted_with_no_dice_only_counts_as_shield_2_5() -> None:
    s = position(hand=["redacted"])
    s.apply("play redacted")
    assert s.decision_name() == "execution.play" and pool(s)[SH] == 1


def test_ryan_rogal_plays_a_drawn_damage_card_as_five_kary_adds_one_oq5() -> None:
    s = position(hand=["ryan-rogal", "kary-powalk", "reactor", "damage-2"], draw=["damage-1", "miss"])
    s.apply("play reactor")
    s.apply("play kary-powalk")
    s.apply("play ryan-rogal")
    assert legal(s) == ["choose damage-1"]  # only the Damage card drawn by Ryan; asked, not optional
    s.apply("choose damage-1")
    assert s.ex is not None and damage_total(s.ex) == 5 + 1
    assert seat(s).play[-1] == cid("damage-1") and seat(s).dmg_cards == 1
    assert sorted(s.players[0].hand) == ids("damage-2", "miss") and seat(s).actions == 1  # free


def test_ryan_rogal_must_play_one_drawn_damage_card_and_without_one_nothing_oq5() -> None:
    """Ryan Rogal: "If you draw a Damage card, play one as a Damage 5 without spending an action":
    the play is not optional (crew.csv); with no Damage card drawn nothing is asked."""
    s = position(hand=["ryan-rogal"], draw=["damage-1", "damage-3"])
    s.apply("play ryan-rogal")
    assert legal(s) == ["choose damage-1", "choose damage-3"]  # no "skip"
    s.apply("choose damage-1")
    assert pool(s)[D] == 5 and s.players[0].hand == ids("damage-3")
    s = position(hand=["ryan-rogal"], draw=["reactor", "miss"])
    s.apply("play ryan-rogal")
    assert s.decision_name() == "execution.play" and len(s.players[0].hand) == 2 and pool(s)[D] == 0


@pytest.mark.parametrize("option", [1, 2])
def test_ryle_al_wren_block_two_or_shield_minus_two_3_4_8(option: int) -> None:
    s = position(hand=["ryle-al-wren"])
    s.apply("play ryle-al-wren")
    s.apply(f"option {option}")
    assert (seat(s).blocks, reduce(s)[SH]) == ((2, 0) if option == 1 else (0, 2))


def test_sella_pelleon_any_minus_one_then_draw_and_action_3_4_6() -> None:
    s = position(hand=["sella-pelleon"], draw=["shield"])
    s.apply("play sella-pelleon")
    assert s.players[0].hand == []  # the draw comes after the reduction choice
    s.apply("reduce thruster")
    assert reduce(s)[T] == 1 and s.players[0].hand == [cid("shield")] and seat(s).actions == 1


@pytest.mark.parametrize("option", [1, 2])
def test_tantin_al_vale_damage_two_or_shield_r19_oq34(option: int) -> None:
    s = position(hand=["tantin-al-vale"])
    s.apply("play tantin-al-vale")
    s.apply(f"option {option}")
    assert pool(s)[C] == 1 and seat(s).played[C] == 1  # still 1 Crew (R19)
    if option == 1:
        assert pool(s)[D] == 2 and seat(s).played[D] == 1 and seat(s).blocks == 0
    else:
        assert pool(s)[SH] == 1 and seat(s).played[SH] == 1 and seat(s).blocks == 1


def test_zek_zarag_plays_any_draw_pile_card_free_then_shuffles_oq10() -> None:
    s = position(hand=["zek-zarag"], draw=["miss", "thruster", "reactor", "miss", "shield", "damage-1"])
    s.apply("play zek-zarag")
    assert legal(s) == ["choose " + x for x in ("reactor", "thruster", "shield", "damage-1", "miss")]
    s.apply("choose thruster")
    p = s.players[0]
    assert pool(s)[T] == 1 and len(p.hand) == 2 and len(p.draw) == 3  # Thruster: draw 2
    assert sorted(p.hand + p.draw) == ids("reactor", "shield", "damage-1", "miss", "miss")
    assert seat(s).actions == 0


def test_zek_zarag_asks_even_with_one_kind_of_card_in_the_draw_pile_oq10() -> None:
    s = position(hand=["zek-zarag"], draw=["miss", "miss"])
    s.apply("play zek-zarag")
    assert legal(s) == ["choose miss"] and "options" not in s.view(1).data["decision"]
    s.apply("choose miss")
    assert s.players[0].draw == [cid("miss")] and seat(s).play[-1] == cid("miss")


def test_zek_zarag_with_empty_draw_pile_does_nothing_oq10() -> None:
    s = position(hand=["zek-zarag"], discard=["reactor"])
    s.apply("play zek-zarag")
    assert s.decision_name() == "execution.play" and pool(s) == [0, 0, 0, 0, 1]


# ------------------------------------------------------------------------------- FE crew (R15)
def test_col_dervok_trash_three_credits_action_2_9() -> None:
    s = position(hand=["col-dervok", "miss", "reactor"])
    credits = s.players[0].credits
    s.apply("play col-dervok")
    s.apply("trash miss")
    assert s.players[0].hand == [cid("reactor")] and s.players[0].credits == credits + 3
    assert seat(s).actions == 1


def test_karma_kesa_three_actions_or_objective_kept_oq15() -> None:
    s = position(hand=["karma-kesa"])
    s.apply("play karma-kesa")
    s.apply("option 1")
    assert seat(s).actions == 3
    s = position(hand=["karma-kesa"])
    held, deck = list(s.players[0].objectives), list(s.objective_deck)
    s.apply("play karma-kesa")
    s.apply("option 2")
    assert s.players[0].objectives == held + [deck[-1]] and s.objective_deck == deck[:-1]
    assert all(e.args == (0,) for e in s.events or [] if e.key == "crew-objective")  # not revealed


def test_metaxis_copies_a_display_crew_and_counts_as_its_play_as_type_oq9() -> None:
    s = position(hand=["metaxis"], crew_row=["tantin-al-vale", "ada-massa", "moro-mada"])
    s.apply("play metaxis")
    s.apply("choose tantin-al-vale")
    assert s.decision_name() == "choice.crew.option"
    s.apply("option 1")
    assert pool(s)[C] == 1 and pool(s)[D] == 2 and seat(s).played[D] == 1
    assert s.crew_row == [cid("tantin-al-vale") - 7, cid("ada-massa") - 7, cid("moro-mada") - 7]


def test_metaxis_copying_b3ar_cannot_take_itself_and_empty_display_does_nothing() -> None:
    s = position(hand=["metaxis"], crew_row=["b3-ar"], discard=["ada-massa"])
    s.apply("play metaxis")  # single display crew: copied at once; single candidate taken at once
    assert s.players[0].hand == [cid("ada-massa")] and seat(s).actions == 1
    s = position(hand=["metaxis"], crew_row=[])
    s.apply("play metaxis")
    assert s.decision_name() == "execution.play" and pool(s)[C] == 1


def test_strada_rysh_prestige_at_once_extra_die_targets_you_and_action_oq14() -> None:
    s = position(hand=["strada-rysh"], players=3, allies=[1], dice={0: [1], 1: [2]}, contract="escort-duty")
    prestige = s.players[0].prestige
    s.apply("play strada-rysh")
    assert s.players[0].prestige == prestige + 1 and seat(s).actions == 1
    assert s.current_player() == CHANCE
    s.apply("hazard 2")
    assert seat(s).dice == [1, 2] and seat(s, 1).dice == [2]  # R21
    assert s.decision_name() == "execution.play" and s.current_player() == 1


def test_zardon_plays_every_damage_card_in_hand_free_as_yours_oq16(monkeypatch: pytest.MonkeyPatch) -> None:
    from spacetable.games.moonrakers import effects

    seen: list[tuple[int, int]] = []
    monkeypatch.setattr(effects, "after_play", lambda s, seat, card, t: seen.append((card, t)))
    s = position(hand=["zardon-the-enforcer", "damage-1", "reactor", "damage-3", "damage-1"])
    s.apply("play zardon-the-enforcer")
    assert s.players[0].hand == [cid("reactor")] and pool(s)[D] == 5
    assert seat(s).dmg_cards == 3 and seat(s).played[D] == 3 and seat(s).actions == 1
    assert [c for c, t in seen if t == D] == ids("damage-1", "damage-3", "damage-1")  # triggers fire


# ------------------------------------------------------------------------------- Mercenary crew (8.5)
def test_mercenary_crew_resolves_for_the_ml_8_5() -> None:
    s = position(hand=["miss"], players=2, merc_row=["dana-powalki", "reactor", "shield"])
    s.apply("merc dana-powalki")
    assert pool(s)[C] == 1 and pool(s)[D] == 3 and seat(s).actions == 2  # +1 Action to the ML
    assert seat(s).played == [0, 0, 0, 0, 0]  # Mercenary cards never count for objectives (6.4.3)
    assert s.ex is not None and s.ex.merc_crew == 1


def test_mercenary_crew_choices_are_made_by_the_ml_8_5() -> None:
    s = position(hand=["miss"], draw=["reactor"], players=2, merc_row=["bill-bendo"])
    s.apply("merc bill-bendo")
    assert s.current_player() == 0 and s.decision_name() == "choice.crew.option"
    s.apply("option 1")
    assert seat(s).blocks == 1 and cid("reactor") in s.players[0].hand and reduce(s)[SH] == 1


def test_mercenary_tantin_as_shield_gives_the_ml_a_block_only_8_5_r19() -> None:
    s = position(hand=["miss"], players=2, merc_row=["tantin-al-vale"])
    s.apply("merc tantin-al-vale")
    s.apply("option 2")
    assert pool(s)[SH] == 1 and seat(s).blocks == 1 and seat(s).played[SH] == 0


def test_menu_texts_of_crew_choices() -> None:
    from spacetable.games.moonrakers.crew_effects import describe_choice

    s = position(hand=["tantin-al-vale"])
    s.apply("play tantin-al-vale")
    assert [describe_choice(s, a) for a in s.legal_actions()] == [
        "Tantin al Vale: counts as 2 Damage", "Tantin al Vale: counts as a Shield"]
    s = position(hand=["at-0k"], dice={0: [2, 1]}, contract="abandoned-vessel")
    s.apply("play at-0k")
    assert describe_choice(s, s.legal_actions()[0]) == "AT-0K: discard die 1 (2 icons)"
