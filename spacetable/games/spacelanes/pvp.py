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

The frames: `CombatFrame` (the two rolls of an attack), `LootFrame` (the winner takes loot) and
`OfferFrame` (a trade being built, a hand card's kind being picked, or a proposal being answered; each
card in a proposal is an `Item`).
"""
from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from spacetable.engine.action import Action
from spacetable.engine.state import CHANCE
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
from spacetable.games.spacelanes.content_types import GOODS, NGOODS
from spacetable.games.spacelanes.frames import SpaceLanesFrame

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState as S

MAX_OFFERS = 2
"""Player vs Player trades a captain may open per turn (keeps a turn finite)."""
MAX_ROUNDS = 3
"""Proposals in one trade: the opening one and at most two counters (keeps a trade finite)."""


class CombatStage(IntEnum):
    """Whose roll an attack waits for (`CombatFrame.stage`)."""

    ATTACKER = 0
    DEFENDER = 1


class OfferStage(IntEnum):
    """Where a trade stands (`OfferFrame.stage`)."""

    BUILD = 0
    """The proposer adds what it gives and what it asks for, then sends the proposal (or withdraws)."""
    PICK = 1
    """The proposer picks which card of the kind it asked for it wants from the other's hand."""
    ANSWER = 2
    """The other captain accepts, declines or counters."""


class Side(IntEnum):
    """Who hands a card over if the proposal is accepted."""

    GIVE = 0
    """The proposer."""
    ASK = 1
    """The other captain (the proposer asks for the card)."""


class Where(IntEnum):
    """Where a card of a proposal is."""

    HAND = 0
    SHIP = 1


class Item(NamedTuple):
    """One card in a proposal: who hands it over, from hand or ship, and its card type."""

    side: Side
    where: Where
    card: int


OFFER_DECISIONS = {OfferStage.BUILD: "pvp.propose", OfferStage.PICK: "pvp.pick",
                   OfferStage.ANSWER: "pvp.answer"}
"""The decision's name at each stage of a trade (`OfferFrame.decision`)."""


# ----- combat ------------------------------------------------------------------------------------
class CombatFrame(SpaceLanesFrame):
    """An attack (L19): the attacker (the active captain), then the defender roll 2d6 (chance steps),
    each adding its Win modifiers; a tie rolls again; the loser is Damaged and the winner loots."""

    __slots__ = ("defender", "stage", "attacker_roll", "defender_roll")
    name: ClassVar[str] = "pvp.roll"

    def __init__(self, defender: int = 0, stage: CombatStage = CombatStage.ATTACKER, attacker_roll: int = 0,
                 defender_roll: int = 0) -> None:
        self.defender = defender
        self.stage = stage
        self.attacker_roll = attacker_roll
        self.defender_roll = defender_roll

    def copy(self) -> CombatFrame:
        return CombatFrame(self.defender, self.stage, self.attacker_roll, self.defender_roll)

    def current_player(self, s: S) -> int:
        return CHANCE

    def public(self) -> dict[str, Any]:
        return {"defender": self.defender,
                "attacker_roll": self.attacker_roll if self.stage == CombatStage.DEFENDER else None}

    def legal(self, s: S) -> list[Action]:
        return A.ROLLS

    def apply(self, s: S, a: Action) -> None:
        roll = int(a.args[0])
        if self.stage == CombatStage.ATTACKER:
            self.attacker_roll = roll
            self.stage = CombatStage.DEFENDER
            return
        self.defender_roll = roll
        at = s.active
        d = self.defender
        ta = self.attacker_roll + mod(s, at, "win")
        td = self.defender_roll + mod(s, d, "win")
        s.emit("L19", "pvp_roll", at, ta, d, td)
        if ta == td:
            self.stage = CombatStage.ATTACKER
            return
        s.stack.pop()
        w, lo = (at, d) if ta > td else (d, at)
        s.damaged[lo] = True
        s.stack.append(LootFrame(w, lo))
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


class LootFrame(SpaceLanesFrame):
    """L19: "the winning player can take any Goods or Action Cards they wish from the loser": one good or
    one hand card at a time, then `done`. The winner looks through the loser's hand to choose (its
    `private` view)."""

    __slots__ = ("winner", "loser")
    name: ClassVar[str] = "pvp.loot"

    def __init__(self, winner: int = 0, loser: int = 0) -> None:
        self.winner = winner
        self.loser = loser

    def copy(self) -> LootFrame:
        return LootFrame(self.winner, self.loser)

    def current_player(self, s: S) -> int:
        return self.winner

    def public(self) -> dict[str, Any]:
        return {"winner": self.winner, "loser": self.loser}

    def private(self, s: S) -> dict[str, Any]:
        """The loser's hand as the winner sees it (sorted, so that `determinize` keeps the view)."""
        return {"loot_hand": sorted(CT[TYPE[c]].slug for c in s.hand[self.loser])}

    def legal(self, s: S) -> list[Action]:
        w, lo = self.winner, self.loser
        out = []
        room = cargo_limit(s, w) - sum(s.cargo[w])
        if room > 0:
            out = [A.LOOT[g] for g in range(NGOODS) if s.cargo[lo][g] > 0]
        if s.hand[lo] and len(s.hand[w]) < HAND_LIMIT:
            out.extend(A.LOOT_TYPE[t] for t in sorted({TYPE[c] for c in s.hand[lo]}))
        return out + [A.DONE]

    def apply(self, s: S, a: Action) -> None:
        w, lo = self.winner, self.loser
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


def loot_shown(s: S, seat: int) -> int:
    """The seat whose whole hand `seat` is looking through (a Loot it decides), or -1."""
    top = s.stack[-1] if s.stack else None
    if isinstance(top, LootFrame) and top.winner == seat:
        return top.loser
    return -1


# ----- trade -------------------------------------------------------------------------------------
def open_offer(s: S, q: int) -> None:
    """The active player opens a trade with q (its first proposal follows)."""
    s.offers += 1
    s.stack.append(OfferFrame(s.active, q))
    s.emit("L19", "offer_open", s.active, q)


class OfferFrame(SpaceLanesFrame):
    """A Player vs Player trade (L19; the module docstring): the proposal being built (what the proposer
    gives and what it asks for), then answered, for at most `MAX_ROUNDS` proposals."""

    __slots__ = ("opener", "other", "stage", "round", "proposer", "kind", "give_credits", "ask_credits",
                 "give_goods", "ask_goods", "items", "dropped")

    def __init__(self, opener: int = 0, other: int = 0, stage: OfferStage = OfferStage.BUILD, rnd: int = 0,
                 proposer: int = -1, kind: int = -1, give_credits: int = 0, ask_credits: int = 0,
                 give_goods: list[int] | None = None, ask_goods: list[int] | None = None,
                 items: list[Item] | None = None, dropped: int = 0) -> None:
        self.opener = opener
        """The active captain, who opened the trade."""
        self.other = other
        """The captain it trades with."""
        self.stage = stage
        self.round = rnd
        """Proposals made before this one (0: the opening one)."""
        self.proposer = opener if proposer < 0 else proposer
        """The captain making the proposal on the table (the roles swap at a counter)."""
        self.kind = kind
        """The card kind asked for at `OfferStage.PICK` (an index into `actions.TRADE_KINDS`)."""
        self.give_credits = give_credits
        self.ask_credits = ask_credits
        self.give_goods: list[int] = [0] * NGOODS if give_goods is None else give_goods
        """Units of each good the proposer gives."""
        self.ask_goods: list[int] = [0] * NGOODS if ask_goods is None else ask_goods
        """Units of each good the proposer asks for."""
        self.items: list[Item] = [] if items is None else items
        """The cards of the proposal, in the order they were added."""
        self.dropped = dropped
        """Card kinds asked for and then canceled at `OfferStage.PICK` since the last other step (bit
        i: `actions.TRADE_KINDS[i]`): not offered again until then, so ask-and-cancel is not an endless
        loop of free decisions."""

    def copy(self) -> OfferFrame:
        return OfferFrame(self.opener, self.other, self.stage, self.round, self.proposer, self.kind,
                          self.give_credits, self.ask_credits, self.give_goods.copy(), self.ask_goods.copy(),
                          self.items.copy(), self.dropped)

    def parties(self) -> tuple[int, int]:
        """(proposer, the other captain)."""
        p = self.proposer
        return p, (self.other if p == self.opener else self.opener)

    def current_player(self, s: S) -> int:
        p, o = self.parties()
        return o if self.stage == OfferStage.ANSWER else p

    def decision(self) -> str:
        return OFFER_DECISIONS[self.stage]

    def public(self) -> dict[str, Any]:
        """The trade on the table (public: both ships share a Space)."""
        p, o = self.parties()
        return {"from": p, "to": o, "round": self.round, "stage": self.decision().split(".")[1],
                "give": self._side(Side.GIVE), "ask": self._side(Side.ASK), "text": self.summary()}

    def count(self, item: Item) -> int:
        """How many cards like `item` the proposal holds."""
        return sum(1 for x in self.items if x == item)

    def empty(self) -> bool:
        return not (self.give_credits or self.ask_credits or any(self.give_goods) or any(self.ask_goods)
                    or self.items)

    def shown_hand(self) -> list[int]:
        """The types of the hand cards the proposer has put into the proposal: on show, so
        `determinize` keeps them in its hand."""
        return [x.card for x in self.items if x.side == Side.GIVE and x.where == Where.HAND]

    def legal(self, s: S) -> list[Action]:
        p, o = self.parties()
        stage = self.stage
        if stage == OfferStage.ANSWER:
            out = [A.ACCEPT] if not self.empty() and self.feasible(s) else []
            out.append(A.DECLINE)
            if self.round < MAX_ROUNDS - 1:
                out.append(A.COUNTER)
            return out
        if stage == OfferStage.PICK:  # which card of the chosen kind to ask for (the other's hand is hidden)
            k = A.TRADE_KINDS[self.kind]
            return [A.ASK_HAND[t.index] for t in CT if t.kind == k] + [A.CANCEL]
        out = []
        for g in range(NGOODS):
            if s.cargo[p][g] > self.give_goods[g]:
                out.append(A.GIVE_GOOD[g])
        out.extend(self._card_steps(s.ship[p], Side.GIVE, Where.SHIP, A.GIVE_CARD))
        out.extend(self._card_steps(s.hand[p], Side.GIVE, Where.HAND, dict(enumerate(A.GIVE_HAND))))
        out.extend(A.PAY[n] for n in A.CREDIT_STEPS if s.credits[p] >= self.give_credits + n)
        for g in range(NGOODS):
            if s.cargo[o][g] > self.ask_goods[g]:
                out.append(A.ASK_GOOD[g])
        out.extend(self._card_steps(s.ship[o], Side.ASK, Where.SHIP, A.ASK_SHIP))
        asked = sum(1 for x in self.items if x.side == Side.ASK and x.where == Where.HAND)
        if len(s.hand[o]) > asked:  # only the hand size is public, so any kind may be asked for
            out.extend(a for i, a in enumerate(A.ASK_KIND.values()) if not self.dropped >> i & 1)
        out.extend(A.CHARGE[n] for n in A.CREDIT_STEPS if s.credits[o] >= self.ask_credits + n)
        if not self.empty() or self.round == 0:  # an empty first proposal asks the other to propose
            out.append(A.PROPOSE)
        out.append(A.CANCEL)
        return out

    def _card_steps(self, pile: list[int], side: Side, where: Where,
                    table: dict[int, Action]) -> list[Action]:
        """The cards of `pile` that may still be added (the pile holds more of the type than the
        proposal does)."""
        counts: dict[int, int] = {}
        for c in pile:
            counts[TYPE[c]] = counts.get(TYPE[c], 0) + 1
        return [table[t] for t in sorted(counts)
                if t in table and counts[t] > self.count(Item(side, where, t))]

    def feasible(self, s: S) -> bool:
        """Can the exchange be carried out: the other holds the hand cards asked for, and afterwards both
        ships keep their cargo within their holds (L5), hands within the limit of 10, and at most one of
        each Upgrade and Crew (L12)."""
        p, o = self.parties()
        for x in self.items:
            if x.side == Side.ASK and x.where == Where.HAND and \
                    sum(1 for c in s.hand[o] if TYPE[c] == x.card) < self.count(x):
                return False
        for me, mine, yours in ((p, Side.GIVE, Side.ASK), (o, Side.ASK, Side.GIVE)):
            ship = [TYPE[c] for c in s.ship[me]]
            for x in self.items:
                if x.where != Where.SHIP:
                    continue
                if x.side == mine:
                    ship.remove(x.card)
                elif x.side == yours:
                    ship.append(x.card)
            for t in set(ship):
                if CT[t].kind in ("upgrade", "crew") and ship.count(t) > 1:
                    return False
            limit = cargo_limit(s, me) - mod(s, me, "cargo") + sum(CT[t].mod("cargo") for t in ship)
            go = self.give_goods if mine == Side.GIVE else self.ask_goods
            come = self.ask_goods if mine == Side.GIVE else self.give_goods
            if sum(s.cargo[me]) - sum(go) + sum(come) > limit:
                return False
            cards = sum(1 for x in self.items if x.where == Where.HAND and x.side == yours) - sum(
                1 for x in self.items if x.where == Where.HAND and x.side == mine)
            if len(s.hand[me]) + cards > HAND_LIMIT:
                return False
        return True

    def apply(self, s: S, a: Action) -> None:
        p, o = self.parties()
        k = a.kind
        if self.stage == OfferStage.PICK:
            self.stage = OfferStage.BUILD
            if k == "ask_hand":
                self.items.append(Item(Side.ASK, Where.HAND, A.SLUGS.index(str(a.args[0]))))
                self.dropped = 0
            else:  # canceled: that kind is not offered again until another step
                self.dropped |= 1 << self.kind
            return
        if k != "ask_kind":
            self.dropped = 0
        if k in ("cancel", "decline"):
            s.stack.pop()
            s.emit("L19", "offer_off", p, o)
        elif k == "give":
            arg = str(a.args[0])
            if arg in GOODS:
                self.give_goods[GOODS.index(arg)] += 1
            else:
                self.items.append(Item(Side.GIVE, Where.SHIP, A.SLUGS.index(arg)))
        elif k == "give_hand":
            self.items.append(Item(Side.GIVE, Where.HAND, A.SLUGS.index(str(a.args[0]))))
        elif k == "pay":
            self.give_credits += int(a.args[0])
        elif k == "ask":
            arg = str(a.args[0])
            if arg in GOODS:
                self.ask_goods[GOODS.index(arg)] += 1
            else:
                self.items.append(Item(Side.ASK, Where.SHIP, A.SLUGS.index(arg)))
        elif k == "ask_kind":
            self.kind = A.TRADE_KINDS.index(str(a.args[0]))
            self.stage = OfferStage.PICK
        elif k == "charge":
            self.ask_credits += int(a.args[0])
        elif k == "propose":
            self.stage = OfferStage.ANSWER
            s.emit("L19", "propose", p, o, self.summary())
        elif k == "counter":
            self.round += 1
            self.proposer = o
            self.stage = OfferStage.BUILD
            self.items = []
            self.give_credits = self.ask_credits = 0
            self.give_goods = [0] * NGOODS
            self.ask_goods = [0] * NGOODS
            s.emit("L19", "counter", o, p)
        else:  # accept
            s.stack.pop()
            self._exchange(s, p, o)
            s.emit("L19", "deal", p, o, self.summary())

    def _exchange(self, s: S, p: int, o: int) -> None:
        s.credits[p] += self.ask_credits - self.give_credits
        s.credits[o] += self.give_credits - self.ask_credits
        for g in range(NGOODS):
            s.cargo[p][g] += self.ask_goods[g] - self.give_goods[g]
            s.cargo[o][g] += self.give_goods[g] - self.ask_goods[g]
        moved: list[tuple[int, int, Where]] = []  # (card id, to, where)
        for x in self.items:
            frm, to = (p, o) if x.side == Side.GIVE else (o, p)
            cid = take_from(s.ship[frm], x.card) if x.where == Where.SHIP else take_from_hand(s, frm, x.card)
            moved.append((cid, to, x.where))
        everyone = (1 << s.n) - 1
        for cid, to, where in moved:
            if where == Where.SHIP:
                s.ship[to].append(cid)
            else:  # handed over face up in a public deal: every seat knows where it went
                s.hand[to].append(cid)
                s.known = (*s.known, (1 << to, cid, everyone))

    def _side(self, side: Side) -> dict[str, Any]:
        goods = self.give_goods if side == Side.GIVE else self.ask_goods
        return {"credits": self.give_credits if side == Side.GIVE else self.ask_credits,
                "goods": {GOODS[g]: goods[g] for g in range(NGOODS) if goods[g]},
                "ship": [CT[x.card].slug for x in self.items if x.side == side and x.where == Where.SHIP],
                "hand": [CT[x.card].slug for x in self.items if x.side == side and x.where == Where.HAND]}

    def summary(self) -> str:
        """One line: what the proposer gives and what it asks for."""
        return f"gives {_words(self._side(Side.GIVE))}; asks {_words(self._side(Side.ASK))}"


def _words(d: dict[str, Any]) -> str:
    parts = [f"{d['credits']} credits"] if d["credits"] else []
    parts += [f"{k} {g}" for g, k in d["goods"].items()]
    parts += d["ship"] + [f"{c} (hand)" for c in d["hand"]]
    return ", ".join(parts) or "nothing"


def offer_info(s: S) -> dict[str, Any] | None:
    """The trade on the table when it is the open decision (its public view), else None."""
    top = s.stack[-1] if s.stack else None
    return top.public() if isinstance(top, OfferFrame) else None
