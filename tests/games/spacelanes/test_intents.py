"""Space Lanes compound intents (`spacelanes.intents`): "buy 5 parts", a run of discards, a move with its
fuel, a whole Player vs Player proposal, each turned into the engine's small decisions.

Rules: L5 (Trade: at most 5 of one good bought per Visit, cargo at most 10, discard once), L6 (the first
move is free, each further one discards a card as fuel), L19 (PvP trade), and the resale ruling (units
bought in a Visit are not sold in it; docs/spacelanes-design.md).
"""

from __future__ import annotations

import pytest

from spacetable.games.spacelanes import intents as I
from spacetable.games.spacelanes.board import ADJ
from spacetable.games.spacelanes.content_types import GOODS
from spacetable.games.spacelanes.state import SpaceLanesState
from tests.games.spacelanes.sl_helpers import card, give, legal_texts, new, started


def snapshot(s: SpaceLanesState) -> tuple[object, ...]:
    return (s.view(0).to_json(), s.view(1).to_json(), list(s.history), s.decision_name())


def run(s: SpaceLanesState, seat: int, intent: dict[str, object]) -> list[str]:
    """Expand (checking it changes nothing), then apply the texts as a client would."""
    before = snapshot(s)
    texts = I.expand(s, seat, intent)
    assert snapshot(s) == before
    for t in texts:
        assert s.current_player() == seat
        s.apply(t)
    return texts


def sold_here(s: SpaceLanesState) -> str:
    """A good the settlement seat 0 stands on sells (buy price > 0)."""
    goods = I.offered(s, 0)["trade"]["goods"]  # type: ignore[index]
    return str(next(g for g, v in goods.items() if v["buy"]))


def test_l5_buy_five_units_in_one_intent_opens_the_trade() -> None:
    s = started(2)
    g = sold_here(s)
    form = I.offered(s, 0)
    assert form is not None and form["trade"]["opens_trade"] and form["trade"]["goods"][g]["max_buy"] == 5
    price = form["trade"]["goods"][g]["buy"]
    texts = run(s, 0, {"kind": "trade", "action": "buy", "good": g, "units": 5})
    assert texts == ["trade"] + [f"buy {g}"] * 5
    assert s.cargo[0][GOODS.index(g)] == 5 and s.credits[0] == 3000 - 5 * price
    assert s.decision_name() == "trade"  # the Trade stays open for more
    assert I.offered(s, 0)["trade"]["goods"][g]["max_buy"] == 0  # type: ignore[index]


def test_l5_a_sixth_unit_in_one_visit_is_refused_and_changes_nothing() -> None:
    s = started(2)
    g = sold_here(s)
    before = snapshot(s)
    with pytest.raises(I.IntentError, match=r"only 5 .* per Visit \(L5\)"):
        I.expand(s, 0, {"kind": "trade", "action": "buy", "good": g, "units": 6})
    assert snapshot(s) == before


def test_l5_the_hold_limits_the_units() -> None:
    s = started(2)
    g = sold_here(s)
    other = GOODS.index(next(x for x in GOODS if x != g))
    s.cargo[0][other] = 8  # 2 places left of 10
    assert I.offered(s, 0)["trade"]["goods"][g]["max_buy"] == 2  # type: ignore[index]
    with pytest.raises(I.IntentError, match=r"hold is full \(10 goods"):
        I.expand(s, 0, {"kind": "trade", "action": "buy", "good": g, "units": 3})
    assert len(I.expand(s, 0, {"kind": "trade", "action": "buy", "good": g, "units": 2})) == 3


def test_l5_the_purse_limits_the_units() -> None:
    s = started(2)
    g = sold_here(s)
    price = I.offered(s, 0)["trade"]["goods"][g]["buy"]  # type: ignore[index]
    s.credits[0] = 2 * price + 1
    assert I.offered(s, 0)["trade"]["goods"][g]["max_buy"] == 2  # type: ignore[index]
    with pytest.raises(I.IntentError, match="credits are left"):
        I.expand(s, 0, {"kind": "trade", "action": "buy", "good": g, "units": 3})


def test_sell_several_units_but_not_those_bought_this_visit() -> None:
    """Resale ruling: units carried in may be sold; units bought in this Visit may not."""
    s = started(2)
    form = I.offered(s, 0)["trade"]["goods"]  # type: ignore[index]
    g = next(x for x, v in form.items() if v["buy"] and v["sell"])
    gi = GOODS.index(g)
    s.cargo[0][gi] = 3
    assert I.offered(s, 0)["trade"]["goods"][g]["max_sell"] == 3  # type: ignore[index]
    run(s, 0, {"kind": "trade", "action": "buy", "good": g, "units": 2})
    assert I.offered(s, 0)["trade"]["goods"][g]["max_sell"] == 3  # type: ignore[index]
    with pytest.raises(I.IntentError, match="resale"):
        I.expand(s, 0, {"kind": "trade", "action": "sell", "good": g, "units": 4})
    texts = run(s, 0, {"kind": "trade", "action": "sell", "good": g, "units": 3})
    assert texts == [f"sell {g}"] * 3 and s.cargo[0][gi] == 2


def test_l5_discard_once_in_one_run() -> None:
    s = started(2)
    give(s, 0, "wormhole", "scavenger-gang", "wormhole")
    texts = run(s, 0, {"kind": "discard", "cards": ["wormhole", "wormhole"]})
    assert texts == ["trade", "toss wormhole", "toss wormhole"] and len(s.hand[0]) == 1
    s.apply("draw 1")  # another Trade action ends the run of discards
    assert "discard" not in (I.offered(s, 0) or {})
    with pytest.raises(I.IntentError, match=r"discard once$"):
        I.expand(s, 0, {"kind": "discard", "cards": ["scavenger-gang"]})


def test_discarding_a_card_not_in_hand_is_refused() -> None:
    s = started(2)
    give(s, 0, "wormhole")
    with pytest.raises(I.IntentError, match="not .*in your hand"):
        I.expand(s, 0, {"kind": "discard", "cards": ["wormhole", "wormhole"]})


def test_l6_moves_are_offered_with_their_fuel_cost() -> None:
    """"Your first move requires no fuel. To continue to move beyond one space on your turn, spend fuel
    by Discarding a card from your hand for each space moved."""
    s = started(2)
    give(s, 0, "wormhole", "market-crash")
    home = s.node[0]
    moves = I.offered(s, 0)["move"]["moves"]  # type: ignore[index]
    assert {m["to"] for m in moves} == {m for _, m in ADJ[home]}
    assert all(m["fuel"] == 0 and m["cost"] == "free move" for m in moves)
    dest = moves[0]["to"]
    run(s, 0, {"kind": "move", "to": dest})
    assert s.decision_name() == "turn"  # no window: seat 1 holds no card
    nxt = I.offered(s, 0)["move"]["moves"]  # type: ignore[index]
    assert all(m["fuel"] == 1 and m["cost"] == "discard 1 card as fuel" for m in nxt)
    with pytest.raises(I.IntentError, match=r"this move costs discard 1 card as fuel;"):
        I.expand(s, 0, {"kind": "move", "to": dest})
    texts = run(s, 0, {"kind": "move", "to": dest, "fuel": ["wormhole"]})
    assert texts == [f"move {dest}", "fuel wormhole"] and len(s.hand[0]) == 1 and s.discard[-1] >= 0
    assert s.node[0] == dest or s.mark[0] == 2


def test_an_illegal_move_is_refused() -> None:
    s = started(2)
    far = next(x for x in range(15) if x != s.node[0] and x not in {m for _, m in ADJ[s.node[0]]})
    with pytest.raises(I.IntentError, match="not a legal move"):
        I.expand(s, 0, {"kind": "move", "to": far})


def pvp_meeting() -> SpaceLanesState:
    s = started(2, modes=("pvp",))
    s.cargo[0][GOODS.index("ore")] = 3
    s.cargo[1][GOODS.index("luxury")] = 2
    s.ship[0].append(card(s, "afterburners"))
    give(s, 0, "missiles")
    give(s, 1, "fuel-burn")
    return s


def test_l19_a_whole_proposal_in_one_intent() -> None:
    """"Players who encounter each other may trade equipment, crew, etc.": goods, a ship card, a hand card
    and credits one way; goods, a hand card asked by kind, and credits the other."""
    s = pvp_meeting()
    form = I.offered(s, 0)
    assert form is not None and form["proposal"]["with"] == [1] and form["proposal"]["opens"]
    intent = {"kind": "proposal", "to": 1,
              "give": {"goods": {"ore": 2}, "ship": ["afterburners"], "hand": ["missiles"], "credits": 600},
              "ask": {"goods": {"luxury": 1}, "hand": ["fuel-burn"], "credits": 100}}
    texts = run(s, 0, intent)
    assert texts == ["offer 1", "give ore", "give ore", "give afterburners", "give_hand missiles",
                     "pay 500", "pay 100", "ask luxury", "ask_kind fuel_burn", "ask_hand fuel-burn",
                     "charge 100", "propose"]
    assert s.decision_name() == "pvp.answer" and s.current_player() == 1
    s.apply("accept")
    assert s.cargo[1][GOODS.index("ore")] == 2 and s.cargo[0][GOODS.index("luxury")] == 1
    assert s.credits[0] == 3000 - 600 + 100 and s.credits[1] == 3000 + 600 - 100


def test_l19_a_counter_proposal_in_one_intent() -> None:
    s = pvp_meeting()
    run(s, 0, {"kind": "proposal", "to": 1, "give": {"goods": {"ore": 1}}})
    form = I.offered(s, 1)
    assert form is not None and form["proposal"]["counters"] and form["proposal"]["with"] == [0]
    texts = run(s, 1, {"kind": "proposal", "give": {"goods": {"luxury": 1}}, "ask": {"goods": {"ore": 3}}})
    assert texts[0] == "counter" and texts[-1] == "propose"
    assert s.current_player() == 0 and "accept" in legal_texts(s)


def test_l19_proposal_checks() -> None:
    s = pvp_meeting()
    with pytest.raises(I.IntentError, match="multiple of 100"):
        I.expand(s, 0, {"kind": "proposal", "to": 1, "give": {"credits": 150}})
    with pytest.raises(I.IntentError, match="not enough credits"):
        I.expand(s, 0, {"kind": "proposal", "to": 1, "give": {"credits": 5000}})
    with pytest.raises(I.IntentError, match="not there to give"):
        I.expand(s, 0, {"kind": "proposal", "to": 1, "give": {"goods": {"ore": 4}}})
    s2 = started(2)  # no PvP mode: no trade between ships
    with pytest.raises(I.IntentError, match="ships that meet, in PvP mode"):
        I.expand(s2, 0, {"kind": "proposal", "to": 1})


@pytest.mark.parametrize("intent, message", [
    ("buy 5", "JSON object"),
    ({"kind": "steal"}, "unknown intent kind"),
    ({"kind": "trade", "action": "buy", "good": "ore", "units": 2, "price": 1}, "unknown intent field"),
    ({"kind": "trade", "action": "buy", "good": "gold", "units": 2}, "good must be one of"),
    ({"kind": "trade", "action": "buy", "good": "ore", "units": 0}, "units must be a whole number"),
    ({"kind": "trade", "action": "buy", "good": "ore", "units": True}, "units must be a whole number"),
    ({"kind": "move", "to": "7"}, "to .* must be a whole number"),
])
def test_malformed_intents_get_the_projects_error(intent: object, message: str) -> None:
    s = started(2)
    with pytest.raises(I.IntentError, match=message):
        I.expand(s, 0, intent)


def test_an_intent_during_the_setup_says_what_comes_first() -> None:
    """L3: captains choose starting settlements before any turn, so a trade then is refused with that
    reason (not "not this seat's decision": it is this seat's decision), and nothing changes."""
    s = new(2, 4, ())
    assert s.current_player() == 0 and s.decision_name() == "setup.start"
    before = snapshot(s)
    with pytest.raises(I.IntentError, match="choose a starting settlement first"):
        I.expand(s, 0, {"kind": "trade", "action": "buy", "good": "ore", "units": 5})
    assert snapshot(s) == before
    with pytest.raises(I.IntentError, match="not this seat's decision"):
        I.expand(s, 1, {"kind": "trade", "action": "buy", "good": "ore", "units": 5})


def test_only_the_deciding_seat_has_intents() -> None:
    s = started(2)
    assert I.offered(s, 1) is None
    with pytest.raises(I.IntentError, match="not this seat's decision"):
        I.expand(s, 1, {"kind": "trade", "action": "buy", "good": "ore", "units": 1})
    s.apply("end")  # seat 1's turn; seat 0 is not at a settlement's Trade
    assert s.current_player() == 1 and I.offered(s, 0) is None
