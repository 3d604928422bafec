"""Winning (§7, R11) and the Mercenary variant for 1–2 players (§8, R14)."""

from __future__ import annotations

from collections import Counter

import pytest

from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.cards import DMG1, DMG2, REACTOR, SHIELD, THRUSTER
from spacetable.games.moonrakers.execution import R_DAMAGE, R_REACTOR, R_SHIELD, R_THRUSTER
from spacetable.games.moonrakers.rules import solo_score
from tests.games.moonrakers.helpers import (
    cid,
    clear_objectives,
    end_turn,
    game,
    legal,
    mission,
    part,
    pass_all,
    play_all,
    set_draw,
    set_hand,
    to_buying,
)


# ------------------------------------------------------------------------------- §7
def test_win_only_at_end_of_turn_7_2() -> None:
    """7.1–7.2: crossing 10 mid-turn does not end the game; the end-of-turn check does."""
    s = game(3, seed=1)
    clear_objectives(s)
    s.players[0].prestige = 9
    mission(s, "claim-bounty", [])
    set_hand(s, 0, ["reactor", "reactor", "damage-3"])
    play_all(s, ["play reactor", "play reactor", "play damage-3"])
    pass_all(s)
    assert s.players[0].prestige == 10 and not s.is_terminal() and s.decision_name() == "buying"
    s.apply("done")
    assert s.is_terminal() and s.winners() == [0] and s.returns() == [1.0, 0.0, 0.0]


def test_tiebreak_most_credits_r11() -> None:
    """7.1, R11: on a Prestige tie, the most credits wins."""
    s = game(3, seed=2)
    clear_objectives(s)
    for seat, (pr, cr) in enumerate(((10, 3), (10, 5), (4, 20))):
        s.players[seat].prestige, s.players[seat].credits = pr, cr
    to_buying(s)
    s.players[0].credits = 3
    s.apply("done")
    assert s.winners() == [1]


def test_shared_victory_r11() -> None:
    """R11: still tied after credits: those players share the victory."""
    s = game(3, seed=3)
    clear_objectives(s)
    to_buying(s)
    for seat, (pr, cr) in enumerate(((11, 4), (11, 4), (11, 3))):
        s.players[seat].prestige, s.players[seat].credits = pr, cr
    s.apply("done")
    assert s.winners() == [0, 1] and s.returns() == [0.5, 0.5, 0.0]
    assert "game-over" in [e.key for e in s.events or []]


def test_below_ten_the_game_goes_on_7_1() -> None:
    """7.1: with nobody at 10+, the next seat becomes ML."""
    s = game(3, seed=4)
    clear_objectives(s)
    s.players[1].prestige = 9
    to_buying(s)
    s.apply("done")
    assert not s.is_terminal() and s.ml == 1 and s.turn == 2


def test_any_player_can_win_on_anothers_turn_7_1() -> None:
    """7.1: the check looks at every player, not only the ML."""
    s = game(3, seed=5)
    clear_objectives(s)
    to_buying(s)
    s.players[2].prestige = 10
    s.apply("done")
    assert s.winners() == [2]


# ------------------------------------------------------------------------------- §8 Mercenary
def test_mercenary_deck_build_8_2() -> None:
    """8.2: 2 Damage I, 1 Damage II, 3 Reactor, 3 Thruster, 3 Shield + the top 3 Crew, after the Armory."""
    s = game(2, seed=6)
    cards = Counter(s.merc_deck + s.merc_row + s.merc_discard)
    basics = Counter({k: v for k, v in cards.items() if k < 7})
    assert basics == Counter({DMG1: 2, DMG2: 1, REACTOR: 3, THRUSTER: 3, SHIELD: 3})
    crew = [c - 7 for c in cards.elements() if c >= 7]
    assert len(crew) == 3
    assert not set(crew) & set(s.crew_deck + s.crew_row)


def test_mercenary_row_5_at_planning_8_3() -> None:
    """8.3: five cards are revealed at the start of each Planning phase, reshuffling when needed."""
    s = game(1, seed=7)
    assert len(s.merc_row) == 5 and s.decision_name() == "planning"
    total = len(s.merc_deck) + len(s.merc_row) + len(s.merc_discard)
    to_buying(s)
    s.merc_deck = s.merc_deck[:2]
    s.apply("done")
    assert len(s.merc_row) == 5
    assert len(s.merc_deck) + len(s.merc_row) + len(s.merc_discard) <= total


def test_only_ml_plays_mercenaries_free_8_4() -> None:
    """8.4, R18: only the ML may play Mercenary cards, at no Action cost (even at 0 Actions)."""
    s = game(2, seed=8)
    s.merc_row = [cid("damage-2"), cid("reactor"), cid("shield"), cid("thruster"), cid("damage-1")]
    mission(s, "claim-bounty", [1])
    set_hand(s, 0, ["miss"])
    s.apply("play miss")  # the ML's only Action
    assert s.ex is not None and s.ex.seats[0].actions == 0
    assert s.current_player() == 1
    assert not any(a.startswith("merc ") for a in legal(s))  # the ally may not
    s.apply("pass")
    assert "merc damage-2" in legal(s)
    s.apply("merc damage-2")
    assert s.ex.seats[0].actions == 0 and s.ex.pool[R_DAMAGE] == 2


def test_basic_mercenary_only_contributes_8_5() -> None:
    """8.5: basic Mercenary cards only contribute: no Actions, draws or blocks, no objective counts."""
    s = game(1, seed=9)
    s.merc_row = [cid("reactor"), cid("thruster"), cid("shield"), cid("damage-2"), cid("damage-1")]
    mission(s, "admirals-flagship", [])
    hand = len(s.players[0].hand)
    for c in ("reactor", "thruster", "shield", "damage-2"):
        s.apply(f"merc {c}")
    ex = s.ex
    assert ex is not None
    assert ex.pool[R_REACTOR] == 1 and ex.pool[R_THRUSTER] == 1 and ex.pool[R_SHIELD] == 1
    assert ex.pool[R_DAMAGE] == 2
    st = ex.seats[0]
    assert st.actions == 1 and st.blocks == 0 and len(s.players[0].hand) == hand
    assert st.played == [0, 0, 0, 0, 0] and st.damage == 0 and st.cards == 0
    assert ex.merc_basic == 4


def _merc_success(extra: list[str], crew: int = 0) -> tuple[int, int, int]:
    """Solo claim-bounty (1 Prestige, 3 credits) won with Mercenary basics; returns fees paid."""
    s = game(1, seed=10)
    clear_objectives(s)
    s.merc_row = [cid(c) for c in extra]
    mission(s, "claim-bounty", [])
    set_hand(s, 0, ["reactor", "reactor", "damage-3"])
    set_draw(s, 0, ["miss"] * 6)
    play_all(s, ["play reactor", "play reactor", "play damage-3"])
    for c in extra:
        s.apply(f"merc {c}")
    assert s.ex is not None
    s.ex.merc_crew = crew
    pr, cr = s.players[0].prestige, s.players[0].credits
    pass_all(s)
    return s.players[0].prestige - pr, s.players[0].credits - cr, len(s.merc_used)


def test_mercenary_fees_8_6() -> None:
    """8.6: the k-th basic Mercenary card costs k credits; each Mercenary Crew 1 Prestige; capped at the
    ML's share; paid only on success."""
    assert _merc_success([]) == (1, 3, 0)
    assert _merc_success(["damage-1"]) == (1, 2, 1)  # fee 1
    assert _merc_success(["damage-1", "shield"]) == (1, 0, 2)  # fee 1 + 2 = 3
    assert _merc_success(["damage-1", "shield", "thruster"]) == (1, 0, 3)  # fee 6 capped at 3
    assert _merc_success([], crew=2) == (0, 3, 0)  # Prestige fee 2 capped at 1


def test_mercenary_fee_not_paid_on_failure_8_6() -> None:
    """8.6: no fee when the contract fails."""
    s = game(1, seed=11)
    s.merc_row = [cid("damage-1"), cid("damage-1"), cid("shield"), cid("reactor"), cid("thruster")]
    mission(s, "admirals-flagship", [])
    s.apply("merc damage-1")
    s.apply("merc damage-1")
    cr = s.players[0].credits
    pass_all(s)
    assert s.players[0].credits == cr


def test_mercenary_cleanup_8_7() -> None:
    """8.7: basics (played or not) go to the Mercenary discard; Crew go to the bottom of the Crew deck and
    the top Crew card goes to the Mercenary discard instead."""
    s = game(2, seed=12)
    crew_id = s.crew_deck[-1]
    s.crew_deck.pop()
    s.merc_row = [cid("reactor"), cid("damage-1"), crew_id + 7]
    s.merc_used = [cid("shield")]
    s.merc_discard = []
    top = s.crew_deck[-1]
    to_buying(s)
    s.apply("done")
    assert s.crew_deck[0] == crew_id
    assert len(s.merc_deck) >= 0 and len(s.merc_row) == 5  # the next row came from the deck
    assert sorted(s.merc_discard) == sorted([cid("reactor"), cid("damage-1"), cid("shield"), top + 7])
    assert top not in s.crew_deck


def test_solo_start_three_credits_8_9() -> None:
    """8.9: a solo captain starts with 3 credits."""
    assert game(1, seed=13).players[0].credits == 3


def test_solo_win_at_ten_8_9() -> None:
    """8.9: solo win at the end of a turn with 10+ Prestige, with a score."""
    s = game(1, seed=14)
    clear_objectives(s)
    to_buying(s)
    s.players[0].prestige = 10
    s.apply("done")
    assert s.winners() == [0] and s.solo_score == solo_score(s) and s.view(0).data["solo_score"] >= 100


def test_solo_loss_after_turn_ten_8_9() -> None:
    """8.9: the solo game is lost after turn 10."""
    s = game(1, seed=15)
    clear_objectives(s)
    for _ in range(9):
        to_buying(s)
        s.apply("done")
        clear_objectives(s)
        s.players[0].prestige = 0
    assert s.turn == 10 and not s.is_terminal()
    to_buying(s)
    s.apply("done")
    assert s.is_terminal() and s.winners() == [] and s.returns() == [0.0]


def test_solo_score_formula_8_9() -> None:
    """8.9: 10 × Prestige + credits + costs of installed parts + costs of all owned Crew."""
    s = game(1, seed=16)
    p = s.players[0]
    p.prestige, p.credits = 7, 4
    p.parts = [part("flash"), part("titan-3000")]
    p.discard.append(A.CAT.crew_by_slug("kary-powalk").id + 7)
    p.hand.append(A.CAT.crew_by_slug("zek-zarag").id + 7)
    assert solo_score(s) == 70 + 4 + 6 + 3 + 3 + 2


@pytest.mark.parametrize("players", [2])
def test_two_player_game_normal_win_8_10(players: int) -> None:
    """8.10: two players use the normal win check (§7)."""
    s = game(players, seed=17)
    clear_objectives(s)
    to_buying(s)
    s.players[1].prestige = 10
    end_turn(s)
    assert s.winners() == [1]


def test_mercenary_crew_contributes_and_resolves_for_ml_8_5_r14() -> None:
    """8.5, R14: a Mercenary Crew contributes 1 Crew and its ability resolves for the ML; it is not the
    ML's card (no objective counts, no Action spent)."""
    s = game(1, seed=18)
    nella = A.CAT.crew_by_slug("nella-van-daval").id  # draw 3 cards; Thruster requirement −1
    s.merc_row = [nella + 7, cid("reactor")]
    mission(s, "escort-duty", [])  # Thruster 3, Crew 1
    set_draw(s, 0, ["miss"] * 6)
    hand = len(s.players[0].hand)
    s.apply("merc nella-van-daval")
    while s.decision_name() != "execution.play":
        s.apply(legal(s)[0])
    ex = s.ex
    assert ex is not None
    assert ex.pool[4] == 1 and ex.merc_crew == 1 and ex.seats[0].played == [0, 0, 0, 0, 0]
    assert ex.seats[0].actions == 1
    assert len(s.players[0].hand) == hand + 3 and ex.reduce[R_THRUSTER] == 1
    assert nella + 7 in s.merc_used and nella + 7 not in s.players[0].discard
