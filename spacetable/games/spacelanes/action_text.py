"""Space Lanes' menu lines: one line for each legal action that says what it does and what it costs
(credits, fuel cards, Faction), read from the rules' own figures, and the rule each action applies
(`action_rule`, shown beside the line as a link, never inside it).

Everything here reads public facts of the state or the deciding seat's own (its hand, its ship).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.engine.action import Action
from spacetable.games.spacelanes.board import ENDS, LANE_BETWEEN
from spacetable.games.spacelanes.card_play import TargetFrame, travel_open
from spacetable.games.spacelanes.chains import ChainFrame
from spacetable.games.spacelanes.common import CONTENT_GOOD, HAND_LIMIT, SETTLE, cargo_limit, has_type, mod
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import CardType
from spacetable.games.spacelanes.engagements import (
    PIRATE_FENCE,
    EngageFrame,
    engagement_info,
    parlay_fee,
    toll,
)
from spacetable.games.spacelanes.pvp import OfferFrame, offer_info
from spacetable.games.spacelanes.rules import ODD_JOBS_PAY
from spacetable.games.spacelanes.text import (
    SLUG,
    card_effect,
    card_kind,
    card_rules,
    credits,
    good_name,
    lane,
    lane_name,
    plural,
    settlement,
    unslug,
)
from spacetable.games.spacelanes.trade import (
    BUY_LIMIT,
    CARD_PRICE,
    buy_limit,
    buy_price,
    office_price,
    repair_price,
    sell_price,
)
from spacetable.games.spacelanes.travel import FuelFrame, fuel_need

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState


_KINDS = {
    "done": "Finish trading", "cancel": "Cancel: keep the card in your hand",
    "pass": "Pass: play no card now", "keep": "Leave the card where it is", "dismiss": "Discard the card",
}


def _fuel_cost(s: SpaceLanesState, dest_lane: int) -> str:
    """What a move costs, first on its menu line (L6): "Free move" or "1 fuel card"."""
    need = fuel_need(s, dest_lane)
    asteroids = dest_lane >= 0 and s.asteroids[dest_lane] >= 0
    if need == 0:
        return "Free move"
    return plural(need, "fuel card") + (" (Asteroids)" if asteroids else "")


def _fuel_note(s: SpaceLanesState, dest_lane: int) -> str:
    if fuel_need(s, dest_lane):
        why = ""
        if mod(s, s.active, "free_moves"):  # set at the start of a turn (rules._start_turn)
            why = "; the extra free moves of your ship's cards count from the start of a turn"
        return f" (each move after the first burns a card from your hand as fuel; you choose which next{why})"
    if s.moves_made == 0:
        return " (the first move of a turn is free)"
    return f" ({plural(s.free_moves, 'free move')} left this turn)"


def _move(s: SpaceLanesState, dest: int, jump: bool) -> str:
    p = s.active
    if jump:
        return f"{_fuel_cost(s, -1)}: jump through the Wormhole to {settlement(s, dest)}{_fuel_note(s, -1)}"
    n = s.node[p]
    if n >= 0:
        ls = LANE_BETWEEN[(n, dest)]
        moves = f", {s.dist[ls] + 1} moves to cross" if s.rev_lane[ls] else ""
        text = f"{_fuel_cost(s, ls)}: launch onto {lane_name(s, ls)} towards {settlement(s, dest)}{moves}"
        if s.hostile[ls] >= 0:
            text += f"; {_card_of(s.hostile[ls]).name} waits there"
        return text + _fuel_note(s, ls)
    ls = s.lane[p]
    a, b = ENDS[ls]
    k = s.mark[p] + (1 if dest == b else -1)
    if 0 < k <= s.dist[ls]:
        left = k if dest == a else s.dist[ls] + 1 - k
        return (f"{_fuel_cost(s, ls)}: along {lane_name(s, ls)} towards {settlement(s, dest)}, then "
                f"{plural(left, 'step')} from it{_fuel_note(s, ls)}")
    return f"{_fuel_cost(s, -1)}: land on {settlement(s, dest)}{_fuel_note(s, -1)}"


def _card_of(cid: int) -> CardType:
    """The type of the physical card `cid`."""
    return CONTENT.card_types[CONTENT.deck[cid]]


def pending_card(s: SpaceLanesState) -> CardType | None:
    """The card being played while its target is chosen (`TargetFrame`), else None."""
    top = s.stack[-1] if s.stack else None
    return CONTENT.card_types[top.card] if isinstance(top, TargetFrame) else None


def _next_turn_note(t: CardType) -> str:
    """Crew and Upgrades whose bonus counts from the next turn: free moves are set at a turn's start."""
    n = t.mod("free_moves") if t.mods else 0
    if n:
        return (f" Its {plural(n, 'extra free move')} starts with your next turn: further moves this turn "
                "still cost fuel.")
    return ""


def _play(s: SpaceLanesState, t: CardType, decider: int) -> str:
    """A card played from hand, what it costs first (L11: Equipment, Upgrades and Crew cost credits)."""
    k = t.kind
    rest = card_effect(t)
    price = f"for {credits(t.cost)} credits" if t.cost else "free"
    if k == "crew":
        return f"Hire {t.name} {price}: {rest}{_next_turn_note(t)}"
    if k == "upgrade":
        return f"Fit {t.name} {price}: {rest}{_next_turn_note(t)}"
    if k == "fuel_burn" and decider == s.active and travel_open(s):
        return f"Burn {t.name} {price}: 3 moves this turn with no fuel cost"
    if k == "repair_kit" and s.damaged[decider]:
        return f"Repair with {t.name} {price}"
    if k in ("missiles", "countermeasures", "fuel_burn", "repair_kit"):
        return f"Store {t.name} on your ship {price}, use it later at no cost: {rest}"
    if k == "transport":
        return f"Load {t.name} here, free (no cargo space): {rest}"
    if k in ("pirates", "patrol", "station", "asteroids", "wormhole"):
        return f"Put {t.name} ({card_kind(t)}) on a lane, free; the lane next: {rest}"
    if k == "economic":
        return f"Put {t.name} on a Settlement, free; which one next: {rest}"
    if k == "bounty":
        return f"Put {t.name} on a Pirates or Patrol card, free; which next: {rest}"
    if k == "cancel":
        return f"Play {t.name}, free; the place next: {rest}"
    return f"Play {t.name} ({card_kind(t)}) {price}: {rest}"


def _use(s: SpaceLanesState, t: CardType, decider: int) -> str:
    in_chain = bool(s.stack) and isinstance(s.stack[-1], ChainFrame)
    effect = {"missiles": "Win the Engagement automatically (Countermeasures can cancel it)",
              "countermeasures": "Escape the Engagement automatically (Missiles can cancel it)",
              "fuel_burn": "3 moves this turn with no fuel cost", "repair_kit": "repair your ship"}
    if t.use:
        return f"Use {t.name}, free (turned until it Refreshes): {card_rules(t)}"
    if decider != s.active and t.kind in ("missiles", "countermeasures"):  # into the active's chain (L17)
        if in_chain:
            return f"Answer with {t.name} for {credits(t.cost)} credits: it cancels the card above"
        return (f"Play {t.name} for {credits(t.cost)} credits into Seat {s.active + 1}'s engagement: "
                f"Seat {s.active + 1} Escapes automatically")
    what = "it cancels the card above" if in_chain else effect.get(t.kind, card_rules(t))
    if has_type(s.ship[decider], t.index):
        return f"Use the stored {t.name} (already paid): {what}"
    return f"Use {t.name} for {credits(t.cost)} credits: {what}"


def _engage(s: SpaceLanesState, a: Action) -> str:
    info = engagement_info(s)
    p = s.active
    k = a.kind
    if info is None:
        return str(a)
    if k == "engage":
        side = str(a.args[0])
        need, m, odds = info[side], info[side + "_mod"], info[side + "_odds"]
        word = "Win" if side == "win" else "Escape"
        plus = f" +{m}" if m else ""
        return f"Try to {word}: {odds:.0%} (roll 2d6{plus}, need {need} or more)"
    if k == "parlay":
        fee = parlay_fee(s, p)
        extra = f" + {credits(fee)} credits for your Contraband" if fee else ""
        if info["kind"] == "pirates":
            return f"Parlay for 1 Pirate Faction (you hold {s.pirate[p]})"
        if a.args[0] == "faction":
            return f"Parlay for 1 Union Faction{extra} (you hold {s.union[p]})"
        return f"Parlay for {credits(toll(s, p) + fee)} credits: the toll{extra}"
    if k == "accept":
        card = info["win"] if info["choice"] == "win" else info["escape"]
        total = (info["roll"] or 0) + (info["roll_mod"] or 0)
        word = "Win" if info["choice"] == "win" else "Escape"
        if total >= card:
            return f"Accept the roll: {total} against {card}, you {word}"
        if info["kind"] == "pirates":
            loss = "Damaged, all goods and Transports lost, travel over"
        else:
            loss = f"Damaged, Contraband lost, sent back to {settlement(s, s.last_landed[p])}"
        return f"Accept the roll: {total} against {card}, you lose ({loss})"
    if k == "fence":
        price = PIRATE_FENCE + mod(s, p, "sell_bonus")
        return f"Sell 1 Contraband to the Pirates for {credits(price)} credits"
    if k == "keep":
        return f"Leave {info['name']} where it is"
    if k == "dismiss":
        return f"Discard {info['name']}"
    return str(a)


def _feature_cost(s: SpaceLanesState, p: int, slot: int) -> str:
    """What the settlement's feature costs the seat now (L5; settlements.json), or what it pays."""
    st = SETTLE[s.slot_set[slot]]
    k = st.feature
    if k == "faction_office":
        price = office_price(s, p, slot)
    elif k == "repair_dock":
        price = repair_price(s, p, st.farg("price"))
    elif k == "salvage_yard":
        price = int(st.farg("price"))
    elif k == "exchange":
        return f"you get {credits(int(st.farg('price')))} credits"
    else:
        return "free"
    return f"for {credits(price)} credits"


def _trade(s: SpaceLanesState, a: Action) -> str:
    p = s.active
    k = a.kind
    slot = s.node[p]
    if k in ("buy", "sell"):
        g = CONTENT_GOOD[str(a.args[0])]
        name = good_name(g)
        if k == "buy":
            lim = buy_limit(s, slot, g, BUY_LIMIT)
            room = cargo_limit(s, p) - sum(s.cargo[p])
            return (f"Buy 1 {name} for {credits(buy_price(s, slot, g))} credits "
                    f"({s.bought[p][g]} of {lim} bought this Visit, room for {room} more goods)")
        price = sell_price(s, slot, g) + mod(s, p, "sell_bonus")
        return f"Sell 1 {name} for {credits(price)} credits (you carry {s.cargo[p][g]})"
    if k == "draw":
        n = int(a.args[0])
        return f"Buy {plural(n, 'action card')} for {credits(CARD_PRICE * n)} credits (once per Trade)"
    if k == "toss":
        t = SLUG[str(a.args[0])]
        return f"Discard {t.name} from your hand, free (all discards of a Trade in one go)"
    if k == "pawn":
        t = SLUG[str(a.args[0])]
        return f"Pawn {t.name} from your ship for {credits(t.cost // 2 // 50 * 50)} credits (half its price)"
    if k == "repair":
        return f"Repair your ship for {credits(repair_price(s, p))} credits"
    if k == "feature":
        st = SETTLE[s.slot_set[slot]]
        side = {"union": " (sell 1 Union Faction)", "pirate": " (sell 1 Pirate Faction)"}.get(
            str(a.args[0]) if a.args else "", "")
        return f"Feature{side}, {_feature_cost(s, p, slot)}, once a Visit: {st.ftext}"
    if k == "done":
        if s.travel_state == 2:
            return "Finish trading (your travel for this turn is over)"
        return "Finish trading (you may still travel this turn)"
    if k == "odd_jobs":
        got = min(HAND_LIMIT - len(s.hand[p]), len(s.deck) + len(s.discard))
        pay = ODD_JOBS_PAY + mod(s, p, "odd_jobs")
        return (f"Odd Jobs, ends your turn: gain {credits(pay)} credits and draw {plural(got, 'card')} "
                "(instead of Trade and Travel)")
    return str(a)


def describe(s: SpaceLanesState, a: Action) -> str:
    """One line for a legal action: what it does and what it costs (credits, fuel cards, Faction)."""
    k = a.kind
    decider = s.current_player()
    top = s.stack[-1] if s.stack else None
    if k in ("accept", "decline", "counter") and isinstance(top, OfferFrame):
        o = offer_info(s)
        assert o is not None
        verb = {"accept": "Accept", "decline": "Decline", "counter": "Counter"}[k]
        return f"{verb} Seat {o['from'] + 1}'s proposal (Seat {o['from'] + 1} {unslug(o['text'])})"
    if k == "cancel" and isinstance(top, OfferFrame):
        return "Ask for nothing of this kind" if s.decision_name() == "pvp.pick" else "Withdraw: no trade"
    if isinstance(top, EngageFrame) and k in ("engage", "parlay", "accept", "fence", "keep",
                                                          "dismiss"):
        return _engage(s, a)
    if k in ("buy", "sell", "draw", "toss", "pawn", "repair", "feature", "done", "odd_jobs"):
        return _trade(s, a)
    if k == "trade":
        what = "buy and sell goods, buy cards, discard, pawn, repair, use the feature"
        if s.travel_state == 1:
            return (f"Trade here, this ends your travel for this turn (one Trade and one Travel a "
                    f"turn, in either order): {what}")
        return f"Trade here, you may still travel afterwards: {what}"
    if k == "end":
        if s.lane[s.active] >= 0 and not s.hand[s.active] and not s.adrift[s.active]:
            return "End your turn: Adrift and Damaged, on a lane with no cards in hand"
        return "End your turn"
    if k == "skip":
        return "Skip the turn to repair, free; ends your turn"
    if k == "pass":
        return "Pass: let the chain resolve" if isinstance(top, ChainFrame) else _KINDS["pass"]
    if k in ("move", "jump"):
        return _move(s, int(a.args[0]), k == "jump")
    if k == "start":
        slot = int(a.args[0])
        hw = s.rev_set[slot] and CONTENT.settlements[s.slot_set[slot]].homeworld
        return f"Start at {settlement(s, slot)}" + (" (a Homeworld)" if hw else "")
    if k in ("world", "lane"):
        t = pending_card(s)
        where_to = settlement(s, int(a.args[0])) if k == "world" else lane(s, int(a.args[0]))
        if t is None:
            return where_to
        if t.kind == "cancel":
            return f"{where_to}: {t.name} cancels its events"
        return f"{where_to}: {t.name} goes there"
    if k == "relocate":
        info = engagement_info(s)
        what = info["name"] if info else "the card"
        return f"{lane(s, int(a.args[0]))}: move {what} there"
    if k in _KINDS and not a.args:
        return _KINDS[k]
    if k == "play" and str(a.args[0]) in SLUG:
        return _play(s, SLUG[str(a.args[0])], decider)
    if k == "use" and str(a.args[0]) in SLUG:
        return _use(s, SLUG[str(a.args[0])], decider)
    if k == "fuel" and str(a.args[0]) in SLUG:
        left = top.left if isinstance(top, FuelFrame) else 1
        more = f", {plural(left, 'card')} still to pay" if left > 1 else ""
        return f"Burn {SLUG[str(a.args[0])].name} as fuel: discard it from your hand for this move{more}"
    if k == "roll":
        return f"Dice show {a.args[0]}"
    if k == "attack":
        return f"Attack Seat {int(a.args[0]) + 1}: both roll 2d6 plus Win modifiers; the loser is Damaged"
    if k == "loot":
        arg = str(a.args[0])
        return f"Take {SLUG[arg].name} from the loser's hand" if arg in SLUG else f"Take 1 {good_name(arg)}"
    if k == "offer":
        return f"Trade with Seat {int(a.args[0]) + 1} (goods, credits, equipment, crew, action cards)"
    if k == "give":
        arg = str(a.args[0])
        return f"Give {SLUG[arg].name} from your ship" if arg in SLUG else f"Give 1 {good_name(arg)}"
    if k == "give_hand":
        return f"Give {SLUG[str(a.args[0])].name} from your hand"
    if k == "ask":
        arg = str(a.args[0])
        return f"Ask for {SLUG[arg].name} from their ship" if arg in SLUG else f"Ask for 1 {good_name(arg)}"
    if k == "ask_kind":
        return f"Ask for a {str(a.args[0]).replace('_', ' ')} card from their hand"
    if k == "ask_hand":
        return f"Ask for {SLUG[str(a.args[0])].name} from their hand"
    if k == "pay":
        return f"Give {credits(int(a.args[0]))} credits"
    if k == "charge":
        return f"Ask for {credits(int(a.args[0]))} credits"
    if k == "propose":
        return "Send the proposal"
    if k == "counter":
        return "Counter with a proposal of your own"
    if k == "price":
        return f"Ask {credits(int(a.args[0]))} credits"
    if k == "decline":
        return "Decline the offer"
    if k == "first":
        return f"Seat {int(a.args[0]) + 1} goes first"
    return str(a)




# ----- rules ----------------------------------------------------------------------------------------
_CARD_RULES = {"crew": "L11", "upgrade": "L11", "missiles": "L17", "countermeasures": "L17",
               "fuel_burn": "Fuel Burn", "repair_kit": "Repair Kit", "pirates": "L14", "patrol": "L14",
               "economic": "Economic", "station": "Other Events", "asteroids": "Other Events",
               "wormhole": "Wormhole", "bounty": "L18", "transport": "Transport", "cancel": "Events"}
"""The rule a card of each kind is played under."""
_KIND_RULES = {"start": "L3", "first": "L3", "trade": "L4", "buy": "L5", "sell": "L5", "draw": "L5",
               "toss": "L5", "pawn": "L5", "feature": "L5", "done": "L5", "repair": "L9", "skip": "L9",
               "odd_jobs": "L8", "move": "L6", "jump": "Wormhole", "fuel": "L6", "end": "L4",
               "relocate": "L16", "engage": "L15", "parlay": "L16", "fence": "L16", "keep": "L16",
               "dismiss": "L16", "roll": "L15", "attack": "L19", "loot": "L19", "offer": "L19", "give": "L19",
               "give_hand": "L19", "ask": "L19", "ask_kind": "L19", "ask_hand": "L19", "pay": "L19",
               "charge": "L19", "propose": "L19", "counter": "L19", "price": "L19", "decline": "L19"}
"""The rule each kind of action applies; `action_rule` refines it by the card and the decision."""


def action_rule(s: SpaceLanesState, a: Action) -> str | None:
    """The id of the rule a legal action applies (shown beside its text as a link, never inside it)."""
    k = a.kind
    top = s.stack[-1] if s.stack else None
    if k in ("play", "use") and a.args and str(a.args[0]) in SLUG:
        t = SLUG[str(a.args[0])]
        if k == "use" and t.use:
            return "Reusable cards"
        return _CARD_RULES.get(t.kind, "Action Cards")
    if k in ("world", "lane"):
        pending = pending_card(s)
        return _CARD_RULES.get(pending.kind, "Events") if pending is not None else None
    if k == "pass":
        return "L17" if isinstance(top, ChainFrame) else "L10"
    if k == "accept":
        return "L19" if isinstance(top, OfferFrame) else "L15"
    if k == "cancel":
        return "L19" if isinstance(top, OfferFrame) else "Events"
    if k == "end" and s.lane[s.active] >= 0 and not s.hand[s.active]:
        return "L7"
    return _KIND_RULES.get(k)
