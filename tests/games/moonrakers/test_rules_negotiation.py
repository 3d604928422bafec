"""Negotiation (3.3, R3, R4): proposals, answers in seat order, at most 3 rounds, declined terms revert to
the ML, binding deals enforced at rewards, solo always possible."""

from __future__ import annotations

from spacetable.games.moonrakers import actions as A
from tests.games.moonrakers.helpers import (
    answer,
    assert_illegal,
    clear_objectives,
    events,
    game,
    legal,
    mission,
    pass_all,
    play_all,
    propose,
    roll,
    set_hand,
    take,
)


def test_solo_or_propose_at_start_3_3_3() -> None:
    """3.3.3: the ML may go solo (or skip negotiation) at once, or make a proposal."""
    s = game(3, seed=1)
    take(s, "claim-bounty")
    assert set(legal(s)) == {"solo", "propose"}
    s.apply("solo")
    assert s.ex is not None and s.ex.order == [0]


def test_invitees_non_empty_3_3_3() -> None:
    """3.3.3: the invitees are a non-empty set: if all but the last were excluded, the last is invited."""
    s = game(3, seed=2)
    take(s, "claim-bounty")
    s.apply("propose")
    assert set(legal(s)) == {"invite p2", "exclude p2", "solo"}
    s.apply("exclude p2")
    assert set(legal(s)) == {"invite p3", "solo"}


def test_shares_bounded_by_printed_rewards_r3() -> None:
    """3.3.2, R3: shares are integers ≥ 0 whose total per reward is at most the printed amount."""
    s = game(3, seed=3)
    take(s, "claim-bounty")  # 1 Prestige, 3 credits, 0 bonus cards
    s.apply("propose")
    s.apply("invite p2")
    s.apply("invite p3")
    assert legal(s) == ["prestige p2 0", "prestige p2 1", "solo"]
    s.apply("prestige p2 1")
    assert legal(s) == ["prestige p3 0", "solo"]  # nothing left
    assert_illegal(s, "prestige p3 1")
    s.apply("prestige p3 0")
    assert legal(s) == [f"credits p2 {n}" for n in range(4)] + ["solo"]
    s.apply("credits p2 2")
    assert legal(s) == ["credits p3 0", "credits p3 1", "solo"]
    s.apply("credits p3 1")
    assert s.decision_name() == "negotiation.dice"  # no bonus cards to share: step skipped
    assert set(legal(s)) == {"die 1 p1", "die 1 p2", "die 1 p3", "solo"}


def test_answers_in_seat_order_after_ml_3_3_3() -> None:
    """3.3.3: invitees answer in seat order after the ML, seeing earlier answers."""
    s = game(4, seed=4, first=2)
    take(s, "claim-bounty")
    propose(s, [0, 1, 3])
    order = []
    while s.decision_name() == "negotiation.answer":
        order.append(s.current_player())
        s.apply("accept" if s.current_player() != 0 else "decline")
    assert order == [3, 0, 1]
    assert events(s, "answer") == [(3, True), (0, False), (1, True)]
    assert set(legal(s)) == {"solo", "start", "propose"}


def test_earlier_answers_visible_3_3_3() -> None:
    """3.3.3: each invitee sees the proposal and the earlier answers."""
    s = game(3, seed=4)
    take(s, "claim-bounty")
    propose(s, [1, 2], shares={1: [1, 0, 0]})
    s.apply("decline")
    assert s.current_player() == 2
    neg = s.stack[-2].public()
    assert neg["answers"]["p2"] == "declined" and neg["shares"]["p2"] == [1, 0, 0]


def test_declined_terms_revert_to_ml_3_3_4() -> None:
    """3.3.4: shares and dice proposed to an invitee who declined revert to the ML."""
    s = game(3, seed=5)
    take(s, "claim-bounty")  # 1 die
    propose(s, [1, 2], shares={1: [1, 1, 0], 2: [0, 2, 0]}, dice=[2])
    answer(s, accept=[1])
    s.apply("start")
    ex = s.ex
    assert ex is not None and ex.order == [0, 1]
    assert ex.deal == [[0, 2, 0], [1, 1, 0]]  # seat 2's 2 credits back to the ML
    assert ex.to_roll == [] or ex.to_roll == [0]
    roll(s, 1)
    assert ex.seats[0].dice == [1] and 2 not in ex.seats  # the die assigned to seat 2 is the ML's


def test_binding_deal_enforced_at_rewards_3_3_4() -> None:
    """3.3.4, 3.4.9: on success the deal pays each ally its share, the ML the rest."""
    s = game(3, seed=6)
    clear_objectives(s)  # only the deal pays: no objective the seed dealt is claimed with it
    mission(s, "claim-bounty", [1], shares={1: [1, 2, 0]})  # 1 Prestige, 3 credits
    set_hand(s, 0, ["reactor", "reactor", "damage-3", "miss", "miss"])
    c0, c1 = s.players[0].credits, s.players[1].credits
    play_all(s, ["play reactor", "pass", "play reactor", "pass", "play damage-3"])
    pass_all(s)
    assert s.players[1].prestige == 1 and s.players[1].credits == c1 + 2
    assert s.players[0].prestige == 0 and s.players[0].credits == c0 + 1


def test_three_rounds_then_mission_starts_r4() -> None:
    """3.3.3, R4: at most 3 proposals; after round 3's answers the mission starts with who accepted."""
    s = game(3, seed=7)
    take(s, "claim-bounty")
    propose(s, [1])
    answer(s, accept=[])
    assert "propose" in legal(s) and "start" not in legal(s)
    propose(s, [1, 2])  # a new proposal may change the invitees
    answer(s, accept=[2])
    assert "start" in legal(s)
    propose(s, [1], shares={1: [1, 0, 0]})
    answer(s, accept=[1])
    assert s.ex is not None and s.ex.order == [0, 1]
    assert s.ex.deal[1] == [1, 0, 0]


def test_solo_always_possible_r4() -> None:
    """R4: at every ML decision point the ML may go solo, even after acceptances."""
    s = game(3, seed=8)
    take(s, "envoy-in-distress")
    s.apply("propose")
    while s.decision_name() != "negotiation.answer":
        assert "solo" in legal(s), s.decision_name()
        s.apply(legal(s)[0])
    s = game(3, seed=8)
    take(s, "claim-bounty")
    propose(s, [1, 2])
    answer(s, accept=[1, 2])
    assert "solo" in legal(s)
    s.apply("solo")
    assert s.ex is not None and s.ex.order == [0]
    assert s.ex.deal == [[1, 3, 0]]


def test_nothing_else_tradeable_r3() -> None:
    """R3: the only negotiation actions are invitations, shares of the contract rewards and die targets."""
    s = game(3, seed=9)
    take(s, "envoy-in-distress")  # 1 Prestige, 2 credits, 1 bonus card, 2 dice
    s.apply("propose")
    kinds = set()
    while s.decision_name().startswith("negotiation.") and s.decision_name() != "negotiation.answer":
        kinds |= {a.split()[0] for a in legal(s)}
        s.apply(legal(s)[0])
    assert kinds <= {"invite", "exclude", "prestige", "credits", "bonus", "die", "solo"}
    assert {"bonus", "die"} <= kinds


def test_participants_ml_first_then_seat_order_3_3_5() -> None:
    """3.3.5, 3.4.3: participants are the ML then the allies in seat order after the ML."""
    s = game(5, seed=10, first=3)
    mission(s, "claim-bounty", [0, 2, 4])
    assert s.ex is not None and s.ex.order == [3, 4, 0, 2]


def test_unassigned_dice_default_to_ml_r3() -> None:
    """R3: every die is assigned to one participant, by default the ML."""
    s = game(3, seed=11)
    take(s, "bomber-screen")  # 3 dice
    propose(s, [1], dice=[1, 0, 1])
    answer(s, accept=[1])
    s.apply("start")
    roll(s, [2, 1, 0])
    ex = s.ex
    assert ex is not None
    assert len(ex.seats[0].dice) == 1 and len(ex.seats[1].dice) == 2
    assert A.CAT.contracts[ex.contract].dice == 3


def test_round_three_declined_starts_alone_3_3_3() -> None:
    """3.3.3, R17: if every invitee declines the round-3 proposal, the mission starts with the ML alone."""
    s = game(3, seed=12)
    take(s, "claim-bounty")
    for _ in range(3):
        propose(s, [1, 2], shares={1: [1, 0, 0]})
        answer(s, accept=[])
    assert s.ex is not None and s.ex.order == [0] and s.ex.deal == [[1, 3, 0]]
