"""Planning (3.2): contract swap (3.2.1), choice (3.2.2–3.2.3, R17), Stay at Base (3.2.4, R16), and the
contract display (4.3, R8)."""

from __future__ import annotations

from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.state import NEGOTIATION
from tests.games.moonrakers.helpers import (
    assert_illegal,
    event_keys,
    game,
    legal,
    mission,
    pass_all,
    set_hand,
    take,
)


def test_swap_costs_one_credit_once_3_2_1() -> None:
    """3.2.1: pay 1 credit, the contract goes to the deck bottom, its slot is refilled from the top; once."""
    s = game(3, seed=1)
    c = s.contracts[2]
    top = s.contract_deck[-1]
    credits = s.players[0].credits
    s.apply(f"swap {A.CONTRACT_SLUGS[c]}")
    assert s.players[0].credits == credits - 1
    assert s.contract_deck[0] == c and s.contracts[2] == top
    assert s.decision_name() == "planning"  # the ML must still choose (3.2.2)
    assert not any(a.startswith("swap ") for a in legal(s))
    assert_illegal(s, f"swap {A.CONTRACT_SLUGS[s.contracts[0]]}")


def test_swap_needs_a_credit_3_2_1_3_5_3() -> None:
    """3.2.1, 3.5.3: with 0 credits no swap is offered; credits never go negative."""
    s = game(3, seed=1)
    s.players[0].credits = 0
    assert not any(a.startswith("swap ") for a in legal(s))
    assert_illegal(s, f"swap {A.CONTRACT_SLUGS[s.contracts[0]]}")


def test_planning_choices_3_2_2() -> None:
    """3.2.2: take any face-up contract or Stay at Base."""
    s = game(3, seed=2)
    takes = {a.split()[1] for a in legal(s) if a.startswith("take ")}
    assert takes == {A.CONTRACT_SLUGS[c] for c in s.contracts}
    assert "stay" in legal(s)


def test_chosen_contract_leaves_display_and_cannot_be_abandoned_3_2_3_r17() -> None:
    """3.2.3, R17: the chosen contract leaves the display while attempted; no decision abandons it."""
    s = game(3, seed=3)
    c = s.contracts[4]
    s.apply(f"take {A.CONTRACT_SLUGS[c]}")
    assert c not in s.contracts and s.contracts[4] == -1
    assert s.phase == NEGOTIATION
    assert set(legal(s)) == {"solo", "propose"}
    s.apply("solo")
    while s.decision_name() == "hazard-roll":
        s.apply("hazard 0")
    assert "stay" not in legal(s) and all(a.split()[0] in ("play", "use", "pass") for a in legal(s))


def test_stay_at_base_order_r16() -> None:
    """3.2.4 (R16): a) keep 1 of 2 objectives, b) +1 credit, c) free replace, d) new hand, e) Buying."""
    s = game(3, seed=4)
    p = s.players[0]
    credits, deck_before = p.credits, len(s.objective_deck)
    top2 = s.objective_deck[-2:]
    s.apply("stay")
    assert s.decision_name() == "stay.objective"
    assert p.credits == credits  # (b) comes after (a)
    s.apply(f"keep {A.OBJECTIVE_SLUGS[top2[1]]}")
    assert top2[1] in p.objectives and s.objective_deck[0] == top2[0]
    assert len(s.objective_deck) == deck_before - 1
    assert p.credits == credits + 1
    assert s.decision_name() == "stay.replace" and "skip" in legal(s)
    old_hand = list(p.hand)
    c = s.contracts[1]
    top = s.contract_deck[-1]
    s.apply(f"replace {A.CONTRACT_SLUGS[c]}")
    assert s.contract_deck[0] == c and s.contracts[1] == top and c not in s.contract_discard
    assert not s.swapped  # (c) does not use up 3.2.1
    assert len(p.hand) == 5 and sorted(p.discard) == sorted(old_hand)
    assert s.decision_name() == "buying"
    keys = event_keys(s)
    assert keys.index("stay") < keys.index("credits") < keys.index("contract-replace")


def test_stay_hand_fully_discarded_and_redrawn_3_2_4_d() -> None:
    """3.2.4 d: the whole hand is discarded and a fresh hand drawn (even a partial hand)."""
    s = game(3, seed=5)
    p = s.players[0]
    set_hand(s, 0, ["miss", "miss"])
    s.apply("stay")
    s.apply(legal(s)[0])  # keep
    s.apply("skip")
    assert p.discard.count(A.CARD_ID["miss"]) >= 2 and len(p.hand) == 5


def test_stay_with_one_objective_left_keeps_it_3_2_4_a() -> None:
    """3.2.4 a: if only one objective can be drawn, keep it; with none, nothing."""
    s = game(3, seed=6)
    last = s.objective_deck[-1]
    s.objective_deck = [last]
    s.apply("stay")
    assert last in s.players[0].objectives and s.decision_name() == "stay.replace"
    s2 = game(3, seed=6)
    s2.objective_deck = []
    held = list(s2.players[0].objectives)
    s2.apply("stay")
    assert s2.players[0].objectives == held and s2.decision_name() == "stay.replace"


def test_attempted_contract_leaves_and_display_refills_4_3_r8() -> None:
    """4.3, R8: the attempted contract goes to the discard pile; the display is refilled to 8."""
    s = game(3, seed=7)
    mission(s, "space-anomaly", [])
    c = A.CONTRACT_ID["space-anomaly"]
    pass_all(s)
    assert s.contract_discard[-1] == c
    assert len(s.contracts) == 8 and min(s.contracts) >= 0 and c not in s.contracts


def test_display_reshuffles_discard_when_deck_empty_4_3_r8() -> None:
    """4.3, R8: with the contract deck empty, the discard pile is shuffled into a new deck."""
    s = game(3, seed=8)
    s.contract_discard = s.contract_deck
    s.contract_deck = []
    take(s, "space-anomaly")
    s.apply("solo")
    pass_all(s)
    assert min(s.contracts) >= 0
    assert "contract-reshuffle" in event_keys(s)
    assert len(s.contract_deck) + len(s.contracts) + len(s.contract_discard) == 40


def test_display_refill_with_both_piles_empty_4_3() -> None:
    """4.3: with deck and discard empty, the attempted contract (now the whole discard pile) is reshuffled
    back; the display never holds the same contract twice."""
    s = game(3, seed=9)
    s.contract_deck = []
    s.contract_discard = []
    take(s, "space-anomaly")
    assert s.contracts.count(-1) == 1  # the slot is empty while the contract is attempted
    s.apply("solo")
    pass_all(s)
    assert s.contracts.count(-1) == 0 and A.CONTRACT_ID["space-anomaly"] in s.contracts
    assert len(set(s.contracts)) == 8 and s.contract_discard == []


def test_swap_not_offered_with_empty_deck_3_2_1() -> None:
    """3.2.1: a swap refills from the deck; with both piles empty it is not offered."""
    s = game(3, seed=10)
    s.contract_deck = []
    assert not any(a.startswith("swap ") for a in legal(s))
