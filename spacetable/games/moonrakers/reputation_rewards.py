"""Binding Ties: paying reputation and carrying out what it buys (Possible Rewards, Trading Reputation).

A spend or trade (`apply_extra`) is paid one small decision at a time (`faction <f>`: the `rep-pay`
choice), then its purpose is carried out: a reward, with follow-up choices where needed (which card to
trash, which requirement to reduce, which die to block, which deck gives the bonus card), a trade, or a
card ability's registered continuation (`continuation`, Binding Ties cards in `bt_effects`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import effects
from spacetable.games.moonrakers.choices import HANDLERS, AmountChoice, Choice, Handler, amount_choice
from spacetable.games.moonrakers.dice import block_die, blockable
from spacetable.games.moonrakers.reputation import (
    ACTION,
    BLOCK,
    BONUS,
    CARD,
    CREDIT,
    DISCARD_CONTRACT,
    FACTION_ID,
    OBJECTIVE,
    PRESTIGE,
    REDUCE,
    REWARD_ID,
    RULE,
    SAME,
    TRASH,
    _seat,
    _take,
    armory_options,
    cost,
    factions,
    gain,
    reducible,
    trade_ratio,
)
from spacetable.games.moonrakers.ship import install_part
from spacetable.games.moonrakers.zones import (
    crew_to_bottom,
    draw,
    gain_credits,
    gain_prestige,
    part_to_bottom,
    refill_armory,
    refill_contracts,
)

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

# what a payment is for (`RepPayChoice.purpose`): a reward, a trade, or a registered continuation
# (card abilities)
P_REWARD, P_TRADE, P_CONT = range(3)
Continuation = Callable[["MoonrakersState", int], None]
CONTINUATIONS: Final[list[Continuation]] = []




def register_continuations(table: tuple[Continuation, ...]) -> None:
    """Register what happens once a card ability's reputation is paid: `table[i]` is the id `i` its
    cards give `pay` (the manifest does this once, `wiring.wire`; again with the same table: nothing)."""
    for i, fn in enumerate(table):
        if i == len(CONTINUATIONS):
            CONTINUATIONS.append(fn)
        elif CONTINUATIONS[i] is not fn:
            raise ValueError(f"continuation {i} is already another function")


def apply_extra(s: MoonrakersState, a: Action) -> None:
    """Carry out one of `extra_actions` (the current frame stays where it is)."""
    seat = s.stack[-1].player
    if a.kind == "spend":
        r = REWARD_ID[str(a.args[0])]
        s.emit(RULE, "rep-use", seat, r)
        pay(s, seat, cost(s, seat, r), SAME[r], -1, P_REWARD, r)
    else:
        f = FACTION_ID[str(a.args[0])]
        s.emit(RULE, "rep-trade", seat, f)
        pay(s, seat, trade_ratio(s, seat), False, f, P_TRADE, f)


# ------------------------------------------------------------------------------- paying
def can_pay(s: MoonrakersState, seat: int, amount: int, same: bool) -> bool:
    rep = s.players[seat].rep
    return (max(rep) if same else sum(rep)) >= amount


def pay(s: MoonrakersState, seat: int, amount: int, same: bool, exclude: int, purpose: int, arg: int) -> None:
    """Pay `amount` reputation (SAME: one faction; ANY: one token step at a time), then carry out
    the purpose. Forced payments are made without asking. The caller checked the player can pay."""
    rep = s.players[seat].rep
    fs = [f for f in factions(s, seat) if f != exclude]
    if same:
        opts = [f for f in fs if rep[f] >= amount]
        if len(opts) > 1:
            opt = [A.FACTION[f] for f in opts]
            s.stack.append(RepPayChoice(seat, opt, amount, True, exclude, purpose, arg))
            return
        _take(s, seat, opts[0], amount)
    else:
        while amount > 0:
            opts = [f for f in fs if rep[f] > 0]
            avail = sum(rep[f] for f in opts)
            if len(opts) == 1 or avail <= amount:
                for f in opts:
                    k = min(rep[f], amount)
                    _take(s, seat, f, k)
                    amount -= k
                break
            opt = [A.FACTION[f] for f in opts]
            s.stack.append(RepPayChoice(seat, opt, amount, False, exclude, purpose, arg))
            return
    _paid(s, seat, purpose, arg)


class RepPayChoice(Choice):
    """Which faction pays (`rep-pay`): `amount` reputation still to pay, all of one faction (`same`)
    or one token at a time, never of faction `exclude`; then `purpose` (P_REWARD, P_TRADE or a paid
    ability's continuation) with its `arg` (the reward, the faction traded for, the continuation id)."""

    __slots__ = ("amount", "same", "exclude", "purpose", "arg")

    def __init__(self, seat: int, options: list[Action], amount: int, same: bool, exclude: int, purpose: int,
                 arg: int) -> None:
        super().__init__(seat, "rep-pay", options)
        self.amount = amount
        self.same = same
        self.exclude = exclude
        self.purpose = purpose
        self.arg = arg

    def copy(self) -> RepPayChoice:
        return RepPayChoice(self.player, self.options.copy(), self.amount, self.same, self.exclude,
                            self.purpose, self.arg)


def _pay_chosen(s: MoonrakersState, c: Choice, a: Action) -> None:
    assert isinstance(c, RepPayChoice)
    amount, same, exclude, purpose, arg = c.amount, c.same, c.exclude, c.purpose, c.arg
    f = FACTION_ID[str(a.args[0])]
    if same:
        _take(s, c.player, f, amount)
        _paid(s, c.player, purpose, arg)
    else:
        _take(s, c.player, f, 1)
        pay(s, c.player, amount - 1, False, exclude, purpose, arg)


def _paid(s: MoonrakersState, seat: int, purpose: int, arg: int) -> None:
    if purpose == P_REWARD:
        reward(s, seat, arg)
    elif purpose == P_TRADE:
        gain(s, seat, arg, 1, RULE)
    else:
        CONTINUATIONS[arg](s, seat)


# ------------------------------------------------------------------------------- rewards
def _choose(s: MoonrakersState, seat: int, key: str, options: list[Action], n: int = -1) -> None:
    """Push a follow-up choice (an `AmountChoice` of `n` when given), or take a forced one at once."""
    if not options:
        return
    ch = Choice(seat, key, options) if n < 0 else AmountChoice(seat, key, options, n)
    if len(options) == 1:
        HANDLERS[key](s, ch, options[0])
    else:
        s.stack.append(ch)


def reward(s: MoonrakersState, seat: int, r: int) -> None:
    """Carry out a paid reward (Possible Rewards)."""
    p = s.players[seat]
    st = _seat(s, seat)
    s.emit(RULE, "rep-reward-taken", seat, r)
    if r == CREDIT:
        gain_credits(s, seat, 1, RULE)
        if st is not None:
            st.rep_credits += 1
    elif r == PRESTIGE:
        gain_prestige(s, seat, 1, RULE)
    elif r == ACTION:
        assert st is not None
        st.actions += 1
        st.rep_actions += 1
        s.emit(RULE, "actions", seat, 1)
    elif r == CARD:
        k = draw(s, seat, 1)
        if st is not None:
            st.rep_draws += k
    elif r == OBJECTIVE:
        if s.objective_deck:
            p.objectives.append(s.objective_deck.pop())
            s.emit(RULE, "rep-objective", seat)
            if st is not None:
                st.rep_objectives += 1
    elif r == TRASH:
        seen: list[int] = []
        for c in p.hand:
            if c not in seen:
                seen.append(c)
        _choose(s, seat, "rep-trash", [A.TRASH[c] for c in sorted(seen)])
    elif r == REDUCE:
        _choose(s, seat, "rep-reduce", [A.REDUCE[t] for t in reducible(s)], 2)
    elif r == BLOCK:
        assert st is not None
        _choose(s, seat, "rep-block", [A.TARGET[i] for i in blockable(st)])
    elif r == BONUS:
        opts = ([A.BONUS_CREW] if s.crew_deck else []) + ([A.BONUS_PART] if s.part_deck else [])
        _choose(s, seat, "rep-bonus", opts)
    elif r == DISCARD_CONTRACT:
        _choose(s, seat, "rep-contract", [A.REPLACE[c] for c in s.contracts if c >= 0])
    else:  # DISCARD_ARMORY
        _choose(s, seat, "rep-armory", armory_options(s))


def _trash_chosen(s: MoonrakersState, c: Choice, a: Action) -> None:
    card = A.CARD_ID[str(a.args[0])]
    s.players[c.player].hand.remove(card)
    s.emit(RULE, "trash", c.player, card)
    effects.on_trash_from_hand(s, c.player, card)


def reduce_requirement(s: MoonrakersState, seat: int, t: int, n: int) -> None:
    """Lower the shared target of requirement t by n for this attempt (3.4.6: never below 0)."""
    ex = s.ex
    assert ex is not None
    ex.reduce[t] += n
    s.emit(RULE, "reduce", seat, t, n)


def _reduce_chosen(s: MoonrakersState, c: Choice, a: Action) -> None:
    reduce_requirement(s, c.player, A.REQ_OF[str(a.args[0])], amount_choice(c).n)


def _block_chosen(s: MoonrakersState, c: Choice, a: Action) -> None:
    ex = s.ex
    assert ex is not None
    st = ex.seats[c.player]
    i = int(a.args[0]) - 1
    block_die(st, i)  # "block Hazards rolled on 1 Hazard Die": the die, whatever it shows (dice.py)
    s.emit(RULE, "block-die", c.player, i + 1, st.dice[i])


def _bonus_deck(s: MoonrakersState, c: Choice, a: Action) -> None:
    """Bonus Card: the top card of the chosen deck is revealed; keep it or discard it."""
    if a is A.BONUS_CREW:
        card = s.crew_deck.pop()
        s.emit(RULE, "rep-bonus-crew", c.player, card)
        s.stack.append(KeepChoice(c.player, False, card))
    else:
        card = s.part_deck.pop()
        s.emit(RULE, "rep-bonus-part", c.player, card)
        s.stack.append(KeepChoice(c.player, True, card))


class KeepChoice(Choice):
    """Keep the revealed Bonus Card or discard it (`rep-bonus-keep`): `card`, a ship part when
    `is_part`, else a crew card."""

    __slots__ = ("is_part", "card")

    def __init__(self, seat: int, is_part: bool, card: int) -> None:
        super().__init__(seat, "rep-bonus-keep", [A.YES, A.NO])
        self.is_part = is_part
        self.card = card

    def copy(self) -> KeepChoice:
        return KeepChoice(self.player, self.is_part, self.card)


def _bonus_keep(s: MoonrakersState, c: Choice, a: Action) -> None:
    assert isinstance(c, KeepChoice)
    is_part, card = c.is_part, c.card
    seat = c.player
    if a is A.YES:
        if is_part:
            install_part(s, seat, card)
        else:
            s.players[seat].discard.append(card + A.CREW_BASE)
        s.emit(RULE, "rep-bonus-kept", seat)
    else:  # discarded: to the bottom of its Armory deck (the Armory has no discard pile)
        (part_to_bottom if is_part else crew_to_bottom)(s, card)  # revealed: a known place
        s.emit(RULE, "rep-bonus-discarded", seat)


def _contract_chosen(s: MoonrakersState, c: Choice, a: Action) -> None:
    ct = A.CONTRACT_ID[str(a.args[0])]
    s.contracts[s.contracts.index(ct)] = -1
    s.contract_discard.append(ct)
    refill_contracts(s)
    s.emit(RULE, "rep-contract-discard", c.player, ct)


def _armory_chosen(s: MoonrakersState, c: Choice, a: Action) -> None:
    slug = str(a.args[0])
    if slug in A.PART_ID:
        p = A.PART_ID[slug]
        s.part_row[s.part_row.index(p)] = -1
        part_to_bottom(s, p)
    else:
        cr = A.CARD_ID[slug] - A.CREW_BASE
        s.crew_row[s.crew_row.index(cr)] = -1
        crew_to_bottom(s, cr)
    refill_armory(s)
    s.emit(RULE, "rep-armory-discard", c.player, slug)


CHOICES: Final[dict[str, Handler]] = {
    "rep-pay": _pay_chosen,
    "rep-trash": _trash_chosen,
    "rep-reduce": _reduce_chosen,
    "rep-block": _block_chosen,
    "rep-bonus": _bonus_deck,
    "rep-bonus-keep": _bonus_keep,
    "rep-contract": _contract_chosen,
    "rep-armory": _armory_chosen,
}
"""The choice handlers of this module, by choice key (registered by the manifest: `wiring.wire`)."""
