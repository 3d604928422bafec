"""Space Lanes travel: moves along Lanes and Wormhole jumps (L2, L6), fuel paid with cards (L6, Asteroids)
in the move's frame (`FuelFrame`), landing on a Settlement (a new Visit, L5) with Transport delivery, and
revealing Exploration tiles (L20).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from spacetable.engine.action import Action
from spacetable.games.spacelanes import actions as A
from spacetable.games.spacelanes.board import ADJ, ENDS, LANE_BETWEEN
from spacetable.games.spacelanes.card_play import push_window, refresh_on_land, wormhole_jumped
from spacetable.games.spacelanes.common import CT, TYPE, matches, mod, take_from_hand
from spacetable.games.spacelanes.content_types import NGOODS
from spacetable.games.spacelanes.frames import SpaceLanesFrame

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S


def fuel_need(s: S, dest_lane: int) -> int:
    base = 0 if s.moves_made == 0 or s.free_moves > 0 else 1
    if dest_lane >= 0 and s.asteroids[dest_lane] >= 0:
        base += 1
    return base


def legal_moves(s: S, p: int) -> list[Action]:
    out = []
    h = len(s.hand[p])
    n = s.node[p]
    if n >= 0:
        for ls, m in ADJ[n]:
            if fuel_need(s, ls) <= h:
                out.append(A.MOVE[m])
        return out
    ls = s.lane[p]
    a, b = ENDS[ls]
    for dest, k in ((a, s.mark[p] - 1), (b, s.mark[p] + 1)):
        inside = 0 < k <= s.dist[ls]
        if fuel_need(s, ls if inside else -1) <= h:
            out.append(A.MOVE[dest])
    if s.wormhole[ls] >= 0 and fuel_need(s, -1) <= h:
        out.extend(A.JUMP)
    return out


def start_move(s: S, p: int, dest: int, jump: bool) -> None:
    n = s.node[p]
    if jump or n >= 0:
        dest_lane = -1 if jump else LANE_BETWEEN[(n, dest)]
    else:
        ls = s.lane[p]
        k = s.mark[p] + (1 if dest == ENDS[ls][1] else -1)
        dest_lane = ls if 0 < k <= s.dist[ls] else -1
    need = fuel_need(s, dest_lane)
    if s.moves_made > 0 and s.free_moves > 0:
        s.free_moves -= 1
    s.moves_made += 1
    s.travel_state = 1
    if need:
        s.stack.append(FuelFrame(jump, dest, need))
    else:
        _do_move(s, dest, jump)


def _do_move(s: S, dest: int, jump: bool) -> None:
    p = s.active
    n = s.node[p]
    if jump:
        s.emit("Wormhole", "jump", p, dest)
        wormhole_jumped(s, s.lane[p])  # a Wormhole collapses after its jumps (card_play)
        land(s, p, dest)
    elif n >= 0:
        ls = LANE_BETWEEN[(n, dest)]
        s.node[p] = -1
        s.lane[p] = ls
        s.mark[p] = 1 if ENDS[ls][0] == n else s.dist[ls]
        s.engaged[p] = -1
        if not s.rev_lane[ls]:
            s.rev_lane[ls] = True
            s.emit("L20", "reveal_lane", ls)
        s.emit("L6", "launch", p, n, ls)
    else:
        ls = s.lane[p]
        a, b = ENDS[ls]
        k = s.mark[p] + (1 if dest == b else -1)
        if k <= 0:
            land(s, p, a)
        elif k > s.dist[ls]:
            land(s, p, b)
        else:
            s.mark[p] = k
            s.emit("L2", "advance", p, ls, k)
    ls2 = s.lane[p]
    if not (ls2 >= 0 and s.hostile[ls2] >= 0 and s.engaged[p] != s.hostile[ls2]):
        push_window(s)


def land(s: S, p: int, slot: int) -> None:
    """Put p's ship on Settlement `slot`: a new Visit (L5), reveal (L20), Transport delivery."""
    s.node[p] = slot
    s.lane[p] = -1
    s.mark[p] = 0
    s.engaged[p] = -1
    s.adrift[p] = False
    s.bought[p] = [0] * NGOODS
    s.feature_used[p] = False
    s.last_landed[p] = slot
    s.visited[p] |= 1 << slot
    refresh_on_land(s, p, slot)  # reusable cards that Refresh on landing (card_play)
    if not s.rev_set[slot]:
        s.rev_set[slot] = True
        s.emit("L20", "reveal_world", slot)
    if s.phase == 2:
        s.emit("L5", "land", p, slot)
    keep = []
    for tr in s.transports[p]:
        t = CT[TYPE[tr[0]]]
        if slot != tr[1] and matches(s, t.to, slot):
            pay = t.reward + mod(s, p, "transport_bonus")
            s.credits[p] += pay
            s.union[p] += t.gain_union
            s.pirate[p] += t.gain_pirate
            s.transports_done[p] += 1
            s.discard.append(tr[0])
            s.emit("Transport", "deliver", p, t.name, pay)
        else:
            keep.append(tr)
    s.transports[p] = keep


class FuelFrame(SpaceLanesFrame):
    """Paying a move's fuel (L6): the active captain discards a card from its hand, one at a time,
    until the move's cost is paid; then the move is made."""

    __slots__ = ("jump", "dest", "left")
    name: ClassVar[str] = "fuel"

    def __init__(self, jump: bool = False, dest: int = 0, left: int = 0) -> None:
        self.jump = jump
        """True for a Wormhole jump, False for a move along a lane."""
        self.dest = dest
        """The settlement slot the move heads for."""
        self.left = left
        """Fuel cards still to discard."""

    def copy(self) -> FuelFrame:
        return FuelFrame(self.jump, self.dest, self.left)

    def public(self) -> dict[str, Any]:
        return {"jump": self.jump, "to": self.dest, "cards_left": self.left}

    def legal(self, s: S) -> list[Action]:
        """The card types the active seat may discard as fuel (L6)."""
        seen: list[int] = []
        for c in s.hand[s.active]:
            if TYPE[c] not in seen:
                seen.append(TYPE[c])
        return [A.FUEL[ti] for ti in seen]

    def apply(self, s: S, a: Action) -> None:
        p = s.active
        cid = take_from_hand(s, p, A.SLUGS.index(str(a.args[0])))
        s.discard.append(cid)
        s.emit("L6", "fuel", p, CT[TYPE[cid]].name)  # discarded face up: everyone sees the card
        self.left -= 1
        if self.left == 0:
            s.stack.pop()
            _do_move(s, self.dest, self.jump)
