"""Compound intents for Space Lanes: "buy 5 parts", a whole PvP trade proposal, a move with its fuel.

The engine takes one small decision at a time: `trade` opens the Trade (L5), each `buy parts` buys one
unit, each `toss <card>` discards one card, a move that needs fuel asks for each card to burn (L6), and a
Player vs Player proposal is built one item at a time (L19, `pvp.py`). A person at the web table or the
terminal would rather say it once. This module describes what the seat may ask for now (`offered`) and
turns an intent into the engine's action texts (`expand`). It is pure: it never changes the state it is
given and does no I/O. Bots and RL keep the small decisions.

Intents (JSON-ready; seats are 0-based ints as in the engine's actions and views)::

    {"kind": "trade", "action": "buy" | "sell", "good": "parts", "units": 5}        # L5
    {"kind": "discard", "cards": ["scavenger-gang", "wormhole"]}                   # L5, "discard once"
    {"kind": "move", "to": 7, "jump": false, "fuel": ["ore-boom"]}                # L6 (jump: Wormhole)
    {"kind": "proposal", "to": 1,                                                  # L19, PvP mode
     "give": {"credits": 600, "goods": {"ore": 2}, "ship": ["afterburners"], "hand": ["missiles"]},
     "ask": {"credits": 0, "goods": {"luxury": 1}, "ship": [], "hand": ["fuel-burn"]}}

A trade or discard intent at the turn decision opens the Trade first (`trade`); a proposal at the turn
decision opens the trade with `to` first (`offer q`), and one made in answer to a proposal counters it
first (`counter`). Each expansion is tried on a copy, action by action against `legal_actions()`, and
stops where another seat must decide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spacetable.engine.errors import SpacetableError
from spacetable.games.spacelanes import actions as A
from spacetable.games.spacelanes.common import CT, HAND_LIMIT, SETTLE, TYPE, cargo_limit
from spacetable.games.spacelanes.content_types import GOODS, NGOODS
from spacetable.games.spacelanes.frames import Phase, SpaceLanesFrame
from spacetable.games.spacelanes.pvp import MAX_ROUNDS, OfferFrame, OfferStage
from spacetable.games.spacelanes.trade import BUY_LIMIT, TradeFrame, buy_limit, buy_price, sell_price
from spacetable.games.spacelanes.travel import FuelFrame

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState

KINDS = ("trade", "discard", "move", "proposal")
MAX_UNITS = 20
"""No single good can be bought or sold more than this in one intent (cargo is at most 10 + upgrades)."""
SIDE_KEYS = frozenset({"credits", "goods", "ship", "hand"})
_KEYS = {
    "trade": frozenset({"kind", "action", "good", "units"}),
    "discard": frozenset({"kind", "cards"}),
    "move": frozenset({"kind", "to", "jump", "fuel"}),
    "proposal": frozenset({"kind", "to", "give", "ask"}),
}


class IntentError(SpacetableError):
    """A compound intent that cannot be carried out here. Nothing was changed."""


# ------------------------------------------------------------------------- where the seat stands
def _deciding(state: SpaceLanesState, seat: int) -> bool:
    return state.phase == Phase.PLAY and state.current_player() == seat


def _top(state: SpaceLanesState) -> SpaceLanesFrame | None:
    return state.stack[-1] if state.stack else None


def _legal(state: SpaceLanesState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def _trade_prefix(state: SpaceLanesState, seat: int) -> list[str] | None:
    """[] inside the seat's Trade, ["trade"] where it may open one (L5), None otherwise."""
    if not _deciding(state, seat) or state.active != seat:
        return None
    top = _top(state)
    if isinstance(top, TradeFrame):
        return []
    if top is None and "trade" in _legal(state):
        return ["trade"]
    return None


def _proposal_prefix(state: SpaceLanesState, seat: int) -> tuple[list[str], list[int]] | None:
    """How a proposal by `seat` begins here and with whom: ([], [other]) while it builds one,
    (["counter"], [other]) when it answers one (L19), ([], open-to seats) at its turn decision (the
    `offer q` is added once `to` is known), None when it cannot propose now."""
    if not _deciding(state, seat):
        return None
    top = _top(state)
    if top is None:
        seats = [int(str(a).split()[1]) for a in state.legal_actions() if a.kind == "offer"]
        return ([], seats) if seats else None
    if not isinstance(top, OfferFrame):
        return None
    p, o = top.parties()
    if top.stage == OfferStage.BUILD and p == seat:
        return [], [o]
    if top.stage == OfferStage.ANSWER and o == seat and top.round < MAX_ROUNDS - 1:
        return ["counter"], [p]
    return None


def _move_list(state: SpaceLanesState, seat: int) -> list[dict[str, Any]]:
    """Every move the seat may make now with its cost in fuel cards (L6; Asteroids add one), found by
    trying each on a copy (so the cost is the engine's, Fuel Burn and free moves included)."""
    out: list[dict[str, Any]] = []
    if not _deciding(state, seat) or state.stack or state.active != seat:
        return out
    for a in state.legal_actions():
        if a.kind not in ("move", "jump"):
            continue
        trial = state.copy()
        trial.events = None
        trial.apply(a)
        top = _top(trial)
        fuel = top.left if isinstance(top, FuelFrame) and trial.current_player() == seat else 0
        to = int(a.args[0])
        out.append({"to": to, "jump": a.kind == "jump", "fuel": fuel, "cost": cost_words(fuel),
                    "action": str(a)})
    return out


def cost_words(fuel: int) -> str:
    """What a move costs, in the words of the rulebook (L6): the first move is free, each further move
    discards a card from hand as fuel."""
    if fuel == 0:
        return "free move"
    return f"discard {fuel} card{'s' if fuel > 1 else ''} as fuel"


# ------------------------------------------------------------------------- the offered forms
def _trade_form(state: SpaceLanesState, seat: int, opens: bool) -> dict[str, Any]:
    s = state
    slot = s.node[seat]
    st = SETTLE[s.slot_set[slot]]
    room = cargo_limit(s, seat) - sum(s.cargo[seat])
    goods: dict[str, Any] = {}
    for g, slug in enumerate(GOODS):
        if not (st.buy[g] or st.sell[g]):
            continue
        bp, sp = buy_price(s, slot, g), sell_price(s, slot, g)
        max_buy = 0
        if bp:  # L5: 5 a Visit (Economic events change it), the hold, the purse, an event's stock
            max_buy = min(buy_limit(s, slot, g, BUY_LIMIT) - s.bought[seat][g], room, s.credits[seat] // bp)
            left = s.stock[slot * NGOODS + g]
            if left >= 0:
                max_buy = min(max_buy, left)
        max_sell = s.cargo[seat][g] - s.bought[seat][g] if sp else 0  # not units bought this Visit
        goods[slug] = {"buy": bp, "sell": sp, "max_buy": max(0, max_buy), "max_sell": max(0, max_sell),
                       "bought": s.bought[seat][g], "carried": s.cargo[seat][g]}
    return {"rule": "L5", "slot": slot, "settlement": st.slug, "opens_trade": opens, "goods": goods,
            "cargo_room": room, "credits": s.credits[seat]}


def _discard_form(state: SpaceLanesState, seat: int, opens: bool) -> dict[str, Any] | None:
    if state.toss_state >= 2 or not state.hand[seat]:
        return None  # L5: cards are discarded once in a Trade, in one run
    counts: dict[str, int] = {}
    for c in state.hand[seat]:
        slug = CT[TYPE[c]].slug
        counts[slug] = counts.get(slug, 0) + 1
    return {"rule": "L5", "opens_trade": opens, "cards": counts, "started": state.toss_state == 1}


def _proposal_form(state: SpaceLanesState, seat: int, prefix: list[str], seats: list[int]) -> dict[str, Any]:
    top = _top(state)
    rnd = top.round if isinstance(top, OfferFrame) else 0
    return {"rule": "L19", "with": seats, "opens": top is None, "counters": prefix == ["counter"],
            "round": rnd + (1 if prefix else 0), "max_rounds": MAX_ROUNDS, "credit_step": 100,
            "credits": state.credits[seat],
            "others": {str(q): {"credits": state.credits[q], "hand_size": len(state.hand[q])} for q in seats}}


def offered(state: SpaceLanesState, seat: int) -> dict[str, Any] | None:
    """What `seat` may ask for in one intent now, or None when nothing compound is on offer.

    `{"kinds": [...], "trade": {...}, "discard": {...}, "move": {...}, "proposal": {...}}`: for a
    Trade (L5) the price of every good traded here, how many units can be bought (the 5-a-Visit limit
    and an Economic event's limit and stock, the hold, the purse) and sold (not units bought this
    Visit); the cards that may be discarded; every legal move with its fuel cost (L6); and for a
    Player vs Player proposal (L19) with whom and in which round.
    """
    if not _deciding(state, seat):
        return None
    out: dict[str, Any] = {"kinds": []}
    pre = _trade_prefix(state, seat)
    if pre is not None:
        out["trade"] = _trade_form(state, seat, bool(pre))
        out["kinds"].append("trade")
        disc = _discard_form(state, seat, bool(pre))
        if disc is not None:
            out["discard"] = disc
            out["kinds"].append("discard")
    moves = _move_list(state, seat)
    if moves:
        out["move"] = {"rule": "L6", "moves": moves, "hand_size": len(state.hand[seat])}
        out["kinds"].append("move")
    prop = _proposal_prefix(state, seat)
    if prop is not None:
        out["proposal"] = _proposal_form(state, seat, *prop)
        out["kinds"].append("proposal")
    return out if out["kinds"] else None


# ------------------------------------------------------------------------- checking the intent
def _count(value: Any, what: str, low: int = 0, high: int = MAX_UNITS) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IntentError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _slug(value: Any, allowed: tuple[str, ...] | list[str], what: str) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise IntentError(f"{what} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def _slugs(value: Any, what: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > HAND_LIMIT + 10:
        raise IntentError(f"{what} must be a list of card names")
    return [_slug(v, A.SLUGS, f"each of {what}") for v in value]


def _why_not_buy(state: SpaceLanesState, seat: int, g: int) -> str:
    s = state
    slot = s.node[seat]
    price = buy_price(s, slot, g)
    if not price:
        return "this settlement does not sell it"
    if s.bought[seat][g] >= buy_limit(s, slot, g, BUY_LIMIT):
        return (f"at most {buy_limit(s, slot, g, BUY_LIMIT)} of one good may be bought per Visit "
                f"(L5); {s.bought[seat][g]} bought already")
    if sum(s.cargo[seat]) >= cargo_limit(s, seat):
        return f"the hold is full ({cargo_limit(s, seat)} goods)"
    if s.credits[seat] < price:
        return f"it costs {price} and {s.credits[seat]} credits are left"
    if s.stock[slot * NGOODS + g] == 0:
        return "none is left in stock here (an Economic event)"
    return "it is not possible now"


def _why_not_sell(state: SpaceLanesState, seat: int, g: int) -> str:
    s = state
    if not sell_price(s, s.node[seat], g):
        return "this settlement does not buy it"
    if s.cargo[seat][g] == 0:
        return "the hold has none"
    return "units bought in this Visit cannot be sold in it (project ruling on resale)"


def _trade_plan(state: SpaceLanesState, seat: int, intent: dict[str, Any]) -> list[str]:
    pre = _trade_prefix(state, seat)
    if pre is None:
        raise IntentError("there is no Trade for this seat now: trade at a settlement, once a turn")
    action = _slug(intent.get("action"), ("buy", "sell"), "action")
    good = _slug(intent.get("good"), GOODS, "good")
    units = _count(intent.get("units", 1), "units", 1)
    return pre + [f"{action} {good}"] * units


def _discard_plan(state: SpaceLanesState, seat: int, intent: dict[str, Any]) -> list[str]:
    pre = _trade_prefix(state, seat)
    if pre is None:
        raise IntentError("cards are discarded during a Trade at a settlement")
    if state.toss_state >= 2:
        raise IntentError("cards were already discarded in this Trade: discard once")
    cards = _slugs(intent.get("cards"), "cards")
    if not cards:
        raise IntentError("name at least one card to discard")
    return pre + [f"toss {c}" for c in cards]


def _move_plan(state: SpaceLanesState, seat: int, intent: dict[str, Any]) -> list[str]:
    to = _count(intent.get("to"), "to (a settlement slot)", 0, 14)
    jump = intent.get("jump", False)
    if not isinstance(jump, bool):
        raise IntentError("jump must be true or false")
    fuel = _slugs(intent.get("fuel"), "fuel")
    text = f"{'jump' if jump else 'move'} {to}"
    moves = {m["action"]: m for m in _move_list(state, seat)}
    if text not in moves:
        raise IntentError(f"{text!r} is not a legal move now")
    need = int(moves[text]["fuel"])
    if len(fuel) != need:
        raise IntentError(f"this move costs {cost_words(need)}; {len(fuel)} fuel card(s) named")
    return [text] + [f"fuel {c}" for c in fuel]


def _credit_steps(total: int, word: str) -> list[str]:
    out: list[str] = []
    for step in sorted(A.CREDIT_STEPS, reverse=True):
        while total >= step:
            out.append(f"{word} {step}")
            total -= step
    return out


def _side(raw: Any, what: str) -> dict[str, Any]:
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise IntentError(f"{what} must be an object with credits, goods, ship and hand")
    unknown = sorted(str(k) for k in raw if k not in SIDE_KEYS)
    if unknown:
        raise IntentError(f"unknown field(s) in {what}: {', '.join(unknown)}")
    credits = _count(raw.get("credits", 0), f"{what} credits", 0, 100_000)
    if credits % 100:
        raise IntentError(f"{what} credits must be a multiple of 100 (the trade counts in steps of 100)")
    goods_raw = raw.get("goods", {})
    if not isinstance(goods_raw, dict):
        raise IntentError(f"{what} goods must map goods to units")
    goods = {_slug(g, GOODS, f"a good in {what}"): _count(n, f"{what} {g}") for g, n in goods_raw.items()}
    ship, hand = _slugs(raw.get("ship"), f"{what} ship"), _slugs(raw.get("hand"), f"{what} hand")
    return {"credits": credits, "goods": goods, "ship": ship, "hand": hand}


def _proposal_plan(state: SpaceLanesState, seat: int, intent: dict[str, Any]) -> list[str]:
    prop = _proposal_prefix(state, seat)
    if prop is None:
        raise IntentError("there is no trade proposal for this seat to make now (ships that meet, in "
                          "PvP mode, on the active captain's turn)")
    pre, seats = prop
    to = intent.get("to")
    if state.stack:
        if to is not None and to != seats[0]:
            raise IntentError(f"this trade is with seat {seats[0]}, not {to!r}")
    else:
        to = _count(to, "to (the seat to trade with)", 0, state.n - 1)
        if to not in seats:
            raise IntentError(f"seat {to} is not in your Space or no trade can be opened now")
        pre = [f"offer {to}"]
    give, ask = _side(intent.get("give"), "give"), _side(intent.get("ask"), "ask")
    texts = list(pre)
    for g in GOODS:
        texts += [f"give {g}"] * give["goods"].get(g, 0)
    texts += [f"give {c}" for c in give["ship"]]
    texts += [f"give_hand {c}" for c in give["hand"]]
    texts += _credit_steps(give["credits"], "pay")
    for g in GOODS:
        texts += [f"ask {g}"] * ask["goods"].get(g, 0)
    texts += [f"ask {c}" for c in ask["ship"]]
    for c in ask["hand"]:
        texts += [f"ask_kind {CT[A.SLUGS.index(c)].kind}", f"ask_hand {c}"]
    texts += _credit_steps(ask["credits"], "charge")
    texts.append("propose")
    return texts


_PLANS = {"trade": _trade_plan, "discard": _discard_plan, "move": _move_plan, "proposal": _proposal_plan}


def _explain(trial: SpaceLanesState, seat: int, text: str, done: int) -> str:
    """Why `text` is not legal on `trial` (after `done` steps of the intent), in the rules' words."""
    kind, _, arg = text.partition(" ")
    if kind in ("buy", "sell") and trial.stack and isinstance(trial.stack[-1], TradeFrame):
        g = GOODS.index(arg)
        why = (_why_not_buy if kind == "buy" else _why_not_sell)(trial, seat, g)
        return f"only {done} {arg} can be {'bought' if kind == 'buy' else 'sold'} here now: {why}"
    if kind in ("toss", "fuel", "give_hand"):
        return f"{arg!r} is not (or no longer) in your hand"
    if kind in ("pay", "charge"):
        return f"not enough credits for {kind} (the payer must hold the whole sum)"
    if kind in ("give", "ask"):
        return f"{arg!r} is not there to {kind} (or is asked for twice)"
    return f"{text!r} is not possible at {trial.decision_name()!r}"


def expand(state: SpaceLanesState, seat: int, intent: Any) -> list[str]:
    """The engine action texts that carry out `intent` for `seat` (module docstring for the forms).

    Each text is applied in turn to a copy and checked against its `legal_actions()`; the list stops
    where another seat must act or dice must be rolled. Raises IntentError, changing nothing, when the
    intent is malformed or any part of it is impossible now.
    """
    if not isinstance(intent, dict):
        raise IntentError("an intent must be a JSON object")
    kind = intent.get("kind")
    if kind not in _PLANS:
        raise IntentError(f"unknown intent kind {kind!r}; Space Lanes offers {', '.join(KINDS)}")
    unknown = sorted(str(k) for k in intent if k not in _KEYS[kind])
    if unknown:
        raise IntentError(f"unknown intent field(s): {', '.join(unknown)}")
    if not _deciding(state, seat):
        if state.phase < Phase.PLAY and state.current_player() == seat:  # L3: the setup comes before any turn
            raise IntentError(f"no {kind} before the game starts: choose a starting settlement first"
                              if state.phase == Phase.SETUP else f"no {kind} before the first turn has begun")
        raise IntentError("it is not this seat's decision")
    texts = _PLANS[kind](state, seat, intent)
    trial = state.copy()
    trial.events = None
    done: list[str] = []
    for i, text in enumerate(texts):
        if trial.current_player() != seat:
            break
        if text not in _legal(trial):
            raise IntentError(_explain(trial, seat, text, sum(1 for t in texts[:i] if t == text)))
        trial.apply(text)
        done.append(text)
    return done
