"""The coach's reasons for Moonrakers: one plain sentence saying why a recommended action is a good
choice now, for every kind of decision (setup, planning, negotiation, execution, buying, Binding Ties
spends, card abilities).

`reason(state, seat, action, advice)` reads only what `seat` may know, through `state.view(seat)` (its
hand, objectives and the contents of its own draw pile; the public table) and the advisor's figures for
that view (`advice`: the odds of meeting the contract, the hazard's expected loss), so the sentence is
the same on a `determinize(seat)` copy. The recommendation itself comes from a bot (`spacetable.advice`);
this module says why, in words. Pure, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import text
from spacetable.games.moonrakers.advisor import contract_odds, expected_loss
from spacetable.games.moonrakers.cards import REQ_TYPES
from spacetable.games.moonrakers.records import WIN_PRESTIGE

PLANNING_SECONDS = 0.15
"""Time the odds of the recommended contract may take (the advice's own search has its own budget)."""
WIN = WIN_PRESTIGE


def _rewards(c: Any) -> str:
    parts = []
    if c.prestige:
        parts.append(f"{c.prestige} Prestige")
    if c.credits:
        parts.append(text.plural(c.credits, "credit"))
    if c.bonus:
        parts.append(text.plural(c.bonus, "bonus card"))
    return " and ".join(parts) or "no reward"


def _needs(req: Any) -> str:
    return ", ".join(f"{n} {REQ_TYPES[t].capitalize()}" for t, n in enumerate(req) if n) or "nothing"


def _me(view: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    players: list[Mapping[str, Any]] = view["players"]
    return players[seat]


def _solo_odds(view: Mapping[str, Any], seat: int, slug: str) -> float:
    me = _me(view, seat)
    c = A.CAT.contract(slug)
    return contract_odds(me, list(c.req), PLANNING_SECONDS)


def reason(state: Any, seat: int, action: Action, advice: Mapping[str, Any] | None = None) -> str:
    """Why `action` is a good choice for `seat` now, in one sentence."""
    view = state.view(seat).to_json()
    advice = advice or {}
    d = state.decision_name()
    k = action.kind
    what = text.describe(state, action)
    me = _me(view, seat)
    if d == "setup.objectives" or d == "stay.objective":
        o = A.CAT.objectives[A.OBJECTIVE_ID[str(action.args[0])]]
        if k == "return":
            return f"Put back {o.name}: of the objectives dealt it is the hardest to claim with your deck."
        return f"Keep {o.name} ({o.text.rstrip('.')}): the easier one to claim, worth 1 Prestige."
    if d == "planning":
        return _planning(view, seat, action, what)
    if d == "stay.replace":
        if k == "replace":
            c = A.CAT.contract(str(action.args[0]))
            return f"Replace {c.name} for free: it suits the other captains better than you."
        return "Keep the display as it is: no contract there is worth taking away from you."
    if d.startswith("negotiation"):
        return _negotiation(view, seat, action, what, advice)
    if d == "execution.play":
        return _execution(view, seat, action, what, advice)
    if d == "buying":
        if k == "buy":
            slug = str(action.args[0])
            name = what.split(" for ")[0].replace("Buy ", "").replace("Hire ", "")
            cost = A.CAT.parts[A.PART_ID[slug]].cost if slug in A.PART_ID else \
                A.CAT.crew[A.CARD_ID[slug] - A.CREW_BASE].cost
            return (f"Buy {name} for {text.plural(cost, 'credit')}: of what you can afford it adds the most "
                    "to your deck for the contracts ahead.")
        if k == "armory-swap":
            return f"{what.split(':')[0]}: the card it uncovers may suit you better."
        if not int(me["credits"]):
            return "Finish buying: you have no credits left; contracts pay more."
        purse = text.plural(int(me["credits"]), "credit")
        return f"Keep your {purse}: nothing on offer now is worth its price to your deck."
    if d == "bonus-card":
        if k == "bonus-crew":
            return "Take a crew card: it goes to your discard pile and joins your hand within a turn or two."
        return "Take a ship part: it is installed at once and works on every contract you join."
    if d == "scrap-part":
        return f"{what}: of your five parts it does the least for your deck."
    if d == "reputation.window" or d.startswith("choice.rep") or k in ("spend", "trade", "faction"):
        return _reputation(view, seat, action, what)
    if d.startswith("choice."):
        return f"{what}: the choice that helps most with what the contract still needs."
    return f"{what}: the coach's pick at this step."


def _planning(view: Mapping[str, Any], seat: int, a: Action, what: str) -> str:
    k = a.kind
    prestige = int(_me(view, seat)["prestige"])
    if k == "take":
        c = A.CAT.contract(str(a.args[0]))
        p = _solo_odds(view, seat, c.slug)
        close = " and it takes you to 10 Prestige" if prestige + c.prestige >= WIN else ""
        if p >= 0.5:
            return (f"Take {c.name} for {_rewards(c)}{close}: your own hand meets it {p:.0%} of the time, so "
                    "you need little help.")
        return (f"Take {c.name} for {_rewards(c)}{close}: it needs {_needs(c.req)}; invite captains whose "
                f"cards fill what your hand lacks (alone: {p:.0%}).")
    if k == "stay":
        return ("Stay at Base: no contract on display is within reach of your hand; you keep an objective, "
                "gain a credit and draw a fresh hand.")
    if k == "swap":
        c = A.CAT.contract(str(a.args[0]))
        return f"Swap {c.name} for 1 credit: it does not suit you, and the next card might."
    return f"{what}: the coach's pick at this step."


def _negotiation(view: Mapping[str, Any], seat: int, a: Action, what: str, advice: Mapping[str, Any]) -> str:
    k = a.kind
    neg = view.get("negotiation") or view.get("decision") or {}
    slug = neg.get("contract") if isinstance(neg, Mapping) else None
    c = A.CAT.contract(slug) if isinstance(slug, str) else None
    name = c.name if c is not None else "the contract"
    p = advice.get("p_success")
    odds = f" ({float(p):.0%} with your hand alone)" if isinstance(p, (int, float)) else ""
    if k == "solo":
        return f"Go alone: your hand can meet {name}{odds}, and you keep the whole reward."
    if k == "start":
        who = ", ".join(str(x).upper() for x in neg.get("accepted", [])) if isinstance(neg, Mapping) else ""
        return f"Start the mission{' with ' + who if who else ''}: the deal stands; waiting gains nothing."
    if k == "propose":
        return f"Make a proposal: {name} needs more than your hand can bring{odds}; allies share the work."
    if k == "invite":
        return (f"Invite {str(a.args[0]).upper()}: another captain's cards raise the odds of meeting {name}; "
                "their share comes out of your reward.")
    if k == "exclude":
        return f"Leave {str(a.args[0]).upper()} out: the reward of {name} goes further shared among fewer."
    if k in ("prestige", "credits", "bonus"):
        n, to = int(a.args[1]), str(a.args[0]).upper()
        if n == 0:
            return f"Offer {to} no {k}: keep it; the other terms already make joining worth it."
        return f"Offer {to} {n} {k}: enough to make joining worth it, the rest stays with you."
    if k == "die":
        who, die = str(a.args[1]), a.args[0]
        prestige = {str(pl["seat"]): int(pl["prestige"]) for pl in view["players"]}
        if who == view["players"][seat]["seat"]:
            return f"Keep hazard die {die}: nobody else can take it at no cost to the deal."
        if prestige.get(who, 1) == 0:
            return f"Hazard die {die} to {who.upper()}: with no Prestige they have nothing to lose to it."
        return f"Hazard die {die} to {who.upper()}: they carry it as part of their share."
    if k == "reputation":
        return f"The faction reward to {str(a.args[0]).upper()}: it is worth most to them in this deal."
    if k in ("accept", "decline"):
        key = view["players"][seat]["seat"]
        terms: Mapping[str, Any] = neg if isinstance(neg, Mapping) else {}
        mine = terms.get("shares", {}).get(key, [0, 0, 0])
        dice = [x for x in terms.get("dice", []) if x == key]
        loss = expected_loss(len(dice), 0, int(view["players"][seat]["prestige"]))
        got = [f"{mine[0]} Prestige" if mine[0] else "", text.plural(mine[1], "credit") if mine[1] else "",
               text.plural(mine[2], "bonus card") if mine[2] else ""]
        share = " and ".join(x for x in got if x) or "nothing"
        dice_words = text.plural(len(dice), "hazard die", "hazard dice")
        if not dice:
            risk = " with no hazard die on you"
        elif loss < 0.05:
            risk = f"; the {dice_words} on you cost nothing while you hold no Prestige"
        else:
            risk = f" against about {loss:.1f} Prestige lost to {dice_words}"
        if k == "accept":
            return f"Accept: you gain {share} if {name} succeeds{risk}."
        return (f"Decline: {share}{risk} is not worth it; helping the leader brings them nearer "
                f"{WIN} Prestige.")
    if k == "skip":
        return f"{what}: the coach's pick at this step."
    return f"{what}: the coach's pick for this proposal."


def _execution(view: Mapping[str, Any], seat: int, a: Action, what: str, advice: Mapping[str, Any]) -> str:
    k = a.kind
    ex = view.get("execution") or {}
    slug = ex.get("contract") if isinstance(ex, Mapping) else None
    name = A.CAT.contract(slug).name if isinstance(slug, str) else "the contract"
    need = advice.get("need")
    missing = (", ".join(f"{n} {t.capitalize()}" for t, n in need.items() if n)
               if isinstance(need, Mapping) else "")
    p = advice.get("p_success")
    odds = f" ({float(p):.0%} to meet it with your cards from here)" if isinstance(p, (int, float)) else ""
    if k == "pass":
        if not missing:
            return f"Pass: every requirement of {name} is met; keep your Actions."
        return f"Pass: no card you can still play adds to what {name} needs ({missing})."
    if k == "play":
        slug = str(a.args[0])
        card = text.card_name(A.CARD_ID[slug])
        basic = {"reactor": "its 2 more Actions let you play more of your cards",
                 "thruster": f"it draws 2 cards: more chances to find what {name} needs",
                 "shield": "it adds a Shield and blocks a hazard icon aimed at you"}.get(slug)
        if basic and missing:
            return f"Play {card}: {basic}{odds}."
        if missing and isinstance(p, (int, float)) and p <= 0:
            return (f"Play {card}: it adds to what {name} still needs ({missing}); your allies' cards must "
                    "bring the rest.")
        if missing:
            return f"Play {card}: of your cards it gives the best chance of meeting {name}{odds}."
        return f"Play {card}: it helps you or your objectives even though {name} is already met."
    if k == "merc":
        return f"{what.split(':')[0]}: the contract needs {missing or 'more'}; the fee is due on success."
    if k == "use":
        return f"{what.split(':')[0]}: it adds to what {name} still needs ({missing or 'nothing missing'})."
    if k in ("spend", "trade"):
        return _reputation(view, seat, a, what)
    return f"{what}: the coach's pick at this step."


def _reputation(view: Mapping[str, Any], seat: int, a: Action, what: str) -> str:
    k = a.kind
    if k == "done":
        return "Keep your reputation for now: nothing it buys at this moment is worth more than keeping it."
    if k == "spend":
        return f"{what.split(':')[0]}: {what.split(':', 1)[-1].strip()} is worth more now than keeping it."
    if k == "trade":
        return f"{what}: it brings a faction up to the amount you need for a spend."
    if k == "faction":
        return f"{what}: you hold the most of it, so the others stay available."
    return f"{what}: the coach's pick at this step."
