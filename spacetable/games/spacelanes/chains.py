"""Space Lanes chains of Missiles and Countermeasures (L17): who may answer, adding a card to the chain,
and the frame that asks each captain in turn.

A chain starts when the engaged captain uses Missiles or Countermeasures (or a reusable Escape card,
"or equivalent effect") in its engagement, or another captain plays Countermeasures into it from a
response window. Each card cancels the one below it; the captains after the active one are asked in
turn order whether they answer the top card with the opposite kind, until all pass. The chain's
outcome (`engagements.resolve_chain`) is the rules' automatic step after the last pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from spacetable.engine.action import Action
from spacetable.games.spacelanes import actions as A
from spacetable.games.spacelanes.common import CT, TYPE, has_type, take_from, take_from_hand
from spacetable.games.spacelanes.frames import SpaceLanesFrame

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S


def counter_types(s: S, q: int, kind: str) -> list[int]:
    """Missiles or Countermeasures q may play from hand, and (the engaged player only, L11) from its
    ship; a reusable Escape card not Used counts as Countermeasures ("or equivalent effect")."""
    if s.damaged[q]:
        return []
    out: list[int] = []
    for c in s.hand[q]:
        t = CT[TYPE[c]]
        if t.kind == kind and t.index not in out and s.credits[q] >= t.cost:
            out.append(t.index)
    if q == s.active:
        for c in s.ship[q]:
            t = CT[TYPE[c]]
            if t.index in out:
                continue
            if t.kind == kind or (kind == "countermeasures" and t.use == "escape" and not s.marks[c]):
                out.append(t.index)
    return out


def add_chain(s: S, q: int, ti: int) -> None:
    """Seat q adds a card of type ti to the chain: from its ship (stored, or a reusable Escape card,
    which is Used and stays there) or from its hand, paying its cost."""
    t = CT[ti]
    if t.use:  # a reusable Escape card on the engaged ship: Used, it stays there
        cid = next(c for c in s.ship[q] if TYPE[c] == ti and not s.marks[c])
        s.marks[cid] = s.turns
        s.chain.append([cid, q])
        s.emit("L17", "chain", q, t.name)
        return
    if q == s.active and has_type(s.ship[q], ti):
        cid = take_from(s.ship[q], ti)
    else:
        cid = take_from_hand(s, q, ti)
        s.credits[q] -= t.cost
    s.discard.append(cid)
    s.chain.append([cid, q])
    s.emit("L17", "chain", q, t.name)


def start_chain(s: S, q: int, ti: int) -> None:
    """Seat q starts a chain with a card of type ti; the other captains are asked next."""
    add_chain(s, q, ti)
    s.stack.append(ChainFrame())


def _wanted(s: S) -> str:
    """The kind that answers the top card of the chain."""
    return "countermeasures" if CT[TYPE[s.chain[-1][0]]].kind == "missiles" else "missiles"


class ChainFrame(SpaceLanesFrame):
    """Asking the captains in turn whether they answer the chain's top card (L17)."""

    __slots__ = ("passed", "responder")
    name: ClassVar[str] = "chain"

    def __init__(self, passed: int = 0, responder: int = -1) -> None:
        self.passed = passed
        """Bit set of the seats that passed on the current top card."""
        self.responder = responder
        """The seat asked now (-1 until `next_responder` finds one)."""

    def copy(self) -> ChainFrame:
        return ChainFrame(self.passed, self.responder)

    def current_player(self, s: S) -> int:
        return self.responder

    def public(self) -> dict[str, Any]:
        return {"responder": self.responder,
                "passed": [q for q in range(self.passed.bit_length()) if self.passed >> q & 1]}

    def next_responder(self, s: S) -> int:
        """The next seat after the active one, in turn order, that may answer the top card and has
        not passed on it (not the seat that played it), or -1."""
        top_p = s.chain[-1][1]
        want = _wanted(s)
        for i in range(1, s.n + 1):
            q = (s.active + i) % s.n
            if q == top_p or self.passed >> q & 1:
                continue
            if counter_types(s, q, want):
                return q
        return -1

    def legal(self, s: S) -> list[Action]:
        """The responder may answer the top card of the chain with the opposite kind, or pass (L17)."""
        out = [A.USE[ti] for ti in counter_types(s, self.responder, _wanted(s))]
        return out + [A.PASS]

    def apply(self, s: S, a: Action) -> None:
        if a.kind == "pass":
            self.passed |= 1 << self.responder
        else:
            add_chain(s, self.responder, A.SLUGS.index(str(a.args[0])))
            self.passed = 0
