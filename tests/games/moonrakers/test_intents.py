"""Compound intents (3.3.3): a whole proposal from one form equals the same small decisions one by one.

Negotiation points are reached in whole games played by the random and greedy bots (base game and
Binding Ties); at each one a random proposal is expanded and applied on one copy, and the same terms
are chosen decision by decision from `legal_actions()` on another copy: both must agree.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from spacetable.bots.base import make_bot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import new_game
from spacetable.games.moonrakers.game import Moonrakers
from spacetable.games.moonrakers.intents import IntentError, expand, offered
from tests.games.moonrakers.helpers import game, take


def snapshot(s: Moonrakers) -> str:
    """Everything observable: the action log and every seat's view."""
    return json.dumps([s.history, *(s.view(p).to_json() for p in [None, *range(s.n)])], sort_keys=True)


def random_intent(form: dict[str, Any], rng: Rng) -> dict[str, Any]:
    """A random legal proposal drawn from the form's ranges (3.3.3)."""
    seats = list(form["can_invite"])
    invite = [p for p in seats if rng.below(2)] or [seats[rng.below(len(seats))]]
    left = dict(form["totals"])
    shares: dict[str, dict[str, int]] = {}
    for p in invite:
        shares[p] = {}
        for k in ("prestige", "credits", "bonus"):
            n = rng.below(min(left[k], form["max_share"][k]) + 1)
            shares[p][k] = n
            left[k] -= n
    participants = [form["leader"], *invite]
    dice = [participants[rng.below(len(participants))] for _ in range(form["dice"])]
    intent: dict[str, Any] = {"invite": invite, "shares": shares, "dice": dice}
    if form["faction_reward"]:
        intent["reputation_to"] = participants[rng.below(len(participants))]
    return intent


def one_by_one(s: Moonrakers, seat: int, intent: dict[str, Any]) -> None:
    """Take the proposal's small decisions one at a time, choosing each from the legal actions."""
    invited = set(intent["invite"])
    die = 0
    while s.current_player() == seat:
        name = s.decision_name()
        legal = {str(a): a for a in s.legal_actions()}
        if name == "negotiation.open":
            choice = "propose"
        elif name == "negotiation.invite":
            seat_asked = next(str(a.args[0]) for a in legal.values() if a.kind == "invite")
            choice = ("invite " if seat_asked in invited else "exclude ") + seat_asked
        elif name in ("negotiation.prestige", "negotiation.credits", "negotiation.bonus"):
            kind = name.split(".")[1]
            asked = next(str(a.args[0]) for a in legal.values() if a.kind == kind)
            choice = f"{kind} {asked} {intent['shares'].get(asked, {}).get(kind, 0)}"
        elif name == "negotiation.reputation":
            choice = "reputation " + intent.get("reputation_to", A.SEATS[seat])
        elif name == "negotiation.dice":
            die += 1
            choice = f"die {die} {intent['dice'][die - 1]}"
        else:
            break
        assert choice in legal, (choice, sorted(legal))
        s.apply(legal[choice])


def negotiation_points(cfg: dict[str, Any], seed: int, bot: str, limit: int) -> list[tuple[Moonrakers, int]]:
    """Copies of a bot game at each point where a Mission Leader begins a proposal."""
    s = new_game(cfg, seed)
    bots = [make_bot("moonrakers", bot) for _ in range(s.n)]
    rng = Rng(seed)
    out: list[tuple[Moonrakers, int]] = []
    for _ in range(4000):
        if s.is_terminal() or len(out) >= limit:
            break
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            continue
        form = offered(s, p)
        if form is not None and form["kind"] == "proposal":
            out.append((s.copy(), p))
        s.apply(bots[p].choose(s, p, rng))
    return out


CONFIGS = [
    ({"players": 3, "expansions": ["binding-ties"], "modules": ["first-encounter"]}, "greedy"),
    ({"players": 4, "expansions": ["binding-ties"], "modules": []}, "random"),
    ({"players": 4, "expansions": [], "modules": []}, "greedy"),
    ({"players": 5, "expansions": [], "modules": ["first-encounter"]}, "random"),
]


@pytest.mark.parametrize(("cfg", "bot"), CONFIGS)
def test_expanded_proposal_equals_small_decisions_3_3_3(cfg: dict[str, Any], bot: str) -> None:
    """3.3.3: a proposal expanded from one form is exactly the ML's small decisions taken one by one,
    and it stops where the first invitee must answer."""
    checked = 0
    for seed in range(3):
        rng = Rng(100 + seed)
        for s, ml in negotiation_points(cfg, seed, bot, limit=12):
            form = offered(s, ml)
            assert form is not None
            for _ in range(3):
                intent = random_intent(form, rng)
                texts = expand(s, ml, intent)
                a, b = s.copy(), s.copy()
                for t in texts:
                    a.apply(t)
                one_by_one(b, ml, intent)
                assert snapshot(a) == snapshot(b)
                assert a.decision_name() == "negotiation.answer"  # 3.3.3: invitees answer next
                first = [p for p in form["can_invite"] if p in intent["invite"]][0]
                assert A.SEATS[a.current_player()] == first
                checked += 1
    assert checked >= 20


def proposal_point(bt: bool = True) -> tuple[Moonrakers, int]:
    """A 3-player game whose ML p1 has taken Minil Horde (faction reward, 1 hazard die)."""
    s = game(3, seed=1, bt=bt)
    take(s, "minil-horde")
    return s, 0


def test_offered_describes_the_whole_form_3_3_3() -> None:
    """3.3.3: the form names the invitable seats in seat order after the ML, the printed rewards, the
    faction reward (Binding Ties) and the hazard dice; other seats are offered nothing."""
    s, ml = proposal_point()
    form = offered(s, ml)
    assert form is not None
    c = A.CAT.contracts[A.CONTRACT_ID["minil-horde"]]
    assert form["contract"] == "minil-horde" and form["leader"] == "p1" and form["round"] == 1
    assert form["can_invite"] == ["p2", "p3"]
    assert form["totals"] == {"prestige": c.prestige, "credits": c.credits, "bonus": c.bonus}
    assert form["faction_reward"] == c.faction and form["dice"] == c.dice
    assert form["previous"] is None
    assert offered(s, 1) is None and offered(s, 2) is None
    base, _ = proposal_point(bt=False)
    base_form = offered(base, 0)
    assert base_form is not None and base_form["faction_reward"] is None


def test_declined_terms_are_offered_again_3_3_3() -> None:
    """3.3.3: after the answers the ML may propose again; the form starts from the last proposal."""
    s, ml = proposal_point()
    for t in expand(s, ml, {"invite": ["p3"], "shares": {"p3": {"credits": 2}}, "dice": ["p3"]}):
        s.apply(t)
    s.apply("decline")
    form = offered(s, ml)
    assert form is not None and form["round"] == 2
    assert form["previous"]["invite"] == ["p3"] and form["previous"]["dice"] == ["p3"]
    assert form["previous"]["shares"]["p3"]["credits"] == 2


BAD_INTENTS: list[tuple[Any, str]] = [
    ("propose", "JSON object"),
    ({"invite": []}, "at least one"),
    ({"invite": ["p1"]}, "cannot be invited"),
    ({"invite": ["p4"]}, "cannot be invited"),
    ({"invite": ["p9"]}, "seat"),
    ({"invite": ["p2", "p2"]}, "twice"),
    ({"invite": ["p2"], "shares": {"p3": {"credits": 1}}}, "not invited"),
    ({"invite": ["p2", "p3"], "shares": {"p2": {"credits": 4}, "p3": {"credits": 4}}}, "contract pays"),
    ({"invite": ["p2"], "shares": {"p2": {"credits": -1}}}, "whole number"),
    ({"invite": ["p2"], "shares": {"p2": {"credits": True}}}, "whole number"),
    ({"invite": ["p2"], "shares": {"p2": {"gold": 1}}}, "unknown share"),
    ({"invite": ["p2"], "dice": ["p3"]}, "participant"),
    ({"invite": ["p2"], "dice": ["p1", "p2"]}, "hazard dice"),
    ({"invite": ["p2"], "reputation_to": "p3"}, "participant"),
    ({"invite": ["p2"], "bribe": 3}, "unknown intent field"),
    ({"kind": "buy", "invite": ["p2"]}, "unknown intent kind"),
]


@pytest.mark.parametrize(("intent", "message"), BAD_INTENTS)
def test_bad_intents_raise_and_change_nothing_3_3_3(intent: Any, message: str) -> None:
    """3.3.3: an impossible proposal is refused with a clear message and the state is unchanged."""
    s, ml = proposal_point()
    before = snapshot(s)
    with pytest.raises(IntentError, match=message):
        expand(s, ml, intent)
    assert snapshot(s) == before


def test_no_intent_outside_a_proposal_3_3_3() -> None:
    """3.3.3: only the ML beginning a proposal has one; elsewhere expand refuses."""
    s, ml = proposal_point()
    with pytest.raises(IntentError, match="no proposal"):
        expand(s, 1, {"invite": ["p3"]})
    s.apply("solo")  # 3.3.3: going solo ends the negotiation
    assert offered(s, ml) is None
    with pytest.raises(IntentError, match="no proposal"):
        expand(s, ml, {"invite": ["p2"]})


def test_faction_reward_without_binding_ties_is_refused_3_3_3() -> None:
    """Without Binding Ties there is no faction reward to negotiate."""
    s, ml = proposal_point(bt=False)
    with pytest.raises(IntentError, match="no faction reward"):
        expand(s, ml, {"invite": ["p2"], "reputation_to": "p2"})


def test_buying_form_states_the_armory_discard_cost_3_5_2() -> None:
    """3.5.2 (and the Binding Ties buy-phase rule): at the ML's buy phase the form names what an Armory
    discard costs now; there is nothing to expand there."""
    from spacetable.games.moonrakers.rules import NO_SWAP, armory_swap_cost

    for bt, seed in ((True, 1), (False, 2)):
        s = new_game({"players": 3, "expansions": ["binding-ties"] if bt else []}, seed)
        bots = [make_bot("moonrakers", "greedy") for _ in range(3)]
        rng = Rng(seed)
        seen = 0
        for _ in range(3000):
            if s.is_terminal() or seen >= 5:
                break
            p = s.current_player()
            if p == CHANCE:
                s.sample_chance()
                continue
            if s.decision_name() == "buying":
                form = offered(s, p)
                cost = armory_swap_cost(s)
                assert form == {"kind": "buying", "rule": "3.5.2",
                                "armory_swap_cost": None if cost == NO_SWAP else cost}
                assert offered(s, (p + 1) % 3) is None
                with pytest.raises(IntentError):
                    expand(s, p, {"kind": "buying"})
                seen += 1
            s.apply(bots[p].choose(s, p, rng))
        assert seen >= 1
