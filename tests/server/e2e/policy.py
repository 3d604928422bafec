"""The scripted captains of the browser tests: what the two humans choose, from their API views.

The same policy drives the seed search (`find_seed.py`, through the API only) and the browser test
(which then makes each choice by clicking the page), so a seed found here plays out identically there.
Seat p1 leads, invites p2 only (3.3.3) and gives it a credit; p2 accepts; both play their cards
(Reactors first, 3.4.3); p1 buys the first card it can afford (3.5) and spends reputation for a credit
(Binding Ties) when it can.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Intent = dict[str, Any]


@dataclass
class Plan:
    """The choices the search varies: which contract p1 takes, and who gets the faction reward."""

    contract: str
    reputation_to: str = "p1"
    seen: set[str] = field(default_factory=set)
    """Milestones reached: negotiated, accepted, executed, success, bought, spent."""


def legal_texts(v: dict[str, Any]) -> list[str]:
    return [a["text"] for a in v["legal_actions"]]


def proposal(v: dict[str, Any], plan: Plan) -> Intent:
    form = v["intent"]
    credits = 1 if form["totals"]["credits"] > 0 else 0
    out: Intent = {"kind": "proposal", "invite": ["p2"], "shares": {"p2": {"credits": credits}},
                   "dice": ["p1"] * form["dice"]}
    if form["faction_reward"]:
        out["reputation_to"] = plan.reputation_to
    return out


def choose(v: dict[str, Any], plan: Plan) -> str | Intent:
    """The next choice of the seat whose view `v` has legal actions: an action text or an intent."""
    legal = legal_texts(v)
    me = f"p{v['seat'] + 1}"
    d = v["decision"]
    if d == "setup.objectives":
        return legal[0]
    if d == "planning" and me == "p1":
        return f"take {plan.contract}" if f"take {plan.contract}" in legal else legal[0]
    form = v.get("intent")
    if form and form.get("kind") == "proposal" and form["previous"] is None:
        plan.seen.add("negotiated")
        return proposal(v, plan)
    if d == "negotiation.open":
        return "start" if "start" in legal else "solo"
    if d == "negotiation.answer":
        plan.seen.add("accepted")
        return "accept"
    if d == "execution.play":
        plan.seen.add("executed")
        for card in ("reactor", "damage-3", "damage-2", "damage-1", "thruster", "shield"):
            if f"play {card}" in legal:
                return f"play {card}"
        plays = [t for t in legal if t.startswith("play ") and t != "play miss"]
        return plays[0] if plays else "pass"
    if me == "p1" and "spend credit" in legal and "bought" in plan.seen:
        plan.seen.add("spent")
        return "spend credit"
    if d == "buying":
        buys = [t for t in legal if t.startswith("buy ")]
        if buys and "bought" not in plan.seen:
            plan.seen.add("bought")
            return buys[0]
        return "done"
    if d == "reputation.window":
        return "done"
    if d.startswith("choice.rep") and me == "p1":
        return legal[0]
    if "done" in legal:
        return "done"
    if "skip" in legal:
        return "skip"
    return legal[0]
