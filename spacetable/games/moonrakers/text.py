"""Plain-language text: one-line explanations of actions and rendered events.

Only clients call these; the rules record events as (rule, key, ints) and never build strings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from spacetable.engine.action import Action
from spacetable.engine.events import Event
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.cards import BASIC_NAMES, BASIC_TEXT, REQ_TYPES

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState



def seat(i: int) -> str:
    return f"P{i + 1}"


def card_name(card: int) -> str:
    return BASIC_NAMES[card] if card < 7 else A.CAT.crew[card - 7].name


def card_text(card: int) -> str:
    return BASIC_TEXT[card] if card < 7 else A.CAT.crew[card - 7].text


def contract_name(c: int) -> str:
    return A.CAT.contracts[c].name


def _slug_name(slug: str) -> tuple[str, str]:
    """Name and text of whatever card a slug names."""
    if slug in A.CARD_ID:
        c = A.CARD_ID[slug]
        return card_name(c), card_text(c)
    if slug in A.PART_ID:
        p = A.CAT.parts[A.PART_ID[slug]]
        return p.name, f"{p.cost} cr, {p.text}"
    if slug in A.CONTRACT_ID:
        ct = A.CAT.contracts[A.CONTRACT_ID[slug]]
        return ct.name, ct.text
    if slug in A.OBJECTIVE_ID:
        o = A.CAT.objectives[A.OBJECTIVE_ID[slug]]
        return o.name, o.text
    return slug, ""


def describe(s: MoonrakersState, a: Action) -> str:
    """One line for a menu: what choosing this action does."""
    from spacetable.games.moonrakers import crew_effects, reputation

    special = crew_effects.describe_choice(s, a)
    if special is not None:
        return special
    if a.kind in reputation.EXTRA_KINDS:
        return reputation.describe(s, a)
    k = a.kind
    arg0 = str(a.args[0]) if a.args else ""
    name, txt = _slug_name(arg0) if a.args else ("", "")
    template = DESCRIBE.get(k)
    if template is None:
        return str(a)
    arg1 = str(a.args[1]) if len(a.args) > 1 else ""
    return template.format(name=name, txt=txt, a0=arg0, A0=arg0.upper(), a1=arg1, A1=arg1.upper(),
                           K=k.capitalize(), what="bonus cards" if k == "bonus" else k)


DESCRIBE: dict[str, str] = {
    "stay": "Stay at Base: keep 1 of 2 objectives, +1 credit, new hand (3.2.4)",
    "skip": "Skip this option",
    "solo": "Start the contract alone now",
    "propose": "Make a proposal to other captains (3.3.3)",
    "start": "Start the mission with those who accepted",
    "accept": "Accept the proposal and join the contract",
    "decline": "Decline the proposal",
    "pass": "Pass (the execution ends after a full round of passes)",
    "done": "Finish this step",
    "yes": "Yes",
    "no": "No",
    "bonus-crew": "Take the top Crew card of the Armory deck",
    "bonus-part": "Take the top Ship Part of the Armory deck and install it",
    "return": "Put back objective {name}: {txt}",
    "keep": "Keep objective {name}: {txt}",
    "take": "Take contract {name}: {txt}",
    "swap": "Pay 1 credit to replace contract {name}",
    "replace": "Replace contract {name} for free",
    "invite": "Invite {A0} to the contract",
    "exclude": "Do not invite {A0}",
    "prestige": "Offer {A0} {a1} {what}",
    "credits": "Offer {A0} {a1} {what}",
    "bonus": "Offer {A0} {a1} {what}",
    "reputation": "{A0} takes the contract's faction reputation reward",
    "die": "Hazard die {a0} targets {A1}",
    "hazard": "Hazard die shows {a0} icon(s)",
    "play": "Play {name} ({txt})",
    "merc": "Play Mercenary {name} ({txt}; fee on success)",
    "use": "Use {name}: {txt}",
    "buy": "Buy {name} ({txt})",
    "armory-swap": "Discard {name} from the Armory and refill the slot",
    "scrap": "Remove part {name} from your ship",
    "trash": "{K} {name}",
    "discard": "{K} {name}",
    "choose": "{K} {name}",
    "reduce": "Reduce the {a0} requirement",
    "option": "Choose option {a0}",
    "target": "Choose die {a0}",
    "faction": "Faction {a0}",
}
"""Menu text of each action kind ({name}/{txt}: the card its first argument names)."""


def _r(fmt: str) -> Callable[[tuple[Any, ...]], str]:
    return lambda args: fmt.format(*args)


RENDER: dict[str, Callable[[tuple[Any, ...]], str]] = {
    "reshuffle": lambda a: f"{seat(a[0])} shuffles the discard pile into a new draw pile",
    "draw": lambda a: f"{seat(a[0])} draws {a[1]} card(s)",
    "contract-reshuffle": _r("The contract discard pile is shuffled into a new deck"),
    "contract-revealed": lambda a: f"New contract on display: {contract_name(a[0])}",
    "prestige": lambda a: f"{seat(a[0])} {'gains' if a[1] >= 0 else 'loses'} {abs(a[1])} Prestige",
    "credits": lambda a: f"{seat(a[0])} {'gains' if a[1] >= 0 else 'loses'} {abs(a[1])} credit(s)",
    "proposal-begin": lambda a: f"{seat(a[0])} prepares proposal {a[1]}",
    "proposal": lambda a: f"{seat(a[0])} proposes (round {a[1]}): {a[2]}",
    "answer": lambda a: f"{seat(a[0])} {'accepts' if a[1] else 'declines'}",
    "mission-start": lambda a: (f"{seat(a[0])} starts {contract_name(a[1])}"
                                + (" with " + ", ".join(seat(x) for x in a[2]) if a[2] else " alone")),
    "roll": lambda a: f"{seat(a[0])} rolls a hazard die: {a[1]} icon(s)",
    "reroll": lambda a: f"{seat(a[0])} re-rolls a hazard die: {a[1]} icon(s)",
    "pass": lambda a: f"{seat(a[0])} passes",
    "play": lambda a: f"{seat(a[0])} plays {card_name(a[1])}",
    "deal": lambda a: f"{seat(a[0])} deals {a[1]} Damage",
    "success": lambda a: f"Contract {contract_name(a[0])} succeeds",
    "failure": lambda a: f"Contract {contract_name(a[0])} fails",
    "bonus-crew": lambda a: f"{seat(a[0])} takes bonus crew {A.CAT.crew[a[1]].name}",
    "bonus-part": lambda a: f"{seat(a[0])} takes bonus part {A.CAT.parts[a[1]].name}",
    "scrap": lambda a: f"{seat(a[0])} removes {A.CAT.parts[a[1]].name} from the ship",
    "hazard-loss": lambda a: f"{seat(a[0])} loses {a[1]} Prestige to unblocked hazards",
    "merc-row": lambda a: "Mercenary row: " + ", ".join(card_name(c) for c in a[0]),
    "merc-play": lambda a: f"{seat(a[0])} hires Mercenary {card_name(a[1])}",
    "objectives-kept": lambda a: f"{seat(a[0])} keeps 2 objectives",
    "first-roll": lambda a: f"{seat(a[0])} rolls {a[1]} for first player",
    "first-player": lambda a: f"{seat(a[0])} goes first",
    "turn": lambda a: f"Turn {a[1]}: {seat(a[0])} is Mission Leader",
    "contract-swap": lambda a: f"{seat(a[0])} pays 1 credit to replace {contract_name(a[1])}",
    "stay": lambda a: f"{seat(a[0])} stays at base",
    "contract-chosen": lambda a: f"{seat(a[0])} chooses contract {contract_name(a[1])}",
    "contract-replace": lambda a: f"{seat(a[0])} replaces contract {contract_name(a[1])}",
    "armory-swap": lambda a: f"{seat(a[0])} discards {_slug_name(a[1])[0]} from the Armory ({a[2]} cr)",
    "hire": lambda a: f"{seat(a[0])} hires {A.CAT.crew[a[1]].name}",
    "buy-part": lambda a: f"{seat(a[0])} buys {A.CAT.parts[a[1]].name}",
    "objective": lambda a: f"{seat(a[0])} claims objective {A.CAT.objectives[a[1]].name} (+1 Prestige)",
    "game-over": lambda a: ("Game over: " + (", ".join(seat(w) for w in a[0]) + " win(s)"
                                             if a[0] else "no winner")),
    "reduce": lambda a: f"{seat(a[0])} reduces the {REQ_TYPES[a[1]]} requirement by {a[2]}",
    "block": lambda a: f"{seat(a[0])} gains {a[1]} block(s)",
    "actions": lambda a: f"{seat(a[0])} gains {a[1]} Action(s)",
    "trash": lambda a: f"{seat(a[0])} trashes {card_name(a[1])}",
}


def render_event(s: MoonrakersState, e: Event) -> str:
    fn = RENDER.get(e.key)
    try:
        body = fn(e.args) if fn else e.key + " " + " ".join(map(str, e.args))
    except (IndexError, KeyError, TypeError, ValueError):
        body = e.key + " " + " ".join(map(str, e.args))
    return f"{body} [{e.rule}]"
