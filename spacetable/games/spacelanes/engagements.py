"""Space Lanes engagements: a Hazard on the active ship's Lane starts one (L14); the player chooses Win
or Escape and rolls 2d6 (L15), or Parlays (L16); Missiles and Countermeasures form chains that cancel
each other (L17), and other players may play Countermeasures into the engagement (L17); a won engagement
pays its Bounty (L18). Before and after the roll the engaged player may play any card it could play
("Unless otherwise noted, Action Cards can be played by anyone at any time"), use a repair, and use
reusable cards (Decoy Drones: an automatic Escape; Targeting Computer: roll again).

Project ruling (docs/spacelanes-design.md): the modifiers of a roll are those of the ship when the dice
are rolled ("roll two dice and add any modifiers from your Equipment"); an Upgrade played after the roll
counts from the next roll on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spacetable.engine.action import Action
from spacetable.games.spacelanes import actions as A
from spacetable.games.spacelanes.board import NLANES
from spacetable.games.spacelanes.card_play import engagement_plays, play_card, unused, use_stored
from spacetable.games.spacelanes.common import CT, TYPE, has_type, mod, take_from, take_from_hand
from spacetable.games.spacelanes.content import CONTRABAND, NGOODS
from spacetable.games.spacelanes.frames import (
    AFTER_ESCAPE,
    AFTER_ROLL,
    CHAIN,
    CHOOSE,
    ENGAGE,
    ESCAPE,
    PARLAY_PATROL,
    PARLAY_PIRATES,
    ROLLING,
    WIN,
    push_window,
)
from spacetable.games.spacelanes.trade import sell
from spacetable.games.spacelanes.travel import land

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

TOLL = 500
CONTRABAND_FEE = 200
PIRATE_FENCE = 1000


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


def _failed(s: S, f: list[int]) -> bool:
    card = CT[TYPE[f[2]]]
    return f[5] + f[6] < (card.win if f[4] == WIN else card.escape)


def _contraband_transport(s: S, p: int) -> bool:
    return any(CT[TYPE[c]].contraband for c, _ in s.transports[p])


def parlay_fee(s: S, p: int) -> int:
    if mod(s, p, "hidden_hold"):
        return 0
    return CONTRABAND_FEE * s.cargo[p][CONTRABAND]


def toll(s: S, p: int) -> int:
    return max(0, TOLL - mod(s, p, "parlay_discount"))


def legal_engage(s: S, f: list[int]) -> list[Action]:
    p = s.active
    stage = f[3]
    card = CT[TYPE[f[2]]]
    out: list[Action] = []
    if stage == CHOOSE:
        out = [A.ENGAGE_WIN, A.ENGAGE_ESCAPE]
        if card.kind == "pirates":
            if s.pirate[p] > 0:
                out.append(A.PARLAY_FACTION)
        elif not _contraband_transport(s, p):  # L16: no Parlay with a Contraband Transport aboard
            fee = parlay_fee(s, p)
            if s.union[p] > 0 and s.credits[p] >= fee:
                out.append(A.PARLAY_FACTION)
            if s.credits[p] >= fee + toll(s, p):
                out.append(A.PARLAY_TOLL)
        out.extend(A.USE[ti] for ti in counter_types(s, p, "missiles"))
        out.extend(A.USE[ti] for ti in counter_types(s, p, "countermeasures"))
        return out + engagement_plays(s, p)
    if stage == AFTER_ROLL:
        out = [A.ACCEPT]
        if _failed(s, f):
            out.extend(A.USE[ti] for ti in counter_types(s, p, "missiles"))
            out.extend(A.USE[ti] for ti in counter_types(s, p, "countermeasures"))
            if not s.damaged[p]:
                out.extend(A.USE[ti] for ti in unused(s, p, "reroll"))
        elif f[4] == ESCAPE:  # L15: a made Escape may still be turned into a Win by Missiles
            out.extend(A.USE[ti] for ti in counter_types(s, p, "missiles"))
        return out + engagement_plays(s, p)
    relocs = [A.RELOCATE[ls] for ls in range(NLANES) if s.hostile[ls] < 0]
    if stage == AFTER_ESCAPE:
        return [A.KEEP] + relocs
    if stage == PARLAY_PIRATES and s.cargo[p][CONTRABAND] > 0:
        out.append(A.FENCE)
    # Parlay: "You may choose to Discard the Pirates card or move it to another space" (the Patrol
    # text says the same): "may", so leaving the card where it is (`keep`) is allowed too.
    return out + [A.DISMISS, A.KEEP] + relocs


def begin_engagement(s: S, p: int, ls: int) -> None:
    cid = s.hostile[ls]
    s.engaged[p] = cid
    s.stack.append([ENGAGE, ls, cid, CHOOSE, -1, 0, 0])
    s.emit("L14", "engage", p, CT[TYPE[cid]].name, ls)
    push_window(s)


def apply_engage(s: S, f: list[int], a: Action) -> None:
    p = s.active
    kind = a.kind
    card = CT[TYPE[f[2]]]
    ls = f[1]
    if kind == "engage":
        f[4] = WIN if a.args[0] == "win" else ESCAPE
        f[3] = ROLLING
        s.emit("L15", "choose", p, a.args[0])
    elif kind == "roll":
        f[5] = int(a.args[0])
        f[6] = mod(s, p, "win" if f[4] == WIN else "escape")  # the modifiers count as the dice are rolled
        f[3] = AFTER_ROLL
        s.emit("L15", "roll", p, f[5], f[6])
        push_window(s)
    elif kind == "accept":
        if _failed(s, f):
            _lose(s, f)
        else:
            (_win if f[4] == WIN else _escape)(s, f)
    elif kind == "use":
        ti = A.SLUGS.index(str(a.args[0]))
        t = CT[ti]
        if t.kind in ("missiles", "countermeasures") or t.use == "escape":
            add_chain(s, p, ti)
            s.stack.append([CHAIN, 0, -1])
        elif t.use == "reroll":  # Targeting Computer: Used, the dice are rolled again
            s.marks[next(c for c in s.ship[p] if TYPE[c] == ti and not s.marks[c])] = s.turns
            f[3] = ROLLING
            s.emit("Reusable cards", "reroll", p, t.name)
        else:  # a stored or reusable repair
            use_stored(s, p, ti)
    elif kind == "play":
        play_card(s, p, A.SLUGS.index(str(a.args[0])))
    elif kind == "parlay":
        if card.kind == "pirates":
            s.pirate[p] -= 1
            f[3] = PARLAY_PIRATES
        else:
            fee = parlay_fee(s, p)
            if a.args[0] == "faction":
                s.union[p] -= 1
            else:
                fee += toll(s, p)
            s.credits[p] -= fee
            f[3] = PARLAY_PATROL
        s.emit("L16", "parlay", p, card.name, a.args[0])
    elif kind == "fence":
        sell(s, p, CONTRABAND, PIRATE_FENCE + mod(s, p, "sell_bonus"))
    elif kind == "keep":
        s.stack.pop()
    elif kind == "dismiss":
        s.stack.pop()
        _discard_hostile(s, ls)
    elif kind == "relocate":
        s.stack.pop()
        to = int(a.args[0])
        s.hostile[to] = s.hostile[ls]
        s.bounty[to] = s.bounty[ls]
        s.hostile[ls] = -1
        s.bounty[ls] = -1
        s.emit("L16", "relocate", p, card.name, to)


def _discard_hostile(s: S, ls: int) -> None:
    cid = s.hostile[ls]
    for q in range(s.n):  # L14: if this card is ever played again it is a new event to engage
        if s.engaged[q] == cid:
            s.engaged[q] = -1
    s.discard.append(cid)
    s.hostile[ls] = -1
    if s.bounty[ls] >= 0:
        s.discard.append(s.bounty[ls])
        s.bounty[ls] = -1


def _win(s: S, f: list[int]) -> None:
    p = s.active
    ls = f[1]
    card = CT[TYPE[f[2]]]
    s.stack.pop()
    s.emit("L16", "win", p, card.name)
    if card.kind == "pirates":
        s.pirates_won[p] += 1
    b = s.bounty[ls]
    if b >= 0:
        bt = CT[TYPE[b]]
        pay = bt.reward + mod(s, p, "bounty_bonus")
        s.credits[p] += pay
        if card.kind == "pirates":  # L18: the opposite faction
            s.union[p] += bt.faction
        else:
            s.pirate[p] += bt.faction
        s.bounties[p] += 1
        s.emit("L18", "bounty", p, bt.name, pay, bt.faction)
    _discard_hostile(s, ls)


def _escape(s: S, f: list[int]) -> None:
    f[3] = AFTER_ESCAPE
    s.emit("L16", "escape", s.active, CT[TYPE[f[2]]].name)


def _lose(s: S, f: list[int]) -> None:
    p = s.active
    card = CT[TYPE[f[2]]]
    s.stack.pop()
    s.damaged[p] = True
    s.travel_state = 2
    if card.kind == "pirates":
        s.cargo[p] = [0] * NGOODS
        for cid, _ in s.transports[p]:
            s.discard.append(cid)
        s.transports[p] = []
        s.emit("L16", "lose_pirates", p, card.name)
    else:
        if not mod(s, p, "hidden_hold"):
            s.cargo[p][CONTRABAND] = 0
        keep = []
        for tr in s.transports[p]:
            if CT[TYPE[tr[0]]].contraband:
                s.discard.append(tr[0])
            else:
                keep.append(tr)
        s.transports[p] = keep
        s.emit("L16", "lose_patrol", p, card.name, s.last_landed[p])
        land(s, p, s.last_landed[p])


def add_chain(s: S, q: int, ti: int) -> None:
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


def next_responder(s: S, f: list[int]) -> int:
    top_cid, top_p = s.chain[-1]
    want = "countermeasures" if CT[TYPE[top_cid]].kind == "missiles" else "missiles"
    for i in range(1, s.n + 1):
        q = (s.active + i) % s.n
        if q == top_p or f[1] >> q & 1:
            continue
        if counter_types(s, q, want):
            return q
    return -1


def resolve_chain(s: S) -> None:
    """L17: last played first; each card cancels the one below, so the first stands iff the chain is odd."""
    n = len(s.chain)
    first = CT[TYPE[s.chain[0][0]]].kind
    s.chain = []
    if n % 2 == 0:
        s.emit("L17", "cancelled")
        return
    # the chain may have begun in a response window above the engagement (L17): the window closes
    i = max(j for j, fr in enumerate(s.stack) if fr[0] == ENGAGE)
    del s.stack[i + 1:]
    f = s.stack[i]
    if first == "missiles":
        _win(s, f)
    else:
        _escape(s, f)


def engagement_info(s: S) -> dict[str, Any] | None:
    for f in reversed(s.stack):
        if f[0] == ENGAGE:
            card = CT[TYPE[f[2]]]
            p = s.active
            wm, em = mod(s, p, "win"), mod(s, p, "escape")
            rolled = f[3] >= AFTER_ROLL
            return {"player": p, "lane": f[1], "card": card.slug, "name": card.name, "kind": card.kind,
                    "win": card.win, "escape": card.escape, "win_mod": wm, "escape_mod": em,
                    "win_odds": odds(card.win - wm), "escape_odds": odds(card.escape - em),
                    "choice": ["win", "escape"][f[4]] if f[4] >= 0 else None,
                    "roll": f[5] if rolled else None, "roll_mod": f[6] if rolled else None,
                    "bounty": CT[TYPE[s.bounty[f[1]]]].slug if s.bounty[f[1]] >= 0 else None}
    return None


def odds(need: int) -> float:
    """Chance that 2d6 meets or beats `need`."""
    return sum(6 - abs(n - 7) for n in range(2, 13) if n >= need) / 36


def legal_chain(s: S, f: list[int]) -> list[Action]:
    """The responder may answer the top card of the chain with the opposite kind, or pass (L17)."""
    q = f[2]
    top = CT[TYPE[s.chain[-1][0]]]
    want = "countermeasures" if top.kind == "missiles" else "missiles"
    out = [A.USE[ti] for ti in counter_types(s, q, want)]
    return out + [A.PASS]


def apply_chain(s: S, f: list[int], a: Action) -> None:
    if a.kind == "pass":
        f[1] |= 1 << f[2]
    else:
        add_chain(s, f[2], A.SLUGS.index(str(a.args[0])))
        f[1] = 0
