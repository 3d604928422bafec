"""Space Lanes' log lines: each event (`state.emit`) in plain language, with seats counted from 1 and
places by their names as the seat reading it may know them (`text`), and how much each event matters
(`event_level`: routine, step or moment). The rule an event applies travels beside it (`Event.rule`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spacetable.engine.events import Event
from spacetable.games.spacelanes.board import ENDS
from spacetable.games.spacelanes.content_types import GOODS
from spacetable.games.spacelanes.text import (
    card_name,
    credits,
    good_name,
    lane,
    lane_name,
    lane_position,
    plural,
    seats,
    settlement,
    unslug,
)

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState


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
    "goal_reached": ("Seat {0} has reached its Goal: the round is played out, and every captain who reaches"
                     " theirs by its end shares the win"),
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



# ----- levels ---------------------------------------------------------------------------------------
ROUTINE_EVENTS = frozenset({"reshuffle", "advance", "fuel", "trade_done", "toss", "used", "refresh",
                            "reveal_lane", "reveal_world", "first", "offer_open"})
"""Events a person need not read line by line: folded under the line they follow (a move along a lane,
fuel burnt, a shuffle, a card refreshed)."""
MOMENT_EVENTS = frozenset({"engage", "roll", "win", "escape", "lose_pirates", "lose_patrol", "parlay",
                           "adrift", "deliver", "bounty", "to_ship", "win_game", "goal_reached", "turn_limit",
                           "attack", "pvp_roll", "deal", "odd_jobs", "repaired", "repair", "load"})
"""Events that change the game (an engagement's roll and result, a delivery, a purchase for the ship, a
Goal reached): shown as a banner as well as a log line."""


def event_level(event: Event) -> str:
    if event.rule == "L21" and event.key == "win":
        return "moment"
    if event.key in ROUTINE_EVENTS:
        return "routine"
    return "moment" if event.key in MOMENT_EVENTS else "step"


