"""Space Lanes card play: which Action cards a seat may play now (L9-L12), playing them to the ship or
to a target (Hazards, Events, Economic and Bounty cards, L10, L18), single-use cards stored on the ship
(Repair Kit, Fuel Burn), and the response window that follows every action (L10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.engine.action import Action
from spacetable.games.spacelanes import actions as A
from spacetable.games.spacelanes.board import NLANES
from spacetable.games.spacelanes.common import CT, TYPE, at_station, has_type, matches, take_from
from spacetable.games.spacelanes.content import CardType
from spacetable.games.spacelanes.frames import TARGET

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

LANE_TARGET = ("pirates", "patrol", "station", "asteroids", "wormhole")


def _target_ok(s: S, t: CardType) -> bool:
    k = t.kind
    if k in ("pirates", "patrol"):
        return any(h < 0 for h in s.hostile)
    if k in ("station", "asteroids", "wormhole"):
        return any(h < 0 for h in getattr(s, k))
    if k == "bounty":
        return any(s.hostile[ls] >= 0 and s.bounty[ls] < 0 for ls in range(NLANES))
    return True


def can_play(s: S, p: int, t: CardType, own_turn: bool) -> bool:
    """May `p` play card type `t` from hand now (L9, L10, L11, L12)?"""
    k = t.kind
    if s.damaged[p]:
        return k == "repair_kit" and not s.adrift[p] and s.credits[p] >= t.cost
    if k in ("pirates", "patrol", "station", "asteroids", "wormhole", "bounty"):
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


def stored_repair(s: S, p: int) -> list[int]:
    if not s.damaged[p] or s.adrift[p]:
        return []
    for c in s.ship[p]:
        if CT[TYPE[c]].kind == "repair_kit":
            return [TYPE[c]]
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
    return False


def _travel_open(s: S) -> bool:
    return s.travel_state < 2 and s.trade_state != 1 and not s.stack


def usable_stored(s: S, p: int) -> list[int]:
    """Single-use cards stored on p's ship that p may use at its main decision."""
    out: list[int] = []
    for c in s.ship[p]:
        ti = TYPE[c]
        k = CT[ti].kind
        if ti in out:
            continue
        if (k == "repair_kit" and s.damaged[p] and not s.adrift[p]) or \
                (k == "fuel_burn" and not s.damaged[p] and _travel_open(s)):
            out.append(ti)
    return out


def play_card(s: S, p: int, ti: int) -> None:
    t = CT[ti]
    if t.kind in LANE_TARGET or t.kind in ("economic", "bounty"):
        s.stack.append([TARGET, p, ti])
        return
    cid = take_from(s.hand[p], ti)
    k = t.kind
    s.credits[p] -= t.cost
    if k == "fuel_burn" and p == s.active and _travel_open(s):
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
        if k == "crew":
            s.union[p] += t.mod("gain_union")
            s.pirate[p] += t.mod("gain_pirate")
        s.emit("Equipment" if k != "crew" else "Crew", "to_ship", p, t.name, t.cost)


def use_stored(s: S, p: int, ti: int) -> None:
    cid = take_from(s.ship[p], ti)
    s.discard.append(cid)
    k = CT[ti].kind
    if k == "repair_kit":
        s.damaged[p] = False
        s.emit("Repair Kit", "repaired", p, CT[ti].name)
    elif k == "fuel_burn":
        s.free_moves += 3
        s.emit("Fuel Burn", "fuel_burn", p)


def _targets(s: S, t: CardType) -> list[Action]:
    k = t.kind
    if k in ("pirates", "patrol"):
        return [A.LANE[ls] for ls in range(NLANES) if s.hostile[ls] < 0]
    if k in ("station", "asteroids", "wormhole"):
        arr = getattr(s, k)
        return [A.LANE[ls] for ls in range(NLANES) if arr[ls] < 0]
    if k == "bounty":
        return [A.LANE[ls] for ls in range(NLANES) if s.hostile[ls] >= 0 and s.bounty[ls] < 0]
    return list(A.WORLD)


def place(s: S, p: int, ti: int, where: int) -> None:
    t = CT[ti]
    cid = take_from(s.hand[p], ti)
    k = t.kind
    if k in ("pirates", "patrol"):
        s.hostile[where] = cid
    elif k in ("station", "asteroids", "wormhole"):
        getattr(s, k)[where] = cid
    elif k == "bounty":
        s.bounty[where] = cid
    else:
        old = s.econ[where]
        if old >= 0:
            s.discard.append(old)
        s.econ[where] = cid
    s.emit("Events" if k != "bounty" else "Bounty", "place", p, t.name,
           "world" if k == "economic" else "lane", where)


def legal_window(s: S, f: list[int]) -> list[Action]:
    """A response window (L10): the asked seat may play a card, use a stored Repair Kit, or pass."""
    q = f[2 + f[1]]
    out_w = [A.PLAY[ti] for ti in playable_types(s, q, False)]
    out_w.extend(A.USE[ti] for ti in stored_repair(s, q))
    return out_w + [A.PASS]


def apply_window(s: S, f: list[int], a: Action) -> None:
    kind = a.kind
    if kind == "pass":
        f[1] += 1
    elif kind == "use":
        use_stored(s, f[2 + f[1]], A.SLUGS.index(str(a.args[0])))
    else:
        play_card(s, f[2 + f[1]], A.SLUGS.index(str(a.args[0])))


def apply_target(s: S, f: list[int], a: Action) -> None:
    s.stack.pop()
    if a.kind != "cancel":
        place(s, f[1], f[2], int(a.args[0]))


def legal_target(s: S, f: list[int]) -> list[Action]:
    """Where the card being played may go (a free Lane or a Settlement), or cancel."""
    return _targets(s, CT[f[2]]) + [A.CANCEL]
