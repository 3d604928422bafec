"""Space Lanes Player vs Player (L19, the "pvp" mode): attacks between ships on the same Space with
opposed 2d6 rolls, the winner's loot, and trades between the two captains.

Rulebook, Player vs Player Mode: "Players who encounter each other may trade equipment, crew, etc.
Additionally, players can start an Engagement with each other! [...] The losing ship is damaged, and the
winning player can take any Goods or Action Cards they wish from the loser."

Trade (project ruling "PvP trade", docs/spacelanes-design.md): the active player opens a trade with a ship
in its Space (at most `MAX_OFFERS` a turn). A proposal is built one small step at a time by the captain
whose turn it is to propose: `give`/`give_hand`/`pay` add what the proposer hands over (goods, ship cards,
hand cards, credits), `ask`/`ask_kind` + `ask_hand`/`charge` what it wants back; `propose` sends it. The
other captain accepts, declines (the trade ends) or counters (it builds a new proposal in the other
direction). At most `MAX_ROUNDS` proposals per trade, so the game tree stays finite. Proposals are public
(both ships share a Space, as the old offers did).

Frame ``[OFFER, other seat, stage, round, proposer, kind, give credits, ask credits, 6 give goods, 6 ask
goods, item...]``; an item is ``side * 1000 + where * 100 + card type`` (side 0 given by the proposer,
1 asked of the other; where 0 hand, 1 ship).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spacetable.engine.action import Action
from spacetable.games.spacelanes import actions as A
from spacetable.games.spacelanes.common import (
    CT,
    HAND_LIMIT,
    TYPE,
    cargo_limit,
    forget,
    mod,
    take_from,
    take_from_hand,
)
from spacetable.games.spacelanes.content import GOODS, NGOODS
from spacetable.games.spacelanes.frames import LOOT, OFFER

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

MAX_OFFERS = 2
"""Player vs Player trades a captain may open per turn (keeps a turn finite)."""
MAX_ROUNDS = 3
"""Proposals in one trade: the opening one and at most two counters (keeps a trade finite)."""

# offer frame layout
O_OTHER, O_STAGE, O_ROUND, O_PROP, O_KIND, O_GCR, O_ACR, O_GG, O_AG, O_ITEMS = 1, 2, 3, 4, 5, 6, 7, 8, 14, 20
BUILD, PICK, ANSWER = 0, 1, 2
HAND, SHIP = 0, 1
GIVE, ASK = 0, 1
assert len(CT) <= 100, "an item code keeps the card type in its last two digits (100 cards, L13)"


# ----- combat ------------------------------------------------------------------------------------
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
    _saw_hand(s, w, lo)


def _saw_hand(s: S, w: int, lo: int) -> None:
    """The winner looks through the loser's hand to choose its loot ("any Goods or Action Cards they
    wish"): from now on w knows every card in it (`S.known`). An entry w held on a card that may be in
    lo's hand gives way to the card seen there."""
    bit, lob = 1 << w, 1 << lo
    known = list(s.known)
    add = []
    for c in s.hand[lo]:
        t = TYPE[c]
        mine = [i for i, (hs, x, m) in enumerate(known) if m & bit and hs & lob and TYPE[x] == t]
        if mine:
            i = min(mine, key=lambda i: known[i][0].bit_count())  # the entry this card answers
            hs, x, m = known[i]
            known[i] = (hs, x, m & ~bit)
        add.append((lob, c, bit))
    s.known = (*(e for e in known if e[2]), *add)


def legal_loot(s: S, f: list[int]) -> list[Action]:
    """L19: "the winning player can take any Goods or Action Cards they wish from the loser": one good or
    one hand card (of the winner's choosing; the winner sees the loser's hand) at a time, then `done`."""
    w, lo = f[1], f[2]
    out = []
    room = cargo_limit(s, w) - sum(s.cargo[w])
    if room > 0:
        out = [A.LOOT[g] for g in range(NGOODS) if s.cargo[lo][g] > 0]
    if s.hand[lo] and len(s.hand[w]) < HAND_LIMIT:
        out.extend(A.LOOT_TYPE[t] for t in sorted({TYPE[c] for c in s.hand[lo]}))
    return out + [A.DONE]


def apply_loot(s: S, f: list[int], a: Action) -> None:
    w, lo = f[1], f[2]
    if a.kind == "done":
        s.stack.pop()
        return
    arg = str(a.args[0])
    if arg in GOODS:
        g = GOODS.index(arg)
        s.cargo[lo][g] -= 1
        s.cargo[w][g] += 1
        s.emit("L19", "loot", w, lo, arg)
        return
    cid = take_from(s.hand[lo], A.SLUGS.index(arg))
    s.hand[w].append(cid)
    _loot_known(s, w, lo, cid)
    s.emit("L19", "loot_card", w, lo)


def _loot_known(s: S, w: int, lo: int, cid: int) -> None:
    """What each seat knows after a hand card went from `lo` to `w` (L19, `S.known`).

    w and lo saw the card: both count one fewer of its type in lo's hand, and lo now knows w holds it.
    The other seats did not see which card moved: every card they knew to be in lo's hand may now be
    in w's, so their entries on lo's hand widen to lo's or w's."""
    both = 1 << w | 1 << lo
    if s.known:
        forget(s, lo, TYPE[cid], both)
        wide: list[tuple[int, int, int]] = []
        out: list[tuple[int, int, int]] = []
        for hs, x, m in s.known:
            third = m & ~both
            if hs >> lo & 1 and third and not hs >> w & 1:
                wide.append((hs | 1 << w, x, third))
                m &= both
                if not m:
                    continue
            out.append((hs, x, m))
        s.known = (*out, *wide)
    s.known = (*s.known, (1 << w, cid, 1 << lo))


def loot_hand(s: S, seat: int | None) -> list[str] | None:
    """The loser's hand as the looting winner sees it (sorted, so that `determinize` keeps the view)."""
    if seat is None or not s.stack or s.stack[-1][0] != LOOT or s.stack[-1][1] != seat:
        return None
    return sorted(CT[TYPE[c]].slug for c in s.hand[s.stack[-1][2]])


def loot_shown(s: S, seat: int) -> int:
    """The seat whose whole hand `seat` is looking through (a Loot it decides), or -1."""
    if s.stack and s.stack[-1][0] == LOOT and s.stack[-1][1] == seat:
        return s.stack[-1][2]
    return -1


# ----- trade -------------------------------------------------------------------------------------
def open_offer(s: S, q: int) -> None:
    """The active player opens a trade with q (its first proposal follows)."""
    s.offers += 1
    s.stack.append([OFFER, q, BUILD, 0, s.active, -1, 0, 0] + [0] * (2 * NGOODS))
    s.emit("L19", "offer_open", s.active, q)


def parties(s: S, f: list[int]) -> tuple[int, int]:
    """(proposer, the other captain) of an offer frame."""
    p = f[O_PROP]
    return p, (f[O_OTHER] if p == s.active else s.active)


def offer_player(s: S, f: list[int]) -> int:
    p, o = parties(s, f)
    return o if f[O_STAGE] == ANSWER else p


def offer_decision(f: list[int]) -> str:
    return ("pvp.propose", "pvp.pick", "pvp.answer")[f[O_STAGE]]


def _count(f: list[int], code: int) -> int:
    return sum(1 for x in f[O_ITEMS:] if x == code)


def _empty(f: list[int]) -> bool:
    return not (f[O_GCR] or f[O_ACR] or any(f[O_GG:O_ITEMS]) or len(f) > O_ITEMS)


def legal_offer(s: S, f: list[int]) -> list[Action]:
    p, o = parties(s, f)
    stage = f[O_STAGE]
    if stage == ANSWER:
        out = [A.ACCEPT] if not _empty(f) and feasible(s, f) else []
        out.append(A.DECLINE)
        if f[O_ROUND] < MAX_ROUNDS - 1:
            out.append(A.COUNTER)
        return out
    if stage == PICK:  # which card of the chosen kind to ask for (the other's hand is hidden)
        k = A.TRADE_KINDS[f[O_KIND]]
        return [A.ASK_HAND[t.index] for t in CT if t.kind == k] + [A.CANCEL]
    out = []
    for g in range(NGOODS):
        if s.cargo[p][g] > f[O_GG + g]:
            out.append(A.GIVE_GOOD[g])
    out.extend(_card_steps(s, f, p, GIVE, SHIP, A.GIVE_CARD))
    out.extend(_card_steps(s, f, p, GIVE, HAND, dict(enumerate(A.GIVE_HAND))))
    out.extend(A.PAY[n] for n in A.CREDIT_STEPS if s.credits[p] >= f[O_GCR] + n)
    for g in range(NGOODS):
        if s.cargo[o][g] > f[O_AG + g]:
            out.append(A.ASK_GOOD[g])
    out.extend(_card_steps(s, f, o, ASK, SHIP, A.ASK_SHIP))
    asked = sum(1 for x in f[O_ITEMS:] if x // 100 == ASK * 10 + HAND)
    if len(s.hand[o]) > asked:  # only the hand size is public, so any kind may be asked for
        out.extend(A.ASK_KIND.values())
    out.extend(A.CHARGE[n] for n in A.CREDIT_STEPS if s.credits[o] >= f[O_ACR] + n)
    if not _empty(f) or f[O_ROUND] == 0:  # an empty first proposal asks the other to propose
        out.append(A.PROPOSE)
    out.append(A.CANCEL)
    return out


def _card_steps(s: S, f: list[int], holder: int, side: int, where: int,
                table: dict[int, Action]) -> list[Action]:
    pile = s.hand[holder] if where == HAND else s.ship[holder]
    counts: dict[int, int] = {}
    for c in pile:
        counts[TYPE[c]] = counts.get(TYPE[c], 0) + 1
    base = side * 1000 + where * 100
    return [table[t] for t in sorted(counts) if t in table and counts[t] > _count(f, base + t)]


def feasible(s: S, f: list[int]) -> bool:
    """Can the exchange be carried out: the other holds the hand cards asked for, and afterwards both
    ships keep their cargo within their holds (L5), hands within the limit of 10, and at most one of each
    Upgrade and Crew (L12)."""
    p, o = parties(s, f)
    for x in f[O_ITEMS:]:
        if x // 100 == ASK * 10 + HAND and sum(1 for c in s.hand[o] if TYPE[c] == x % 100) < _count(f, x):
            return False
    for me, mine, yours in ((p, GIVE, ASK), (o, ASK, GIVE)):
        ship = [TYPE[c] for c in s.ship[me]]
        for x in f[O_ITEMS:]:
            side, where, t = x // 1000, x // 100 % 10, x % 100
            if where != SHIP:
                continue
            if side == mine:
                ship.remove(t)
            elif side == yours:
                ship.append(t)
        for t in set(ship):
            if CT[t].kind in ("upgrade", "crew") and ship.count(t) > 1:
                return False
        limit = cargo_limit(s, me) - mod(s, me, "cargo") + sum(CT[t].mod("cargo") for t in ship)
        go = O_GG if mine == GIVE else O_AG
        come = O_AG if mine == GIVE else O_GG
        if sum(s.cargo[me]) - sum(f[go:go + NGOODS]) + sum(f[come:come + NGOODS]) > limit:
            return False
        cards = sum(1 for x in f[O_ITEMS:] if x // 100 % 10 == HAND and x // 1000 == yours) - sum(
            1 for x in f[O_ITEMS:] if x // 100 % 10 == HAND and x // 1000 == mine)
        if len(s.hand[me]) + cards > HAND_LIMIT:
            return False
    return True


def apply_offer(s: S, f: list[int], a: Action) -> None:
    p, o = parties(s, f)
    k = a.kind
    if f[O_STAGE] == PICK:
        f[O_STAGE] = BUILD
        if k == "ask_hand":
            f.append(ASK * 1000 + HAND * 100 + A.SLUGS.index(str(a.args[0])))
        return
    if k in ("cancel", "decline"):
        s.stack.pop()
        s.emit("L19", "offer_off", p, o)
    elif k == "give":
        arg = str(a.args[0])
        if arg in GOODS:
            f[O_GG + GOODS.index(arg)] += 1
        else:
            f.append(GIVE * 1000 + SHIP * 100 + A.SLUGS.index(arg))
    elif k == "give_hand":
        f.append(GIVE * 1000 + HAND * 100 + A.SLUGS.index(str(a.args[0])))
    elif k == "pay":
        f[O_GCR] += int(a.args[0])
    elif k == "ask":
        arg = str(a.args[0])
        if arg in GOODS:
            f[O_AG + GOODS.index(arg)] += 1
        else:
            f.append(ASK * 1000 + SHIP * 100 + A.SLUGS.index(arg))
    elif k == "ask_kind":
        f[O_KIND] = A.TRADE_KINDS.index(str(a.args[0]))
        f[O_STAGE] = PICK
    elif k == "charge":
        f[O_ACR] += int(a.args[0])
    elif k == "propose":
        f[O_STAGE] = ANSWER
        s.emit("L19", "propose", p, o, summary(f))
    elif k == "counter":
        f[O_ROUND] += 1
        f[O_PROP] = o
        f[O_STAGE] = BUILD
        del f[O_ITEMS:]
        f[O_GCR:O_ITEMS] = [0] * (O_ITEMS - O_GCR)
        s.emit("L19", "counter", o, p)
    else:  # accept
        s.stack.pop()
        _exchange(s, f, p, o)
        s.emit("L19", "deal", p, o, summary(f))


def _exchange(s: S, f: list[int], p: int, o: int) -> None:
    s.credits[p] += f[O_ACR] - f[O_GCR]
    s.credits[o] += f[O_GCR] - f[O_ACR]
    for g in range(NGOODS):
        s.cargo[p][g] += f[O_AG + g] - f[O_GG + g]
        s.cargo[o][g] += f[O_GG + g] - f[O_AG + g]
    moved: list[tuple[int, int, int]] = []  # (card id, to, where)
    for x in f[O_ITEMS:]:
        side, where, t = x // 1000, x // 100 % 10, x % 100
        frm, to = (p, o) if side == GIVE else (o, p)
        cid = take_from(s.ship[frm], t) if where == SHIP else take_from_hand(s, frm, t)
        moved.append((cid, to, where))
    everyone = (1 << s.n) - 1
    for cid, to, where in moved:
        if where == SHIP:
            s.ship[to].append(cid)
        else:  # handed over face up in a public deal: every seat knows where it went
            s.hand[to].append(cid)
            s.known = (*s.known, (1 << to, cid, everyone))


def _side(f: list[int], side: int) -> dict[str, Any]:
    go = O_GG if side == GIVE else O_AG
    return {"credits": f[O_GCR if side == GIVE else O_ACR],
            "goods": {GOODS[g]: f[go + g] for g in range(NGOODS) if f[go + g]},
            "ship": [CT[x % 100].slug for x in f[O_ITEMS:] if x // 1000 == side and x // 100 % 10 == SHIP],
            "hand": [CT[x % 100].slug for x in f[O_ITEMS:] if x // 1000 == side and x // 100 % 10 == HAND]}


def _words(d: dict[str, Any]) -> str:
    parts = [f"{d['credits']} credits"] if d["credits"] else []
    parts += [f"{k} {g}" for g, k in d["goods"].items()]
    parts += d["ship"] + [f"{c} (hand)" for c in d["hand"]]
    return ", ".join(parts) or "nothing"


def summary(f: list[int]) -> str:
    """One line: what the proposer gives and what it asks for."""
    return f"gives {_words(_side(f, GIVE))}; asks {_words(_side(f, ASK))}"


def offer_info(s: S) -> dict[str, Any] | None:
    """The trade on the table (public: both ships share a Space)."""
    if not s.stack or s.stack[-1][0] != OFFER:
        return None
    f = s.stack[-1]
    p, o = parties(s, f)
    return {"from": p, "to": o, "round": f[O_ROUND], "stage": offer_decision(f).split(".")[1],
            "give": _side(f, GIVE), "ask": _side(f, ASK), "text": summary(f)}


def offer_shown(f: list[int]) -> tuple[int, list[int]]:
    """(proposer, types of the hand cards it has put into the proposal): on show, so `determinize`
    keeps them in its hand."""
    return f[O_PROP], [x % 100 for x in f[O_ITEMS:] if x // 100 == GIVE * 10 + HAND]
