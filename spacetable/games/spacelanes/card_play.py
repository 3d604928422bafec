"""Space Lanes card play: which Action cards a seat may play now (L9-L12), playing them to the ship or
to a target (Hazards, Events, Economic and Bounty cards, L10, L18), single-use cards stored on the ship
(Repair Kit, Fuel Burn), reusable Equipment and Crew ("Use" and "Refresh"), the end of events ("Events
last until they are canceled or resolved, and are then discarded"), and the two frames of playing a
card: the response window that follows every action (`WindowFrame`, L10) and the choice of a card's
target (`TargetFrame`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from spacetable.engine.action import Action
from spacetable.games.spacelanes import actions as A
from spacetable.games.spacelanes.board import NLANES, NSLOTS
from spacetable.games.spacelanes.chains import start_chain
from spacetable.games.spacelanes.common import (
    CT,
    HAND_LIMIT,
    SETTLE,
    TYPE,
    at_station,
    draw,
    has_type,
    matches,
    take_from,
    take_from_hand,
)
from spacetable.games.spacelanes.content_types import NGOODS, CardType
from spacetable.games.spacelanes.frames import SpaceLanesFrame

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

LANE_TARGET = ("pirates", "patrol", "station", "asteroids", "wormhole")
LANE_EVENTS = ("station", "asteroids", "wormhole")
COMBAT = ("missiles", "countermeasures")


def _bounty_lane_ok(s: S, ls: int) -> bool:
    """A Bounty may go on a Pirates/Patrol card without one (L12), but not on the card of an engagement
    whose dice are already rolled: the Bounty is a condition to complete (rulebook, Bounty), not a prize
    to claim once the dice have shown the Win (project ruling, docs/spacelanes-design.md)."""
    if s.hostile[ls] < 0 or s.bounty[ls] >= 0:
        return False
    return all(f.rolled_lane() != ls for f in s.stack)


def _cancel_lane(s: S, ls: int) -> bool:
    return s.station[ls] >= 0 or s.asteroids[ls] >= 0 or s.wormhole[ls] >= 0


def _target_ok(s: S, t: CardType) -> bool:
    k = t.kind
    if k == "cancel":
        return any(e >= 0 for e in s.econ) or any(_cancel_lane(s, ls) for ls in range(NLANES))
    if k in ("pirates", "patrol"):
        return any(h < 0 for h in s.hostile)
    if k in LANE_EVENTS:
        return any(h < 0 for h in getattr(s, k))
    if k == "bounty":
        return any(_bounty_lane_ok(s, ls) for ls in range(NLANES))
    return True


def can_play(s: S, p: int, t: CardType, own_turn: bool) -> bool:
    """May `p` play card type `t` from hand now (L9, L10, L11, L12)? Not a card `p` has just taken
    back at its target (`S.withdrawn`), until something else happens."""
    if s.withdrawn and s.withdrawn >> (p * len(CT) + t.index) & 1:
        return False
    k = t.kind
    if s.damaged[p]:
        return k == "repair_kit" and not s.adrift[p] and s.credits[p] >= t.cost
    if k in ("pirates", "patrol", "station", "asteroids", "wormhole", "bounty", "cancel"):
        return _target_ok(s, t)
    if k == "economic":
        return True
    if k in ("missiles", "countermeasures", "fuel_burn", "repair_kit"):
        return s.credits[p] >= t.cost
    if k == "upgrade":
        return s.credits[p] >= t.cost and not has_type(s.ship[p], t.index)
    if k == "crew":
        return s.credits[p] >= t.cost and not has_type(s.ship[p], t.index) and at_station(s, p)
    if k == "transport":
        return s.node[p] >= 0 and matches(s, t.frm, s.node[p])
    return False


def playable_types(s: S, p: int, own_turn: bool) -> list[int]:
    seen: list[int] = []
    for c in s.hand[p]:
        ti = TYPE[c]
        if ti not in seen and can_play(s, p, CT[ti], own_turn):
            seen.append(ti)
    return seen


# ----- reusable cards (rulebook, Reusable cards) --------------------------------------------------
def unused(s: S, p: int, effect: str) -> list[int]:
    """Types of the reusable cards on p's ship with this Use effect that are not Used."""
    out: list[int] = []
    for c in s.ship[p]:
        t = CT[TYPE[c]]
        if t.use == effect and not s.marks[c] and t.index not in out:
            out.append(t.index)
    return out


def _unused_copy(s: S, p: int, ti: int) -> int:
    return next(c for c in s.ship[p] if TYPE[c] == ti and not s.marks[c])


def refresh(s: S, p: int, trigger: str) -> None:
    """Refresh p's Used cards whose text names `trigger` ("Cards give instructions on how they can be
    Refreshed"). Ruling: a card is not Refreshed in the turn it was Used (`marks` holds that turn), so a
    reusable card is Used at most once a turn; else Auxiliary Tank, Refreshed by a Homeworld landing,
    would give a turn endless moves out and back in."""
    now = s.turns
    for c in s.ship[p]:
        m = s.marks[c]
        if m and m < now and trigger in CT[TYPE[c]].refresh:
            s.marks[c] = 0
            s.emit("Reusable cards", "refresh", p, CT[TYPE[c]].name)


def refresh_on_land(s: S, p: int, slot: int) -> None:
    if s.ship[p]:
        refresh(s, p, "land")
        if SETTLE[s.slot_set[slot]].homeworld:
            refresh(s, p, "homeworld")


def stored_repair(s: S, p: int) -> list[int]:
    """A stored Repair Kit or an unused reusable repair card, if p is Damaged and not Adrift (L7, L9)."""
    if not s.damaged[p] or s.adrift[p]:
        return []
    for c in s.ship[p]:
        t = CT[TYPE[c]]
        if t.kind == "repair_kit" or (t.use == "repair" and not s.marks[c]):
            return [t.index]
    return []


def rival_counters(s: S, q: int) -> list[int]:
    """Countermeasures that q may play from hand into the active player's engagement, at its start or
    after its roll (L17: "Missiles and Countermeasures are special in that you can play them to another
    player during an Engagement, possibly deciding their fate"). Stored cards stay on their own ship
    ("Single-use items played to your ship cannot be played later to a space other than your own")."""
    st = s.stack
    if q == s.active or s.damaged[q] or len(st) < 2 or not isinstance(st[-1], WindowFrame) \
            or not st[-2].rival_counters_open():
        return []
    for c in s.hand[q]:
        t = CT[TYPE[c]]
        if t.kind == "countermeasures" and s.credits[q] >= t.cost:
            return [t.index]
    return []


def any_playable(s: S, p: int) -> bool:
    if s.damaged[p] and stored_repair(s, p):
        return True
    seen = 0
    for c in s.hand[p]:
        ti = TYPE[c]
        bit = 1 << ti
        if not seen & bit:
            seen |= bit
            if can_play(s, p, CT[ti], False):
                return True
    return bool(rival_counters(s, p))


def travel_open(s: S) -> bool:
    return s.travel_state < 2 and s.trade_state != 1 and not s.stack


def usable_stored(s: S, p: int) -> list[int]:
    """Single-use cards stored on p's ship, and reusable cards not Used, that p may use at its main
    decision."""
    out: list[int] = []
    for c in s.ship[p]:
        ti = TYPE[c]
        t = CT[ti]
        k = t.kind
        if ti in out:
            continue
        if t.use:
            if s.marks[c]:
                continue
            u = t.use
            if (u == "repair" and s.damaged[p] and not s.adrift[p]) or \
                    (u == "moves" and not s.damaged[p] and travel_open(s)) or \
                    (u == "draw" and not s.damaged[p] and len(s.hand[p]) < HAND_LIMIT
                     and (s.deck or s.discard)):
                out.append(ti)
        elif (k == "repair_kit" and s.damaged[p] and not s.adrift[p]) or \
                (k == "fuel_burn" and not s.damaged[p] and travel_open(s)):
            out.append(ti)
    return out


def engagement_plays(s: S, p: int) -> list[Action]:
    """Cards the engaged active player may play in its own engagement, before or after the roll: every
    card it could play now ("Unless otherwise noted, Action Cards can be played by anyone at any time"),
    and a stored or reusable repair. Missiles and Countermeasures are offered as `use` (engagements)."""
    out = [A.PLAY[ti] for ti in playable_types(s, p, True) if CT[ti].kind not in COMBAT]
    out.extend(A.USE[ti] for ti in stored_repair(s, p))
    return out


def play_card(s: S, p: int, ti: int) -> None:
    t = CT[ti]
    if t.kind in LANE_TARGET or t.kind in ("economic", "bounty", "cancel"):
        s.stack.append(TargetFrame(p, ti))
        return
    cid = take_from_hand(s, p, ti)
    s.withdrawn = 0  # played for good: anything taken back before may be played again
    k = t.kind
    s.credits[p] -= t.cost
    if k == "fuel_burn" and p == s.active and travel_open(s):
        s.free_moves += 3
        s.discard.append(cid)
        s.emit("Fuel Burn", "fuel_burn", p)
    elif k == "repair_kit" and s.damaged[p]:
        s.damaged[p] = False
        s.discard.append(cid)
        s.emit("Repair Kit", "repaired", p, t.name)
    elif k == "transport":
        s.transports[p].append([cid, s.node[p]])
        s.emit("Transport", "load", p, t.name, s.node[p])
    else:
        s.ship[p].append(cid)
        s.marks[cid] = 0  # a reusable card enters play Refreshed
        if k == "crew":
            s.union[p] += t.mod("gain_union")
            s.pirate[p] += t.mod("gain_pirate")
        s.emit("Equipment" if k != "crew" else "Crew", "to_ship", p, t.name, t.cost)


def use_stored(s: S, p: int, ti: int) -> None:
    t = CT[ti]
    if t.use:  # a reusable card: turn it (Used) and apply its effect
        cid = _unused_copy(s, p, ti)
        s.marks[cid] = s.turns  # Used in this turn
        s.emit("Reusable cards", "used", p, t.name)
        if t.use == "repair":
            s.damaged[p] = False
            s.emit("Repair Kit", "repaired", p, t.name)
        elif t.use == "moves":
            s.free_moves += t.use_n
        elif t.use == "draw":
            draw(s, p, min(t.use_n, HAND_LIMIT - len(s.hand[p])))
        return
    cid = take_from(s.ship[p], ti)
    s.discard.append(cid)
    k = t.kind
    if k == "repair_kit":
        s.damaged[p] = False
        s.emit("Repair Kit", "repaired", p, t.name)
    elif k == "fuel_burn":
        s.free_moves += 3
        s.emit("Fuel Burn", "fuel_burn", p)


# ----- events: placing them, and their end ---------------------------------------------------------
def _targets(s: S, t: CardType) -> list[Action]:
    k = t.kind
    if k in ("pirates", "patrol"):
        return [A.LANE[ls] for ls in range(NLANES) if s.hostile[ls] < 0]
    if k in LANE_EVENTS:
        arr = getattr(s, k)
        return [A.LANE[ls] for ls in range(NLANES) if arr[ls] < 0]
    if k == "bounty":
        return [A.LANE[ls] for ls in range(NLANES) if _bounty_lane_ok(s, ls)]
    if k == "cancel":
        return ([A.WORLD[x] for x in range(NSLOTS) if s.econ[x] >= 0]
                + [A.LANE[ls] for ls in range(NLANES) if _cancel_lane(s, ls)])
    return list(A.WORLD)


def place(s: S, p: int, ti: int, where: int, world: bool = False) -> None:
    t = CT[ti]
    cid = take_from_hand(s, p, ti)
    k = t.kind
    if k == "cancel":  # "Events last until they are canceled or resolved, and are then discarded"
        s.discard.append(cid)
        s.emit("Events", "place", p, t.name, "world" if world else "lane", where)
        if world:
            _end_econ(s, where)
        else:
            for kind in LANE_EVENTS:
                if getattr(s, kind)[where] >= 0:
                    _end_lane_event(s, kind, where)
        return
    if k in ("pirates", "patrol"):
        s.hostile[where] = cid
    elif k in LANE_EVENTS:
        getattr(s, k)[where] = cid
        s.until[cid] = s.turns + t.rounds * s.n
        s.marks[cid] = t.jumps
    elif k == "bounty":
        s.bounty[where] = cid
    else:
        if s.econ[where] >= 0:
            _end_econ(s, where)
        s.econ[where] = cid
        s.until[cid] = s.turns + t.rounds * s.n
        if t.stock:
            s.stock[where * NGOODS:(where + 1) * NGOODS] = list(t.stock)
    s.emit("Events" if k != "bounty" else "Bounty", "place", p, t.name,
           "world" if k == "economic" else "lane", where)


def _end_econ(s: S, slot: int) -> None:
    """An Economic event leaves: discarded, and the settlement's stock is no longer limited."""
    cid = s.econ[slot]
    s.discard.append(cid)
    s.econ[slot] = -1
    s.stock[slot * NGOODS:(slot + 1) * NGOODS] = [-1] * NGOODS
    s.emit("Events", "event_ends", CT[TYPE[cid]].name, "world", slot)


def _end_lane_event(s: S, kind: str, ls: int) -> None:
    arr = getattr(s, kind)
    cid = arr[ls]
    s.discard.append(cid)
    arr[ls] = -1
    s.emit("Events", "event_ends", CT[TYPE[cid]].name, "lane", ls)


def turn_start(s: S, p: int) -> None:
    """At the start of a turn: timed events whose rounds are over are discarded ("Events last until they
    are canceled or resolved, and are then discarded"); p's cards that Refresh each turn do."""
    now = s.turns
    until = s.until
    for slot in range(NSLOTS):
        c = s.econ[slot]
        if c >= 0 and until[c] <= now:
            _end_econ(s, slot)
    for kind in LANE_EVENTS:
        arr = getattr(s, kind)
        for ls in range(NLANES):
            c = arr[ls]
            if c >= 0 and until[c] <= now:
                _end_lane_event(s, kind, ls)
    if s.ship[p]:
        refresh(s, p, "turn")


def wormhole_jumped(s: S, ls: int) -> None:
    """A jump through the Wormhole on lane `ls`: one with a number of jumps collapses after the last."""
    c = s.wormhole[ls]
    if c >= 0 and CT[TYPE[c]].jumps:
        s.marks[c] -= 1
        if s.marks[c] <= 0:
            _end_lane_event(s, "wormhole", ls)


# ----- response windows and targets (L10) -----------------------------------------------------------
def push_window(s: S) -> None:
    """Open a response window (L10) for the other seats in turn order after the active one."""
    if s.n > 1:
        s.stack.append(WindowFrame(0, [(s.active + i) % s.n for i in range(1, s.n)]))


class WindowFrame(SpaceLanesFrame):
    """A response window (L10): the other seats, in turn order after the active one, are asked one at a
    time whether they play a card; seats with nothing they could play are passed over (`ask_next`)."""

    __slots__ = ("asked", "seats")
    name: ClassVar[str] = "respond"

    def __init__(self, asked: int = 0, seats: list[int] | None = None) -> None:
        self.asked = asked
        """Index into `seats` of the seat asked now."""
        self.seats: list[int] = [] if seats is None else seats

    def copy(self) -> WindowFrame:
        return WindowFrame(self.asked, self.seats.copy())

    def current_player(self, s: S) -> int:
        return self.seats[self.asked]

    def public(self) -> dict[str, Any]:
        return {"seats": self.seats.copy(),
                "asked": self.seats[self.asked] if self.asked < len(self.seats) else None}

    def ask_next(self, s: S) -> bool:
        """Move on to the first seat from the one asked now that could play something (`any_playable`);
        False when none is left (the window closes)."""
        i = self.asked
        seats = self.seats
        while i < len(seats) and not any_playable(s, seats[i]):
            i += 1
        self.asked = i
        return i < len(seats)

    def legal(self, s: S) -> list[Action]:
        """The asked seat may play a card, use a stored or reusable repair, play Countermeasures into
        the active player's engagement (L17), or pass."""
        q = self.seats[self.asked]
        out_w = [A.PLAY[ti] for ti in playable_types(s, q, False)]
        out_w.extend(A.USE[ti] for ti in stored_repair(s, q))
        out_w.extend(A.USE[ti] for ti in rival_counters(s, q))
        return out_w + [A.PASS]

    def apply(self, s: S, a: Action) -> None:
        kind = a.kind
        q = self.seats[self.asked]
        if kind == "pass":
            self.asked += 1
        elif kind == "use":
            ti = A.SLUGS.index(str(a.args[0]))
            if CT[ti].kind == "countermeasures":  # into the active player's engagement (L17)
                start_chain(s, q, ti)
            else:
                use_stored(s, q, ti)
        else:
            play_card(s, q, A.SLUGS.index(str(a.args[0])))


class TargetFrame(SpaceLanesFrame):
    """Choosing where a card being played goes: a free Lane or a Settlement, or cancel (L10). The card
    is shown meanwhile (views: `pending_play`), so `determinize` keeps it in its player's hand."""

    __slots__ = ("seat", "card")
    name: ClassVar[str] = "target"

    def __init__(self, seat: int = 0, card: int = 0) -> None:
        self.seat = seat
        """The seat playing the card."""
        self.card = card
        """The card's type (an index into `CONTENT.card_types`)."""

    def copy(self) -> TargetFrame:
        return TargetFrame(self.seat, self.card)

    def current_player(self, s: S) -> int:
        return self.seat

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "card": CT[self.card].slug}

    def legal(self, s: S) -> list[Action]:
        return _targets(s, CT[self.card]) + [A.CANCEL]

    def apply(self, s: S, a: Action) -> None:
        s.stack.pop()
        if a.kind != "cancel":
            place(s, self.seat, self.card, int(a.args[0]), a.kind == "world")
        else:  # taken back: not offered again until something else happens (`S.withdrawn`)
            s.withdrawn |= 1 << (self.seat * len(CT) + self.card)
