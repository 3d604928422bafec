"""Plain-language text for Space Lanes, shared by the terminal and the web table: log lines for events,
one-line descriptions of actions that say what each one costs, and the words for places (settlements,
lanes with both endpoints, a ship's position on a lane), goals with this game's target, and cards.

Everything here reads only public facts of the state, or the deciding seat's own (its hand, its ship):
a face-down settlement or lane (Exploration, L20) is named by where it lies, never by what it is.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from spacetable.engine.action import Action
from spacetable.engine.events import Event
from spacetable.games.spacelanes.board import ENDS
from spacetable.games.spacelanes.content import CONTENT, GOODS, CardType, Goal

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState

SLUG = {t.slug: t for t in CONTENT.card_types}
GOAL_SLUG = {g.slug: g for g in CONTENT.goals}
GOOD_NAMES = {g: g.capitalize() for g in GOODS}


# ----- small words ----------------------------------------------------------------------------------
def credits(n: int) -> str:
    """`1300` → ``"1,300"`` (credits are in the hundreds and thousands)."""
    return f"{n:,}"


def good_name(g: str | int) -> str:
    """A good by its name or index: ``"Parts"``."""
    return GOOD_NAMES[GOODS[g] if isinstance(g, int) else g]


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def seats(ps: list[int]) -> str:
    """``"Seat 1"``, ``"Seat 1 and Seat 3"``, ``"Seat 1, Seat 2 and Seat 3"`` (seats counted from 1)."""
    names = [f"Seat {p + 1}" for p in ps]
    if len(names) <= 1:
        return "".join(names) or "nobody"
    return ", ".join(names[:-1]) + " and " + names[-1]


_KIND_WORDS = {"pirates": "Pirates", "patrol": "Patrol", "economic": "Economic event",
               "station": "Space Station", "asteroids": "Asteroids", "wormhole": "Wormhole",
               "missiles": "Single use",
               "countermeasures": "Single use", "fuel_burn": "Single use", "repair_kit": "Single use",
               "upgrade": "Upgrade", "crew": "Crew", "bounty": "Bounty", "transport": "Transport",
               "cancel": "Cancel"}
_LEAD = re.compile(r"^[A-Z][A-Za-z ]*(, \d+)?\.\s+")


def card_kind(t: CardType) -> str:
    """``"Upgrade, 1,400 credits"``, ``"Pirates"``: the card's kind and what it costs to play."""
    word = _KIND_WORDS.get(t.kind, t.kind.replace("_", " ").capitalize())
    return f"{word}, {credits(t.cost)} credits" if t.cost else word


def card_rules(t: CardType) -> str:
    """The card's text without its leading kind-and-cost sentence (``card_kind`` says that)."""
    return _LEAD.sub("", t.text, count=1)


def card_line(slug: str) -> str:
    """``"Ion Drive (Upgrade, 1,400 credits): One extra free move every turn."``"""
    t = SLUG.get(slug)
    if t is None:
        return slug
    return f"{t.name} ({card_kind(t)}): {card_rules(t)}"


def card_name(slug: str) -> str:
    t = SLUG.get(slug)
    return t.name if t is not None else slug


_SLUG_WORD = re.compile(r"[a-z]+(?:-[a-z]+)+")
_BIG = re.compile(r"\b\d{4,}\b")


def unslug(words: str) -> str:
    """A text built from slugs and numbers (a trade summary, `pvp.summary`) in words: card names for
    card slugs and thousands separators: ``"gives medic-suri; asks 1000 credits"`` → ``"gives Medic Suri;
    asks 1,000 credits"``."""
    words = _SLUG_WORD.sub(lambda m: card_name(m.group(0)), words)
    return _BIG.sub(lambda m: credits(int(m.group(0))), words)


# ----- goals ----------------------------------------------------------------------------------------
_GOAL_WORDS = {
    "credits": ("Hold {t} credits", "credits"),
    "goods_sold": ("Sell {t} goods", "goods sold"),
    "homeworlds": ("Land on all {t} Homeworlds", "Homeworlds landed on"),
    "visited": ("Land on {t} Settlements", "Settlements landed on"),
    "markets": ("Trade at {t} different Settlements", "Settlements traded at"),
    "pirates_won": ("Win {t} Engagements against Pirates", "won against Pirates"),
    "union": ("Hold {t} Union Faction", "Union Faction"),
    "pirate": ("Hold {t} Pirate Faction", "Pirate Faction"),
    "bounties": ("Collect {t} Bounties", "Bounties collected"),
    "transports": ("Deliver {t} Transports", "Transports delivered"),
    "contraband_sold": ("Sell {t} Contraband", "Contraband sold"),
}


def goal_target(goal: Goal, players: int, exploration: bool) -> tuple[int, int]:
    """(target, credits part or 0) of `goal` at this table (L21; goals.json per player count)."""
    cr = goal.credits_for(players, exploration) if goal.credits else 0
    return goal.target_for(players, exploration), cr


def goal_text(goal: Goal, players: int, exploration: bool) -> str:
    """What this game's goal asks, with the target for this table: ``"Hold 4 Pirate Faction"``, not the
    per-count table of the card."""
    t, cr = goal_target(goal, players, exploration)
    words = _GOAL_WORDS.get(goal.kind, ("{t} " + goal.kind.replace("_", " "), goal.kind))[0]
    out = words.format(t=credits(t))
    if goal.kind == "visited" and t == 15:
        out = "Land on all 15 Settlements"
    if cr:
        out += f" and hold {credits(cr)} credits"
    return out


def goal_progress(goal: Goal, players: int, exploration: bool, count: int, held: int) -> str:
    """``"2 of 4 Pirate Faction"`` (and the credits part): how far a seat is, with `held` its credits."""
    t, cr = goal_target(goal, players, exploration)
    unit = _GOAL_WORDS.get(goal.kind, ("", goal.kind))[1]
    if goal.kind == "credits":
        return f"{credits(count)} of {credits(t)} credits"
    out = f"{credits(count)} of {credits(t)} {unit}"
    if cr:
        out += f", {credits(held)} of {credits(cr)} credits"
    return out


# ----- places ---------------------------------------------------------------------------------------
def lane_position(lane: str, a: str, b: str, mark: int, dist: int) -> str:
    """A ship on marker `mark` (1..dist, counted from end `a`) of a lane: ``"on Carthage Spur, 1 step from
    Terra Nova, 2 steps from Greenhollow"`` (crossing a lane of distance d takes d+1 moves, L2)."""
    to_a, to_b = mark, dist + 1 - mark
    near, far = ((a, to_a), (b, to_b)) if to_a <= to_b else ((b, to_b), (a, to_a))
    return f"on {lane}, {plural(near[1], 'step')} from {near[0]}, {plural(far[1], 'step')} from {far[0]}"


def settlement(s: SpaceLanesState, slot: int) -> str:
    """A settlement's name, or for a face-down one (L20) where it lies: ``"unexplored slot 4"``."""
    if s.rev_set[slot]:
        return CONTENT.settlements[s.slot_set[slot]].name
    return f"unexplored slot {slot}"


def lane_name(s: SpaceLanesState, ls: int) -> str:
    a, b = ENDS[ls]
    if s.rev_lane[ls]:
        return CONTENT.lanes[s.lane_of[ls]].name
    return f"the unexplored lane {settlement(s, a)}–{settlement(s, b)}"


def lane(s: SpaceLanesState, ls: int) -> str:
    """A lane with its name, both endpoints and distance: ``"Ember Trail (Terra Nova–Greenhollow, 1)"``."""
    a, b = ENDS[ls]
    if not s.rev_lane[ls]:
        return lane_name(s, ls)
    return f"{lane_name(s, ls)} ({settlement(s, a)}–{settlement(s, b)}, distance {s.dist[ls]})"


def where(s: SpaceLanesState, p: int) -> str:
    """Where p's ship is, in words."""
    if s.node[p] >= 0:
        return "at " + settlement(s, s.node[p])
    ls = s.lane[p]
    if ls < 0:
        return "not yet placed"
    a, b = ENDS[ls]
    return lane_position(lane_name(s, ls), settlement(s, a), settlement(s, b), s.mark[p], s.dist[ls])


# ----- events ---------------------------------------------------------------------------------------
TEMPLATES = {
    "first": "Seat {0} goes first",
    "start": "Seat {0} starts at {1}",
    "turn": "Seat {0} begins turn {1}",
    "trade": "Seat {0} trades at {1}",
    "trade_done": "Seat {0} ends trading",
    "buy": "Seat {0} buys 1 {1} for {2}",
    "sell": "Seat {0} sells 1 {1} for {2}",
    "toss": "Seat {0} discards {1}",
    "fuel": "Seat {0} discards {1} as fuel",
    "draw": "Seat {0} buys {1} for {2}",
    "pawn": "Seat {0} pawns {1} for {2}",
    "repair": "Seat {0} repairs the ship for {1}",
    "feature": "Seat {0} uses the feature of {1}: {2}",
    "odd_jobs": "Seat {0} takes Odd Jobs: draws {1} and gains {2}",
    "skip_repair": "Seat {0} skips the turn to repair",
    "launch": "Seat {0} launches from {1} onto {2}",
    "advance": "Seat {0} moves along {1}",
    "land": "Seat {0} lands on {1}",
    "jump": "Seat {0} jumps through the Wormhole to {1}",
    "adrift": "Seat {0} is Adrift and Damaged",
    "reveal_lane": "{0} is revealed",
    "reveal_world": "{0} is revealed",
    "reshuffle": "The discard pile is shuffled into a new deck",
    "place": "Seat {0} plays {1} on {3}",
    "to_ship": "Seat {0} plays {1} to its ship for {2}",
    "fuel_burn": "Seat {0} burns fuel: 3 moves with no fuel cost",
    "repaired": "Seat {0} repairs the ship with {1}",
    "load": "Seat {0} loads the Transport {1} at {2}",
    "deliver": "Seat {0} delivers {1} for {2}",
    "engage": "Seat {0} is engaged by {1} on {2}",
    "choose": "Seat {0} tries to {1}",
    "roll": "Seat {0} rolls {1}",
    "win": "Seat {0} wins against {1}",
    "escape": "Seat {0} escapes {1}",
    "lose_pirates": "Seat {0} loses to {1}: Damaged, all goods and Transports lost",
    "lose_patrol": "Seat {0} loses to {1}: Damaged, Contraband lost, sent back to {2}",
    "parlay": "Seat {0} parlays with {1}, {2}",
    "relocate": "Seat {0} moves {1} to {2}",
    "bounty": "Seat {0} collects {1}: {2}",
    "chain": "Seat {0} plays {1}",
    "cancelled": "The Missiles and Countermeasures cancel each other out",
    "attack": "Seat {0} attacks Seat {1}",
    "pvp_roll": "Seat {0} totals {1}, Seat {2} totals {3}",
    "loot": "Seat {0} takes 1 {2} from Seat {1}",
    "loot_card": "Seat {0} takes a card from Seat {1}",
    "win_game": "Seat {0} wins",
    "turn_limit": "The turn limit is reached: {0}",
    "offer": "Seat {0} offers Seat {1} item {2} for {3}",
    "offer_off": "No deal between Seat {0} and Seat {1}",
    "deal": "Seat {0} and Seat {1} trade: Seat {0} {2}",
    "offer_open": "Seat {0} opens a trade with Seat {1}",
    "propose": "Seat {0} proposes to Seat {1}: {2}",
    "counter": "Seat {0} counters Seat {1}'s proposal",
    "event_ends": "{0} {2} ends and is discarded",
    "used": "Seat {0} uses {1}",
    "refresh": "Seat {0} refreshes {1}",
    "reroll": "Seat {0} rolls again with {1}",
}
TEMPLATES_WIN = "Seat {0} reaches the goal {1} and wins the game"


SEAT_ARGS: dict[str, tuple[int, ...]] = {
    "attack": (0, 1), "pvp_roll": (0, 2), "loot": (0, 1), "loot_card": (0, 1), "offer": (0, 1),
    "offer_off": (0, 1), "deal": (0, 1), "offer_open": (0, 1), "propose": (0, 1), "counter": (0, 1),
    "reveal_lane": (), "reveal_world": (), "reshuffle": (),
    "cancelled": (), "turn_limit": (), "event_ends": (),
}
_SLOT_ARGS = {"start": (1,), "trade": (1,), "launch": (1,), "land": (1,), "jump": (1,), "reveal_world": (0,),
              "load": (2,), "lose_patrol": (2,)}
_LANE_ARGS = {"launch": (2,), "advance": (1,), "reveal_lane": (0,), "engage": (2,), "relocate": (2,)}
_CREDIT_ARGS = {"buy": (2,), "sell": (2,), "draw": (2,), "pawn": (2,), "repair": (1,), "odd_jobs": (2,),
                "to_ship": (2,), "deliver": (2,)}


def _slot_words(slot: Any, s: SpaceLanesState | None) -> str:
    if s is not None and isinstance(slot, int) and 0 <= slot < len(s.rev_set):
        return settlement(s, slot)
    return f"settlement slot {slot}"


def _lane_words(ls: Any, s: SpaceLanesState | None) -> str:
    if s is not None and isinstance(ls, int) and 0 <= ls < len(ENDS):
        return lane(s, ls)
    return f"lane {ls}"


def _event_args(event: Event, s: SpaceLanesState | None) -> tuple[Any, ...]:
    k = event.key
    seat_at = SEAT_ARGS.get(k, (0,))
    out: list[Any] = []
    for i, a in enumerate(event.args):
        if i in _SLOT_ARGS.get(k, ()):
            a = _slot_words(a, s)
        elif i in _LANE_ARGS.get(k, ()):
            a = _lane_words(a, s)
        elif i in _CREDIT_ARGS.get(k, ()) and isinstance(a, int):
            a = credits(a)
        elif i in seat_at and isinstance(a, int):
            a = a + 1
        out.append(a)
    args = event.args
    if k in ("buy", "sell"):
        out[1] = good_name(args[1])
    elif k == "draw":
        out[1] = plural(int(args[1]), "action card")
    elif k == "odd_jobs":
        out[1] = plural(int(args[1]), "card")
    elif k == "advance" and s is not None and isinstance(args[1], int):
        ls = args[1]
        a, b = ENDS[ls]
        out[1] = lane_position(lane_name(s, ls), settlement(s, a), settlement(s, b), int(args[2]),
                               s.dist[ls])[3:]
    elif k == "roll":
        out[1] = f"{args[1]}" + (f" +{args[2]} = {args[1] + args[2]}" if args[2] else "")
    elif k == "choose":
        out[1] = "Win" if args[1] == "win" else "Escape"
    elif k == "parlay":
        out[2] = "giving up a Faction token" if args[2] == "faction" else "paying the toll"
    elif k == "place":
        out[3] = _slot_words(args[3], s) if args[2] == "world" else _lane_words(args[3], s)
    elif k == "event_ends":
        out[2] = "at " + _slot_words(args[2], s) if args[1] == "world" else "on " + _lane_words(args[2], s)
    elif k == "bounty":
        got = f"{credits(int(args[2]))} credits"
        if args[3]:
            got += f" and {args[3]} Faction"
        out[2] = got
    elif k == "turn_limit":
        ws = list(args[0])
        out[0] = (f"{seats(ws)} win" + ("s" if len(ws) == 1 else "") + " as closest to the goal") if ws \
            else "nobody wins"
    elif k in ("propose", "deal"):
        out[2] = unslug(str(args[2]))
    elif k == "loot":
        out[2] = good_name(args[2]) if args[2] in GOODS else card_name(str(args[2]))
    return tuple(out)


def render_event(event: Event, s: SpaceLanesState | None = None) -> str:
    """Plain language, with seats counted from 1 as the clients show them, and (given the state) places
    by their names; the rule applied is the event's `rule`, never in the text."""
    if event.rule == "L21" and event.key == "win":
        args = (event.args[0] + 1, *event.args[1:])
        return Event(event.rule, "w", args).render({"w": TEMPLATES_WIN})
    return Event(event.rule, event.key, _event_args(event, s)).render(TEMPLATES)


# ----- actions --------------------------------------------------------------------------------------
_KINDS = {
    "done": "Finish trading", "cancel": "Cancel: keep the card in your hand",
    "pass": "Pass: play no card now", "keep": "Leave the card where it is", "dismiss": "Discard the card",
}


def _fuel_cost(s: SpaceLanesState, dest_lane: int) -> str:
    """What a move costs, first on its menu line (L6): "Free move" or "1 fuel card"."""
    from spacetable.games.spacelanes.travel import fuel_need

    need = fuel_need(s, dest_lane)
    asteroids = dest_lane >= 0 and s.asteroids[dest_lane] >= 0
    if need == 0:
        return "Free move"
    return plural(need, "fuel card") + (" (Asteroids)" if asteroids else "")


def _fuel_note(s: SpaceLanesState, dest_lane: int) -> str:
    from spacetable.games.spacelanes.travel import fuel_need

    if fuel_need(s, dest_lane):
        from spacetable.games.spacelanes.common import mod

        why = ""
        if mod(s, s.active, "free_moves"):  # set at the start of a turn (rules._start_turn)
            why = "; the extra free moves of your ship's cards count from the start of a turn"
        return f" (each move after the first burns a card from your hand as fuel; you choose which next{why})"
    if s.moves_made == 0:
        return " (the first move of a turn is free)"
    return f" ({plural(s.free_moves, 'free move')} left this turn)"


def _move(s: SpaceLanesState, dest: int, jump: bool) -> str:
    from spacetable.games.spacelanes.board import LANE_BETWEEN

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


def _pending(s: SpaceLanesState) -> CardType | None:
    from spacetable.games.spacelanes import rules

    if s.stack and s.stack[-1][0] == rules.TARGET:
        return CONTENT.card_types[s.stack[-1][2]]
    return None


_PLAY_WHERE = re.compile(r"^(Play (to|on) [^.:]*[.:]|Hire at a Settlement or Space Station[^.]*\.)\s*")
"""The opening of a card text that says where it is played: the menu line says that already."""


def card_effect(t: CardType) -> str:
    """What the card does, without its kind, cost or where it is played: ``"Whoever Wins against it gains
    1500 credits."`` for a Bounty."""
    return _PLAY_WHERE.sub("", card_rules(t), count=1)


def _next_turn_note(t: CardType) -> str:
    """Crew and Upgrades whose bonus counts from the next turn: free moves are set at a turn's start."""
    n = t.mod("free_moves") if t.mods else 0
    if n:
        return (f" Its {plural(n, 'extra free move')} starts with your next turn: further moves this turn "
                "still cost fuel.")
    return ""


def _play(s: SpaceLanesState, t: CardType, decider: int) -> str:
    """A card played from hand, what it costs first (L11: Equipment, Upgrades and Crew cost credits)."""
    from spacetable.games.spacelanes.card_play import _travel_open

    k = t.kind
    rest = card_effect(t)
    price = f"for {credits(t.cost)} credits" if t.cost else "free"
    if k == "crew":
        return f"Hire {t.name} {price}: {rest}{_next_turn_note(t)}"
    if k == "upgrade":
        return f"Fit {t.name} {price}: {rest}{_next_turn_note(t)}"
    if k == "fuel_burn" and decider == s.active and _travel_open(s):
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
    from spacetable.games.spacelanes import rules
    from spacetable.games.spacelanes.common import has_type

    top = s.stack[-1][0] if s.stack else -1
    effect = {"missiles": "Win the Engagement automatically (Countermeasures can cancel it)",
              "countermeasures": "Escape the Engagement automatically (Missiles can cancel it)",
              "fuel_burn": "3 moves this turn with no fuel cost", "repair_kit": "repair your ship"}
    if t.use:
        return f"Use {t.name}, free (turned until it Refreshes): {card_rules(t)}"
    if decider != s.active and t.kind in ("missiles", "countermeasures"):  # into the active's chain (L17)
        if top == rules.CHAIN:
            return f"Answer with {t.name} for {credits(t.cost)} credits: it cancels the card above"
        return (f"Play {t.name} for {credits(t.cost)} credits into Seat {s.active + 1}'s engagement: "
                f"Seat {s.active + 1} Escapes automatically")
    what = "it cancels the card above" if top == rules.CHAIN else effect.get(t.kind, card_rules(t))
    if has_type(s.ship[decider], t.index):
        return f"Use the stored {t.name} (already paid): {what}"
    return f"Use {t.name} for {credits(t.cost)} credits: {what}"


def _engage(s: SpaceLanesState, a: Action) -> str:
    from spacetable.games.spacelanes import rules

    info = rules.engagement_info(s)
    p = s.active
    k = a.kind
    if info is None:
        return str(a)
    if k == "engage":
        side = str(a.args[0])
        need, m, odds = info[side], info[side + "_mod"], info[side + "_odds"]
        word = "Win" if side == "win" else "Escape"
        mod = f" +{m}" if m else ""
        return f"Try to {word}: {odds:.0%} (roll 2d6{mod}, need {need} or more)"
    if k == "parlay":
        fee = rules.parlay_fee(s, p)
        extra = f" + {credits(fee)} credits for your Contraband" if fee else ""
        if info["kind"] == "pirates":
            return f"Parlay for 1 Pirate Faction (you hold {s.pirate[p]})"
        if a.args[0] == "faction":
            return f"Parlay for 1 Union Faction{extra} (you hold {s.union[p]})"
        return f"Parlay for {credits(rules.toll(s, p) + fee)} credits: the toll{extra}"
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
        price = rules.PIRATE_FENCE + rules.mod(s, p, "sell_bonus")
        return f"Sell 1 Contraband to the Pirates for {credits(price)} credits"
    if k == "keep":
        return f"Leave {info['name']} where it is"
    if k == "dismiss":
        return f"Discard {info['name']}"
    return str(a)


def _feature_cost(s: SpaceLanesState, p: int, slot: int) -> str:
    """What the settlement's feature costs the seat now (L5; settlements.json), or what it pays."""
    from spacetable.games.spacelanes import trade
    from spacetable.games.spacelanes.common import SETTLE

    st = SETTLE[s.slot_set[slot]]
    k = st.feature
    if k == "faction_office":
        office = getattr(trade, "office_price", None)
        price = int(office(s, p, slot)) if office is not None else int(st.farg("price"))
    elif k == "repair_dock":
        price = trade.repair_price(s, p, st.farg("price"))
    elif k == "salvage_yard":
        price = int(st.farg("price"))
    elif k == "exchange":
        return f"you get {credits(int(st.farg('price')))} credits"
    else:
        return "free"
    return f"for {credits(price)} credits"


def _trade(s: SpaceLanesState, a: Action) -> str:
    from spacetable.games.spacelanes import rules
    from spacetable.games.spacelanes.common import CONTENT_GOOD, HAND_LIMIT, SETTLE

    p = s.active
    k = a.kind
    slot = s.node[p]
    if k in ("buy", "sell"):
        g = CONTENT_GOOD[str(a.args[0])]
        name = good_name(g)
        if k == "buy":
            from spacetable.games.spacelanes.card_play import buy_limit

            lim = buy_limit(s, slot, g, rules.BUY_LIMIT)
            room = rules.cargo_limit(s, p) - sum(s.cargo[p])
            return (f"Buy 1 {name} for {credits(rules.buy_price(s, slot, g))} credits "
                    f"({s.bought[p][g]} of {lim} bought this Visit, room for {room} more goods)")
        price = rules.sell_price(s, slot, g) + rules.mod(s, p, "sell_bonus")
        return f"Sell 1 {name} for {credits(price)} credits (you carry {s.cargo[p][g]})"
    if k == "draw":
        n = int(a.args[0])
        return f"Buy {plural(n, 'action card')} for {credits(rules.CARD_PRICE * n)} credits (once per Trade)"
    if k == "toss":
        t = SLUG[str(a.args[0])]
        return f"Discard {t.name} from your hand, free (all discards of a Trade in one go)"
    if k == "pawn":
        t = SLUG[str(a.args[0])]
        return f"Pawn {t.name} from your ship for {credits(t.cost // 2 // 50 * 50)} credits (half its price)"
    if k == "repair":
        return f"Repair your ship for {credits(rules.repair_price(s, p))} credits"
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
        pay = rules.ODD_JOBS_PAY + rules.mod(s, p, "odd_jobs")
        return (f"Odd Jobs, ends your turn: gain {credits(pay)} credits and draw {plural(got, 'card')} "
                "(instead of Trade and Travel)")
    return str(a)


def describe(s: SpaceLanesState, a: Action) -> str:
    """One line for a legal action: what it does and what it costs (credits, fuel cards, Faction)."""
    from spacetable.games.spacelanes import rules

    k = a.kind
    decider = s.current_player()
    if k in ("accept", "decline", "counter") and s.stack and s.stack[-1][0] == rules.OFFER:
        o = rules.offer_info(s)
        assert o is not None
        verb = {"accept": "Accept", "decline": "Decline", "counter": "Counter"}[k]
        return f"{verb} Seat {o['from'] + 1}'s proposal (Seat {o['from'] + 1} {unslug(o['text'])})"
    if k == "cancel" and s.stack and s.stack[-1][0] == rules.OFFER:
        return "Ask for nothing of this kind" if s.decision_name() == "pvp.pick" else "Withdraw: no trade"
    top = s.stack[-1] if s.stack else None
    if top is not None and top[0] == rules.ENGAGE and k in ("engage", "parlay", "accept", "fence", "keep",
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
        return "Pass: let the chain resolve" if top is not None and top[0] == rules.CHAIN else _KINDS["pass"]
    if k in ("move", "jump"):
        return _move(s, int(a.args[0]), k == "jump")
    if k == "start":
        slot = int(a.args[0])
        hw = s.rev_set[slot] and CONTENT.settlements[s.slot_set[slot]].homeworld
        return f"Start at {settlement(s, slot)}" + (" (a Homeworld)" if hw else "")
    if k in ("world", "lane"):
        t = _pending(s)
        where_to = settlement(s, int(a.args[0])) if k == "world" else lane(s, int(a.args[0]))
        if t is None:
            return where_to
        if t.kind == "cancel":
            return f"{where_to}: {t.name} cancels its events"
        return f"{where_to}: {t.name} goes there"
    if k == "relocate":
        info = rules.engagement_info(s)
        what = info["name"] if info else "the card"
        return f"{lane(s, int(a.args[0]))}: move {what} there"
    if k in _KINDS and not a.args:
        return _KINDS[k]
    if k == "play" and str(a.args[0]) in SLUG:
        return _play(s, SLUG[str(a.args[0])], decider)
    if k == "use" and str(a.args[0]) in SLUG:
        return _use(s, SLUG[str(a.args[0])], decider)
    if k == "fuel" and str(a.args[0]) in SLUG:
        left = top[3] if top is not None and top[0] == rules.FUEL else 1
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


# ----- rules and levels -----------------------------------------------------------------------------
ROUTINE_EVENTS = frozenset({"reshuffle", "advance", "fuel", "trade_done", "toss", "used", "refresh",
                            "reveal_lane", "reveal_world", "first", "offer_open"})
"""Events a person need not read line by line: folded under the line they follow (a move along a lane,
fuel burnt, a shuffle, a card refreshed)."""
MOMENT_EVENTS = frozenset({"engage", "roll", "win", "escape", "lose_pirates", "lose_patrol", "parlay",
                           "adrift", "deliver", "bounty", "to_ship", "win_game", "turn_limit", "attack",
                           "pvp_roll", "deal", "odd_jobs", "repaired", "repair", "load"})
"""Events that change the game (an engagement's roll and result, a delivery, a purchase for the ship, a
Goal reached): shown as a banner as well as a log line."""


def event_level(event: Event) -> str:
    if event.rule == "L21" and event.key == "win":
        return "moment"
    if event.key in ROUTINE_EVENTS:
        return "routine"
    return "moment" if event.key in MOMENT_EVENTS else "step"


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
    from spacetable.games.spacelanes import rules

    k = a.kind
    top = s.stack[-1][0] if s.stack else None
    if k in ("play", "use") and a.args and str(a.args[0]) in SLUG:
        t = SLUG[str(a.args[0])]
        if k == "use" and t.use:
            return "Reusable cards"
        return _CARD_RULES.get(t.kind, "Action Cards")
    if k in ("world", "lane"):
        pending = _pending(s)
        return _CARD_RULES.get(pending.kind, "Events") if pending is not None else None
    if k == "pass":
        return "L17" if top == rules.CHAIN else "L10"
    if k == "accept":
        return "L19" if top == rules.OFFER else "L15"
    if k == "cancel":
        return "L19" if top == rules.OFFER else "Events"
    if k == "end" and s.lane[s.active] >= 0 and not s.hand[s.active]:
        return "L7"
    return _KIND_RULES.get(k)
