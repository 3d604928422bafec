"""Space Lanes Player vs Player (L19, the "pvp" mode): attacks between ships on the same Space with
opposed 2d6 rolls, the winner's loot, and trade offers (one good or ship card for a price).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spacetable.engine.action import Action
from spacetable.games.spacelanes import actions as A
from spacetable.games.spacelanes.common import (
    CONTENT_GOOD,
    CT,
    HAND_LIMIT,
    TYPE,
    cargo_limit,
    has_type,
    mod,
    take_from,
)
from spacetable.games.spacelanes.content import NGOODS
from spacetable.games.spacelanes.frames import LOOT, OFFER

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

MAX_OFFERS = 2
"""Player vs Player trade offers per turn (keeps a turn finite)."""


def apply_pvp(s: S, f: list[int], roll: int) -> None:
    if f[2] == 0:
        f[3] = roll
        f[2] = 1
        return
    f[4] = roll
    a = s.active
    d = f[1]
    ta = f[3] + mod(s, a, "win")
    td = f[4] + mod(s, d, "win")
    s.emit("L19", "pvp_roll", a, ta, d, td)
    if ta == td:
        f[2] = 0
        return
    s.stack.pop()
    w, lo = (a, d) if ta > td else (d, a)
    s.damaged[lo] = True
    s.stack.append([LOOT, w, lo])


def apply_loot(s: S, f: list[int], a: Action) -> None:
    w, lo = f[1], f[2]
    if a.kind == "done":
        s.stack.pop()
        return
    if a.args[0] == "card":
        cid = s.hand[lo].pop(s.rng.below(len(s.hand[lo])))
        s.hand[w].append(cid)
        s.emit("L19", "loot_card", w, lo)
    else:
        g = CONTENT_GOOD[str(a.args[0])]
        s.cargo[lo][g] -= 1
        s.cargo[w][g] += 1
        s.emit("L19", "loot", w, lo, a.args[0])


def offer_items(s: S, p: int, q: int) -> list[Action]:
    """What p may offer q (L19): one good (if q has room) or one Equipment/Crew card from p's ship."""
    out: list[Action] = []
    if sum(s.cargo[q]) < cargo_limit(s, q):
        out.extend(A.GIVE_GOOD[g] for g in range(NGOODS) if s.cargo[p][g] > 0)
    room = cargo_limit(s, p) - sum(s.cargo[p])
    seen: list[int] = []
    for c in s.ship[p]:
        ti = TYPE[c]
        t = CT[ti]
        if ti in seen or ti not in A.GIVE_CARD or t.mod("cargo") > room:
            continue
        seen.append(ti)
        if t.kind in ("upgrade", "crew") and has_type(s.ship[q], ti):
            continue
        out.append(A.GIVE_CARD[ti])
    return out


def legal_offer(s: S, f: list[int]) -> list[Action]:
    q, stage = f[1], f[2]
    if stage == 0:
        return offer_items(s, s.active, q) + [A.CANCEL]
    if stage == 1:
        return [A.PRICE[n] for n in A.PRICES if s.credits[q] >= n] + [A.CANCEL]
    return [A.ACCEPT, A.DECLINE]


def apply_offer(s: S, f: list[int], a: Action) -> None:
    p, q = s.active, f[1]
    if a.kind == "cancel" or a.kind == "decline":
        s.stack.pop()
        s.emit("L19", "offer_off", p, q)
        return
    if a.kind == "give":
        arg = str(a.args[0])
        f[3] = CONTENT_GOOD[arg] if arg in CONTENT_GOOD else 100 + A.SLUGS.index(arg)
        f[2] = 1
        return
    if a.kind == "price":
        f[4] = int(a.args[0])
        f[2] = 2
        s.emit("L19", "offer", p, q, str(f[3]), f[4])
        return
    s.stack.pop()
    item, price = f[3], f[4]
    s.credits[q] -= price
    s.credits[p] += price
    if item < 100:
        s.cargo[p][item] -= 1
        s.cargo[q][item] += 1
    else:
        s.ship[q].append(take_from(s.ship[p], item - 100))
    s.emit("L19", "deal", p, q, price)


def offer_info(s: S) -> dict[str, Any] | None:
    """A Player vs Player offer on the table (public: both ships share a Space)."""
    if not s.stack or s.stack[-1][0] != OFFER:
        return None
    f = s.stack[-1]
    item: str | None = None
    if f[3] >= 100:
        item = CT[f[3] - 100].slug
    elif f[3] >= 0:
        item = ("ore", "supplies", "parts", "medicine", "luxury", "contraband")[f[3]]
    return {"from": s.active, "to": f[1], "item": item, "price": f[4] if f[2] == 2 else None}


def legal_loot(s: S, f: list[int]) -> list[Action]:
    w, lo = f[1], f[2]
    out = []
    room = cargo_limit(s, w) - sum(s.cargo[w])
    if room > 0:
        out = [A.LOOT[g] for g in range(NGOODS) if s.cargo[lo][g] > 0]
    if s.hand[lo] and len(s.hand[w]) < HAND_LIMIT:
        out.append(A.LOOT_CARD)
    return out + [A.DONE]
