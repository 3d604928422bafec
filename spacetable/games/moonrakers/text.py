"""Plain-language text: one-line explanations of actions and rendered events (terminal and web table).

Every menu line states what choosing it costs (credits, Actions, a Mercenary's fee); log lines are
sentences without Python brackets or class names. Neither carries a rule number: the rule an action
applies is `action_rule`'s id and an event's is `Event.rule`, which the faces show as links to the
rule's text. `event_level` says which lines are routine (folded in the log) and which are moments
(shown as banners). Only clients call these; the rules record events as (rule, key, ints) and never
build strings.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from spacetable.engine.action import Action
from spacetable.engine.events import Event
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import crew_effects, effects, reputation
from spacetable.games.moonrakers.cards import BASIC_NAMES, FACTIONS, REQ_TYPES
from spacetable.games.moonrakers.crew_specs import ABILITY, describe_ops, walk
from spacetable.games.moonrakers.names import card_name as card_name  # the texts' own helpers too
from spacetable.games.moonrakers.names import card_text as card_text
from spacetable.games.moonrakers.names import contract_name as contract_name
from spacetable.games.moonrakers.names import seat as seat
from spacetable.games.moonrakers.part_specs import COST_PLAY, FX
from spacetable.games.moonrakers.rules import NO_SWAP, armory_swap_cost

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState



def _slug_name(slug: str) -> tuple[str, str]:
    """Name and text of whatever card a slug names."""
    if slug in A.CARD_ID:
        c = A.CARD_ID[slug]
        return card_name(c), card_text(c)
    if slug in A.PART_ID:
        p = A.CAT.parts[A.PART_ID[slug]]
        return p.name, p.text
    if slug in A.CONTRACT_ID:
        ct = A.CAT.contracts[A.CONTRACT_ID[slug]]
        return ct.name, ct.text
    if slug in A.OBJECTIVE_ID:
        o = A.CAT.objectives[A.OBJECTIVE_ID[slug]]
        return o.name, o.text
    return slug, ""


def describe(s: MoonrakersState, a: Action) -> str:
    """One line for a menu: what choosing this action does."""
    special = crew_effects.describe_choice(s, a)
    if special is not None:
        return special
    if a.kind in reputation.EXTRA_KINDS:
        return describe_reputation(s, a)
    k = a.kind
    costed = _costed(s, a)
    if costed is not None:
        return costed
    arg0 = str(a.args[0]) if a.args else ""
    name, txt = _slug_name(arg0) if a.args else ("", "")
    template = DESCRIBE.get(k)
    if template is None:
        return str(a)
    arg1 = str(a.args[1]) if len(a.args) > 1 else ""
    return template.format(name=name, txt=txt, a0=arg0, A0=arg0.upper(), a1=arg1, A1=arg1.upper(),
                           K=k.capitalize(), F0=arg0.capitalize())


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 credit', '2 credits' ('Prestige' stays the same when `many` says so)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _costed(s: MoonrakersState, a: Action) -> str | None:
    """Menu text of the actions whose cost depends on the state: buying (3.5), playing (2.7), Mercenaries
    (8.6) and the Armory discard (3.5.2). None for every other kind."""
    k = a.kind
    if k not in ("buy", "play", "merc", "armory-swap", "scrap", "use"):
        return None
    slug = str(a.args[0])
    if k == "use":
        return _use_text(s, slug)
    if k == "buy" and slug in A.PART_ID:
        p = A.CAT.parts[A.PART_ID[slug]]
        added = " and ".join(BASIC_NAMES[c] for c in p.cards)
        cards = f" (adds {added} to your discard pile)" if p.cards else ""
        return f"Buy {p.name} ({p.brand.capitalize()} part) for {plural(p.cost, 'credit')}: {p.text}{cards}"
    if k == "buy":
        c = A.CAT.crew[A.CARD_ID[slug] - A.CREW_BASE]
        return f"Hire {c.name} for {plural(c.cost, 'credit')}: {c.text} (it goes to your discard pile)"
    if k == "scrap":
        p = A.CAT.parts[A.PART_ID[slug]]
        return f"Remove part {p.name} ({p.brand.capitalize()}) from your ship; no refund"
    if k == "armory-swap":

        name = _slug_name(slug)[0]
        cost = armory_swap_cost(s)
        price = "Free" if cost in (0, NO_SWAP) else f"Pay {plural(cost, 'credit')}"
        return f"{price}: discard {name} from the Armory and refill its slot"
    card = A.CARD_ID[slug]
    if k == "merc":
        fee = ("1 Prestige" if card >= A.CREW_BASE else
               plural(_merc_basics(s) + 1, "more credit", "more credits"))
        return f"Hire Mercenary {card_name(card)}, no Action; fee {fee} on success: {card_text(card)}"

    seat = s.current_player()
    cost = effects.play_cost(s, seat, card) if seat >= 0 else 1
    return f"Play {card_name(card)} for {plural(cost, 'Action')}: {card_text(card)}"


def _use_text(s: MoonrakersState, slug: str) -> str:
    """A part's activated ability with what it costs now (3.4.3 b): its Actions, or the play cost of the
    card it plays."""

    i = A.PART_ID[slug]
    p = A.CAT.parts[i]
    use = FX[i].use
    if use is None or use.cost == COST_PLAY:
        price = "for the card's usual play cost"
    elif use.cost == 0:
        price = "free (no Action)"
    else:
        price = f"for {plural(use.cost, 'Action')}"
    return f"Use part {p.name} {price}: {p.text}"


def _merc_basics(s: MoonrakersState) -> int:
    return s.ex.merc_basic if s.ex is not None else 0


DESCRIBE: dict[str, str] = {
    "stay": "Stay at Base: keep 1 of 2 objectives, +1 credit, new hand (no contract this turn)",
    "skip": "Skip this option",
    "solo": "Start the contract alone now",
    "propose": "Make a proposal to other captains",
    "start": "Start the mission with those who accepted",
    "accept": "Accept the proposal and join the contract",
    "decline": "Decline the proposal",
    "pass": "Pass, free (play ends when everyone passes in a row)",
    "done": "Done: end this step",
    "yes": "Yes",
    "no": "No",
    "bonus-crew": "Take the top Crew card of the Armory deck",
    "bonus-part": "Take the top Ship Part of the Armory deck and install it",
    "return": "Put back objective {name}: {txt}",
    "keep": "Keep objective {name}: {txt}",
    "take": "Take contract {name}: {txt}",
    "swap": "Pay 1 credit to replace contract {name} with the top of the deck",
    "replace": "Replace contract {name} for free",
    "invite": "Invite {A0} to the contract",
    "exclude": "Do not invite {A0}",
    "prestige": "Offer {A0} {a1} Prestige of the reward (you keep the rest)",
    "credits": "Offer {A0} {a1} of the reward's credits (you keep the rest)",
    "bonus": "Offer {A0} {a1} of the reward's bonus cards (you keep the rest)",
    "reputation": "{A0} takes the contract's faction reputation reward",
    "die": "Hazard die {a0} targets {A1}",
    "hazard": "Hazard die shows {a0} icons",
    "use": "Use part {name}: {txt}",
    "trash": "{K} {name}",
    "discard": "{K} {name}",
    "choose": "{K} {name}",
    "reduce": "Reduce the {a0} requirement",
    "option": "Choose option {a0}",
    "target": "Choose die {a0}",
    "faction": "Choose the {F0} faction",
}
"""Menu text of each action kind ({name}/{txt}: the card its first argument names)."""


def _r(fmt: str) -> Callable[[tuple[Any, ...]], str]:
    return lambda args: fmt.format(*args)


RENDER: dict[str, Callable[[tuple[Any, ...]], str]] = {
    "reshuffle": lambda a: f"{seat(a[0])} shuffles the discard pile into a new draw pile",
    "draw": lambda a: f"{seat(a[0])} draws {plural(a[1], 'card')}",
    "contract-reshuffle": _r("The contract discard pile is shuffled into a new deck"),
    "contract-revealed": lambda a: f"New contract on display: {contract_name(a[0])}",
    "prestige": lambda a: f"{seat(a[0])} {'gains' if a[1] >= 0 else 'loses'} {abs(a[1])} Prestige",
    "credits": lambda a: f"{seat(a[0])} {'gains' if a[1] >= 0 else 'loses'} {plural(abs(a[1]), 'credit')}",
    "proposal-begin": lambda a: f"{seat(a[0])} prepares proposal {a[1]} of 3",
    "proposal": lambda a: f"{seat(a[0])} proposes (round {a[1]} of 3): {terms_text(str(a[2]))}",
    "answer": lambda a: f"{seat(a[0])} {'accepts' if a[1] else 'declines'}",
    "mission-start": lambda a: (f"{seat(a[0])} starts {contract_name(a[1])}"
                                + (" with " + ", ".join(seat(x) for x in a[2]) if a[2] else " alone")),
    "roll": lambda a: f"{seat(a[0])} rolls a hazard die: {plural(a[1], 'icon')}",
    "reroll": lambda a: f"{seat(a[0])} re-rolls a hazard die: {plural(a[1], 'icon')}",
    "pass": lambda a: f"{seat(a[0])} passes",
    "play": lambda a: f"{seat(a[0])} plays {card_name(a[1])}",
    "deal": lambda a: f"{seat(a[0])} deals {a[1]} Damage",
    "success": lambda a: f"Contract {contract_name(a[0])} succeeds: every requirement is met",
    "failure": lambda a: f"Contract {contract_name(a[0])} fails: {_short(a[1] if len(a) > 1 else ())}",
    "bonus-crew": lambda a: f"{seat(a[0])} takes bonus crew {A.CAT.crew[a[1]].name}",
    "bonus-part": lambda a: f"{seat(a[0])} takes bonus part {A.CAT.parts[a[1]].name}",
    "scrap": lambda a: f"{seat(a[0])} removes {A.CAT.parts[a[1]].name} from the ship",
    "hazard-loss": lambda a: f"{seat(a[0])} loses {a[1]} Prestige to hazards" + (
        f" ({plural(a[2], 'icon')} against {plural(a[3], 'block')})" if len(a) > 3 else ""),
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
    "game-over": lambda a: "Game over: " + _winners(list(a[0])),
    "reduce": lambda a: f"{seat(a[0])} reduces the {REQ_TYPES[a[1]]} requirement by {a[2]}",
    "block": lambda a: f"{seat(a[0])} gains {plural(a[1], 'block')}",
    "actions": lambda a: f"{seat(a[0])} gains {plural(a[1], 'Action')}",
    "trash": lambda a: f"{seat(a[0])} trashes {card_name(a[1])}",
}


def _short(short: Any) -> str:
    """'2 Damage and 1 Crew short' from the shortfall per requirement type (3.4.9 step 1)."""
    parts = [f"{n} {REQ_TYPES[t].capitalize()}" for t, n in enumerate(short) if n]
    if not parts:
        return "a requirement was not met"
    return (", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]) + " short"


def crew_option(a: tuple[Any, ...]) -> str:
    """'P2 picks Bill Bendo's option 1: +2 Actions' (event crew-option: seat, crew, option number)."""

    seat_, crew, k = int(a[0]), int(a[1]), int(a[2])
    name = A.CAT.crew[crew].name
    choice = next((op for op in walk(ABILITY[crew]) if op.op == "choose" and len(op.options) >= k), None)
    what = f": {describe_ops(choice.options[k - 1])}" if choice is not None else ""
    return f"{seat(seat_)} picks {name}'s option {k}{what}"


def _winners(ws: list[int]) -> str:
    if not ws:
        return "nobody wins"
    names = [seat(w) for w in ws]
    return (names[0] + " wins" if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] + " win")


def terms_text(terms: str) -> str:
    """The negotiation's terms ('p2: 0 prestige, 2 credits, 0 bonus; dice p1,p2') as words for people:
    'P2 for 2 credits; hazard dice: P1, P2'."""
    out = []
    for part in terms.split("; "):
        head, _, rest = part.partition(": ")
        if head.startswith("dice "):
            out.append("hazard dice: " + ", ".join(x.upper() for x in head[5:].split(",")))
        elif head.startswith("faction reward to "):
            out.append(head.replace(head[-2:], head[-2:].upper()))
        elif rest:
            given = []
            for item in rest.split(", "):
                n, _, word = item.partition(" ")
                if n.isdigit() and int(n):
                    given.append({"prestige": f"{n} Prestige", "credits": plural(int(n), "credit"),
                                  "bonus": plural(int(n), "bonus card")}.get(word, item))
            out.append(f"{head.upper()} for " + (" and ".join(given) or "nothing"))
        elif part:
            out.append(part)
    return "; ".join(out) or "nobody invited"


PLURAL_RE = re.compile(r"\b(\d+) (\w+)\(s\)")


def _plurals(text: str) -> str:
    """'1 icon(s)' → '1 icon', '2 card(s)' → '2 cards' (texts other modules register keep '(s)')."""
    return PLURAL_RE.sub(lambda m: f"{m.group(1)} {m.group(2)}{'' if m.group(1) == '1' else 's'}", text)


def render_event(s: MoonrakersState, e: Event) -> str:
    fn = RENDER.get(e.key)
    try:
        body = fn(e.args) if fn else e.key + " " + " ".join(map(str, e.args))
    except (IndexError, KeyError, TypeError, ValueError):
        body = e.key + " " + " ".join(map(str, e.args))
    return _plurals(body)


ROUTINE_EVENTS = frozenset({
    "reshuffle", "draw", "contract-reshuffle", "contract-revealed", "pass", "proposal-begin",
    "merc-row", "first-roll", "objectives-kept", "block", "actions", "crew-look", "crew-shuffle",
    "crew-discard-looked", "rep-spend"})
"""Events a person need not read line by line: folded under the line they follow (draws, shuffles,
passes, cards revealed to refill a display)."""
MOMENT_EVENTS = frozenset({
    "success", "failure", "prestige", "credits", "hazard-loss", "objective", "hire", "buy-part",
    "game-over", "bonus-crew", "bonus-part", "rep-reward", "mission-start"})
"""Events that change the game: shown as a banner as well as a log line."""


def event_level(e: Event) -> str:
    if e.key in ROUTINE_EVENTS:
        return "routine"
    if e.key in MOMENT_EVENTS:
        return "moment"
    return "step"


_KIND_RULES = {
    "take": "3.2.2", "swap": "3.2.1", "replace": "3.2.4", "stay": "3.2.4", "solo": "3.3.3",
    "propose": "3.3.3", "start": "3.3.4", "accept": "3.3.3", "decline": "3.3.3", "invite": "3.3.3",
    "exclude": "3.3.3", "prestige": "3.3.2", "credits": "3.3.2", "bonus": "3.3.2", "reputation": "BT-earn",
    "die": "3.3.1", "hazard": "3.4.1", "play": "3.4.3", "use": "3.4.3", "merc": "8.4", "pass": "3.4.4",
    "bonus-crew": "5.4", "bonus-part": "5.4", "scrap": "5.3", "armory-swap": "3.5.2", "spend": "BT-spend",
    "trade": "BT-trade", "trash": "2.4", "discard": "2.4", "choose": "2.4", "reduce": "2.4", "option": "2.4",
    "target": "2.4", "yes": "2.4", "no": "2.4"}
"""The rule each kind of action applies; `action_rule` refines it by the decision it answers."""


def action_rule(s: MoonrakersState, a: Action) -> str | None:
    """The id of the rule a legal action applies (shown beside its text as a link, never inside it)."""
    k = a.kind
    decision = s.decision_name()
    if decision.startswith("choice.rep") or decision == "reputation.window":
        return "BT-spend" if k != "trade" else "BT-trade"
    if k in ("keep", "return"):
        return {"setup.objectives": "1.3.5", "stay.objective": "3.2.4"}.get(decision, "6.2")
    if k == "buy":
        return "5.3" if str(a.args[0]) in A.PART_ID else "5.2"
    if k == "armory-swap" and s.bt:
        return "BT-buy"
    if k == "faction":
        return "BT-spend" if "pay" in decision else "BT-earn"
    if k in ("skip", "done"):
        if decision.startswith("stay"):
            return "3.2.4"
        if decision.startswith("negotiation"):
            return "3.3.3"
        return "3.5" if decision == "buying" else None
    return _KIND_RULES.get(k)


# ------------------------------------------------------------------------------- the effects' events
# Crew abilities, ship parts and Binding Ties reputation emit these; their words live here with the
# rest of the game's texts (the rule modules emit keys and arguments only).
REWARD_TEXT: Final[tuple[str, ...]] = (
    "discard a contract and draw a new one", "discard an Armory card and draw a new one", "+1 credit",
    "+1 Action", "draw 1 card", "draw 1 objective", "trash a card from hand", "one requirement −2",
    "a bonus card", "+1 Prestige", "block 1 hazard die")
"""What each reward of `actions.REWARDS` gives (Possible Rewards), in the texts."""


def _f(i: Any) -> str:
    return str(FACTIONS[i]).capitalize()


def describe_reputation(s: MoonrakersState, a: Action) -> str:
    """One line for Binding Ties `spend`/`trade` actions (`describe`)."""
    who = s.stack[-1].player if s.stack else 0
    if a.kind == "spend":
        r = reputation.REWARD_ID[str(a.args[0])]
        how = "of one faction" if reputation.SAME[r] else "of any factions"
        return f"Spend {reputation.cost(s, who, r)} reputation {how}: {REWARD_TEXT[r]}"
    if a.kind == "trade":
        ratio = reputation.trade_ratio(s, who)
        return f"Trade {ratio} reputation of other factions for 1 {a.args[0]} reputation"
    return str(a)


RENDER.update({
    "crew-play-as": lambda a: f"{seat(a[0])}'s crew counts as {a[2]} {REQ_TYPES[a[1]].capitalize()}",
    "crew-discard": lambda a: f"{seat(a[0])} discards {card_name(a[1])}",
    "crew-trash-top": lambda a: f"{seat(a[0])} trashes the top card of the draw pile unseen",
    "crew-gain-card": lambda a: f"{seat(a[0])} gains a {card_name(a[1])} into the {a[2]}",
    "crew-objective": lambda a: f"{seat(a[0])} takes an objective",
    "crew-option": crew_option,
    "crew-die-discarded": lambda a: f"{seat(a[0])} discards a hazard die with {a[1]} icon(s)",
    "crew-take-back": lambda a: f"{seat(a[0])} takes {card_name(a[1])} back into the hand",
    "crew-damage-bonus": lambda a: f"Damage cards count +{a[1]} this contract ({seat(a[0])})",
    "crew-look": lambda a: f"{seat(a[0])} looks at the top {a[1]} card(s) of the draw pile",
    "crew-discard-looked": lambda a: f"{seat(a[0])} discards the other {a[1]} card(s) looked at",
    "crew-search": lambda a: f"{seat(a[0])} searches the draw pile for a card to play",
    "crew-shuffle": lambda a: f"{seat(a[0])} shuffles the draw pile",
    "crew-copy": lambda a: f"{seat(a[0])} uses the ability of {A.CAT.crew[a[1]].name}",
    "part-use": lambda a: f"{seat(a[0])} uses {A.CAT.parts[a[1]].name}",
    "discard": lambda a: f"{seat(a[0])} discards {card_name(a[1])}",
    "play-as": lambda a: f"{seat(a[0])} counts a {BASIC_NAMES[a[1]]} as played",
    "extra-count": lambda a: f"{seat(a[0])} adds {a[2]} more {REQ_TYPES[a[1]]} to the pool",
    "gain-card": lambda a: f"{seat(a[0])} adds a {card_name(a[1])} from the supply to the discard pile",
    "counts-as": lambda a: f"{seat(a[0])}'s {card_name(a[1])} counts {a[2]} Damage",
    "die-discarded": lambda a: f"{seat(a[0])} discards a hazard die showing {a[1]} icon(s)",
    "replay": lambda a: f"{seat(a[0])} plays {card_name(a[1])} a second time",
    "rep-gain": lambda a: f"{seat(a[0])} gains {a[2]} {_f(a[1])} reputation",
    "rep-lose": lambda a: f"{seat(a[0])} loses {a[2]} {_f(a[1])} reputation",
    "rep-spend": lambda a: f"{seat(a[0])} spends {a[2]} {_f(a[1])} reputation",
    "rep-use": lambda a: f"{seat(a[0])} spends reputation: {REWARD_TEXT[a[1]]}",
    "rep-reward-taken": lambda a: f"{seat(a[0])} takes {REWARD_TEXT[a[1]]}",
    "rep-trade": lambda a: f"{seat(a[0])} trades reputation for 1 {_f(a[1])}",
    "rep-reward": lambda a: f"{seat(a[0])} receives the contract's {_f(a[1])} reputation reward",
    "rep-objective": lambda a: f"{seat(a[0])} draws an objective with reputation",
    "rep-bonus-crew": lambda a: f"{seat(a[0])} reveals crew {A.CAT.crew[a[1]].name}",
    "rep-bonus-part": lambda a: f"{seat(a[0])} reveals part {A.CAT.parts[a[1]].name}",
    "rep-bonus-kept": lambda a: f"{seat(a[0])} keeps the bonus card",
    "rep-bonus-discarded": lambda a: f"{seat(a[0])} discards the bonus card",
    "rep-contract-discard": lambda a: f"{seat(a[0])} discards contract {contract_name(a[1])}",
    "block-die": lambda a: f"{seat(a[0])} blocks hazard die {a[1]} ({a[2]} icon(s))",
    "rep-armory-discard": lambda a: f"{seat(a[0])} discards {a[1]} from the Armory"
})
