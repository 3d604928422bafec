"""Space Lanes shared tables and small state helpers used by every rule module: ship modifiers from
Equipment and Crew (L11), cargo room (L5), the Settlement tags that Transports name, places and shared
Spaces (L2, L19), drawing with the reshuffle (L13) and finding cards of a type.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import MODIFIERS

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

CT = CONTENT.card_types
TYPE = CONTENT.deck
SETTLE = CONTENT.settlements
GOALS = CONTENT.goals
HAND_LIMIT = 10
"""The hand limit: dealt at setup (L3), bought up to (L5), refilled by Odd Jobs (L8)."""
CARGO_BASE = 10
CONTENT_GOOD = {g: i for i, g in enumerate(("ore", "supplies", "parts", "medicine", "luxury", "contraband"))}
_MOD = {m: i for i, m in enumerate(MODIFIERS)}


def mod(s: S, p: int, name: str) -> int:
    i = _MOD[name]
    t = 0
    for c in s.ship[p]:
        ct = CT[TYPE[c]]
        if ct.mods:
            t += ct.mods[i]
    return t


def cargo_limit(s: S, p: int) -> int:
    return CARGO_BASE + mod(s, p, "cargo")


def tag_exists(tag: str) -> bool:
    return tag == "any" or any(tag == st.slug or tag in st.tags for st in SETTLE)


def matches(s: S, tag: str, slot: int) -> bool:
    """Transport place test, with the rulebook fallback: a tag no Settlement has means any Settlement."""
    if tag == "any":
        return True
    st = SETTLE[s.slot_set[slot]]
    return tag == st.slug or tag in st.tags or not tag_exists(tag)


def at_station(s: S, p: int) -> bool:
    return s.node[p] >= 0 or (s.lane[p] >= 0 and s.station[s.lane[p]] >= 0)


def same_space(s: S, p: int, q: int) -> bool:
    if s.node[p] >= 0:
        return s.node[p] == s.node[q]
    return s.lane[p] >= 0 and s.lane[p] == s.lane[q]


def draw(s: S, p: int, k: int) -> int:
    """Draw up to k cards (reshuffling the discard pile when the deck runs out, L13)."""
    got = 0
    for _ in range(k):
        if not s.deck:
            if not s.discard:
                break
            s.deck = s.discard
            s.discard = []
            s.rng.shuffle(s.deck)
            s.emit("L13", "reshuffle")
        s.hand[p].append(s.deck.pop())
        got += 1
    return got


def take_from(lst: list[int], t: int) -> int:
    for i, c in enumerate(lst):
        if TYPE[c] == t:
            return lst.pop(i)
    raise ValueError(t)


def take_from_hand(s: S, p: int, t: int) -> int:
    """Take a card of type t out of p's hand face up (played, placed, tossed, burnt as fuel): every
    seat that knew p held a card of that type (`S.known`) now knows one fewer."""
    cid = take_from(s.hand[p], t)
    if s.known:
        forget(s, p, t, (1 << s.n) - 1)
    return cid


def forget(s: S, holder: int, t: int, seats: int) -> None:
    """Each seat of the bit set `seats` knows one card of type t fewer in `holder`'s hand: of the
    entries (`S.known`) that seat holds on a card of type t that may be in `holder`'s hand, the one
    with the fewest possible hands is used up (the card that left may be that one)."""
    known = list(s.known)
    changed = False
    for c in range(s.n):
        if not seats >> c & 1:
            continue
        best = -1
        for i, (hs, cid, m) in enumerate(known):
            if m >> c & 1 and hs >> holder & 1 and TYPE[cid] == t and (
                    best < 0 or hs.bit_count() < known[best][0].bit_count()):
                best = i
        if best >= 0:
            hs, cid, m = known[best]
            known[best] = (hs, cid, m & ~(1 << c))
            changed = True
    if changed:
        s.known = tuple(e for e in known if e[2])


def has_type(lst: list[int], t: int) -> bool:
    return any(TYPE[c] == t for c in lst)
