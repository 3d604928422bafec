"""Bad input: an illegal action raises IllegalAction naming the decision and changes nothing (save document
and every view compared before and after); unparsable text raises ParseError and changes nothing."""

from __future__ import annotations

import pytest

from spacetable.engine.errors import IllegalAction, ParseError, SpacetableError
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.execution import give_bonus
from tests.games.moonrakers.helpers import (
    assert_illegal,
    game,
    legal,
    mission,
    new,
    part,
    pass_all,
    propose,
    set_hand,
    snapshot,
    take,
    to_buying,
)


def test_illegal_at_setup_1_3_5() -> None:
    """1.3.5: only one of the three dealt objectives may be returned."""
    s = new(3, seed=1)
    dealt = {a.split()[1] for a in legal(s)}
    other = next(o for o in A.OBJECTIVE_SLUGS if o not in dealt)
    err = assert_illegal(s, f"return {other}")
    assert err.decision == "setup.objectives" and err.legal == legal(s)
    assert_illegal(s, "hazard 0")
    assert_illegal(s, "stay")


def test_illegal_at_planning_3_2() -> None:
    """3.2: a contract not on display cannot be taken or swapped; Buying actions are not available."""
    s = game(3, seed=2)
    off = next(c for c in A.CONTRACT_SLUGS if A.CONTRACT_ID[c] not in s.contracts)
    assert_illegal(s, f"take {off}")
    assert_illegal(s, f"swap {off}")
    assert_illegal(s, "done")
    assert_illegal(s, "pass")


def test_illegal_in_negotiation_3_3() -> None:
    """3.3: start needs an acceptance; shares above the printed reward are refused; no self-invite."""
    s = game(3, seed=3)
    take(s, "claim-bounty")
    assert_illegal(s, "start")
    assert_illegal(s, "accept")
    s.apply("propose")
    assert_illegal(s, "invite p1")  # the ML cannot invite itself
    s.apply("invite p2")
    s.apply("exclude p3")
    assert_illegal(s, "prestige p2 2")
    assert_illegal(s, "prestige p3 0")


def test_illegal_answer_3_3_3() -> None:
    """3.3.3: while an invitee answers, the ML cannot act."""
    s = game(3, seed=4)
    take(s, "claim-bounty")
    propose(s, [1])
    assert s.decision_name() == "negotiation.answer"
    assert_illegal(s, "solo")
    assert_illegal(s, "propose")


def test_illegal_in_execution_3_4() -> None:
    """3.4.3: only hand cards, only with an Action; Mercenary cards only for the ML in 1–2 players."""
    s = game(3, seed=5)
    mission(s, "admirals-flagship", [1])
    set_hand(s, 0, ["damage-1", "damage-2"])
    assert_illegal(s, "play reactor")
    assert_illegal(s, "merc damage-1")  # no Mercenary deck with 3 players
    s.apply("play damage-1")
    s.players[1].hand = [A.CARD_ID["miss"]]
    assert_illegal(s, "play damage-2")  # seat 1 acts now; it holds no Damage II
    s.apply("pass")
    assert_illegal(s, "play damage-2")  # the ML has 0 Actions left


def test_illegal_hazard_outcome_1_1_3() -> None:
    """1.1.3: a die shows 0, 1 or 2 icons."""
    s = game(3, seed=6)
    take(s, "claim-bounty")
    s.apply("solo")
    with pytest.raises(SpacetableError):
        before = snapshot(s)
        s.apply("hazard 3")
    assert snapshot(s) == before


def test_illegal_in_buying_3_5() -> None:
    """3.5: unaffordable buys and a second Armory swap are refused."""
    s = game(3, seed=7)
    to_buying(s)
    s.players[0].credits = 1
    exp = max((A.CAT.parts[x] for x in s.part_row), key=lambda p: p.cost)
    assert_illegal(s, f"buy {exp.slug}")
    s.apply(f"armory-swap {A.PART_SLUGS[s.part_row[0]]}")
    assert_illegal(s, f"armory-swap {A.PART_SLUGS[s.part_row[1]]}")
    assert_illegal(s, "play reactor")


def test_illegal_scrap_of_the_new_part_r22() -> None:
    """R22: the removed part is one of the four installed before the new one."""
    s = game(3, seed=8)
    s.players[0].parts = [part(x) for x in ("flash", "titan-3000", "duo-1000", "pulsor-mk1")]
    give_bonus(s, 0, 1)
    new_part = s.part_deck[-1]
    s.apply("bonus-part")
    assert_illegal(s, f"scrap {A.PART_SLUGS[new_part]}")
    assert_illegal(s, "done")


def test_illegal_bonus_from_empty_deck_5_4() -> None:
    """5.4: an empty deck cannot be chosen."""
    s = game(3, seed=9)
    s.crew_deck = []
    give_bonus(s, 0, 1)
    assert_illegal(s, "bonus-crew")


def test_parse_errors_change_nothing() -> None:
    """Unparsable or unknown action text raises ParseError and changes nothing."""
    s = game(3, seed=10)
    before = snapshot(s)
    for text in ("", "   ", "take no-such-contract", "fly to the moon"):
        with pytest.raises(ParseError):
            s.apply(text)
    assert snapshot(s) == before


def test_game_over_accepts_nothing_7_1() -> None:
    """7.1: after the end, every action is refused (decision "game-over")."""
    s = game(3, seed=11)
    to_buying(s)
    s.players[1].prestige = 10
    s.apply("done")
    assert s.is_terminal()
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction) as err:
        s.apply("stay")
    assert err.value.decision == "game-over"


def test_illegal_after_execution_ends_3_4_4() -> None:
    """3.4.4: once the execution is over, playing is refused."""
    s = game(3, seed=12)
    mission(s, "space-anomaly", [])
    pass_all(s)
    assert_illegal(s, "pass")
    assert_illegal(s, "play reactor")
