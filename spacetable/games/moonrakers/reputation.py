"""Binding Ties: Faction Reputation — earning, recording, spending, trading and losing it.

A player holds reputation (0–5) with every other player's faction (`Player.rep[f]`, never its own).
Spending and trading are "extra" actions (`spend <reward>`, `trade <faction>`) offered at the
player's own main decisions when the reward's timing window is open, plus `reputation.window`
decisions at the moments "at any time" matters: after the last pass and after the hazard losses of a
contract (its participants), and before the end-of-turn checks (everyone) (docs/binding-ties.md).
A spend is paid one small decision at a time (`faction <f>`), then its reward is carried out, with
follow-up choices where needed. Every function
is a no-op or offers nothing when Binding Ties is off (`s.bt` False).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import text
from spacetable.games.moonrakers.cards import FACTIONS
from spacetable.games.moonrakers.choices import Choice, handler
from spacetable.games.moonrakers.dice import block_die, blockable, unblocked_icons
from spacetable.games.moonrakers.frames import Frame
from spacetable.games.moonrakers.state import END_TURN, EXECUTION, IRREVOCABLE_KINDS, PLANNING
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
    from spacetable.games.moonrakers.state import MoonrakersState, Seat

MAX_REP: Final = 5
EXTRA_KINDS: Final = IRREVOCABLE_KINDS
"""Action kinds that start a reputation spend or trade from any of the player's decisions."""

RULE: Final = "BT-spend"
(DISCARD_CONTRACT, DISCARD_ARMORY, CREDIT, ACTION, CARD, OBJECTIVE, TRASH, REDUCE, BONUS, PRESTIGE,
 BLOCK) = range(len(A.REWARDS))
COST: Final = (1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5)
"""Printed cost of each reward of `actions.REWARDS` (Possible Rewards)."""
SAME: Final = (True, False, True, False, False, True, False, True, False, True, False)
"""True: paid with one faction only ("SAME" row); False: any mix ("ANY" row)."""
ANY_TIME: Final = frozenset({CREDIT, OBJECTIVE, TRASH, PRESTIGE})
IN_CONTRACT: Final = frozenset({ACTION, CARD, REDUCE, BLOCK})
REWARD_ID: Final = {r: i for i, r in enumerate(A.REWARDS)}
FACTION_ID: Final = {f: i for i, f in enumerate(FACTIONS)}
TRADE_RATIO: Final = 3
EXTRA_FRAMES: Final = frozenset({"planning", "stay.objective", "stay.replace", "negotiation",
                                        "negotiation.answer", "execution.play", "bonus-card", "buying",
                                        "reputation.window"})
"""Main decisions at which spends and trades are offered (never in the middle of a card's ability)."""

ART_A: Final = A.PART_ID["artifact-205-a"]
ART_B: Final = A.PART_ID["artifact-205-b"]
COMMS: Final = A.PART_ID["comms-array-c5"]

# what a payment is for (Choice data): a reward, a trade, or a registered continuation (card abilities)
P_REWARD, P_TRADE, P_CONT = range(3)
Continuation = Callable[["MoonrakersState", int], None]
CONTINUATIONS: Final[list[Continuation]] = []


def continuation(fn: Continuation) -> int:
    """Register what happens once a card ability's reputation is paid; returns its id for `pay`."""
    CONTINUATIONS.append(fn)
    return len(CONTINUATIONS) - 1


# ------------------------------------------------------------------------------- recording
def factions(s: MoonrakersState, seat: int) -> list[int]:
    """The factions `seat` holds tokens for: every other player's faction (Reputation Terminals)."""
    own = s.players[seat].faction
    return [s.players[i].faction for i in range(s.n) if s.players[i].faction != own]


def _seat(s: MoonrakersState, seat: int) -> Seat | None:
    ex = s.ex
    return ex.seats.get(seat) if ex is not None else None


def gain(s: MoonrakersState, seat: int, faction: int, n: int, rule: str) -> int:
    """Gain n reputation with a faction (never one's own; at most 5). Returns the amount gained."""
    p = s.players[seat]
    if faction == p.faction or not any(q.faction == faction for q in s.players):
        return 0
    k = min(n, MAX_REP - p.rep[faction])
    if k <= 0:
        return 0
    p.rep[faction] += k
    st = _seat(s, seat)
    if st is not None:
        st.rep_gained += k
    s.emit(rule, "rep-gain", seat, faction, k)
    return k


def lose(s: MoonrakersState, seat: int, faction: int, n: int, rule: str) -> int:
    """Lose n reputation with a faction (never below 0). Returns the amount lost."""
    p = s.players[seat]
    k = min(n, p.rep[faction])
    if k <= 0:
        return 0
    p.rep[faction] -= k
    s.emit(rule, "rep-lose", seat, faction, k)
    return k


def _take(s: MoonrakersState, seat: int, faction: int, k: int) -> None:
    """Spend k reputation of one faction: the token moves left for good (Extras: no undo)."""
    p = s.players[seat]
    p.rep[faction] -= k
    p.rep_spent += k
    st = _seat(s, seat)
    if st is not None:
        st.rep_spent += k
    s.emit(RULE, "rep-spend", seat, faction, k)


def total(s: MoonrakersState, seat: int) -> int:
    return sum(s.players[seat].rep)


def gain_choice(s: MoonrakersState, seat: int, n: int, rule: str = RULE) -> None:
    """Gain n reputation, one at a time, each with a faction of the player's choice ("any color")."""
    p = s.players[seat]
    while n > 0:
        opts = [f for f in factions(s, seat) if p.rep[f] < MAX_REP]
        if not opts:
            return
        if len(opts) > 1:
            s.stack.append(Choice(seat, "rep-gain", [A.FACTION[f] for f in opts], [n]))
            return
        gain(s, seat, opts[0], 1, rule)
        n -= 1


@handler("rep-gain")
def _gain_chosen(s: MoonrakersState, c: Choice, a: Action) -> None:
    gain(s, c.player, FACTION_ID[str(a.args[0])], 1, RULE)
    gain_choice(s, c.player, c.data[0] - 1)


def lowest(s: MoonrakersState, seat: int) -> list[int]:
    """The player's Lowest Faction(s): the tokens furthest left (Glossary; a tie is the player's pick)."""
    rep = s.players[seat].rep
    fs = factions(s, seat)
    low = min(rep[f] for f in fs)
    return [f for f in fs if rep[f] == low]


def gain_lowest(s: MoonrakersState, seat: int, rule: str = RULE) -> None:
    """+1 reputation with the player's lowest faction; on a tie the player chooses (Glossary)."""
    tied = lowest(s, seat)
    if s.players[seat].rep[tied[0]] >= MAX_REP:
        return
    if len(tied) == 1:
        gain(s, seat, tied[0], 1, rule)
    else:
        s.stack.append(Choice(seat, "rep-lowest", [A.FACTION[f] for f in tied]))


@handler("rep-lowest")
def _lowest_chosen(s: MoonrakersState, c: Choice, a: Action) -> None:
    gain(s, c.player, FACTION_ID[str(a.args[0])], 1, RULE)


# ------------------------------------------------------------------------------- earning and losing
def after_contract(s: MoonrakersState) -> None:
    """3.4.9 step 2: reputation gains on success, losses on failure; the faction reward.

    Earning: allies who complete a contract together each gain 1 with every other participant's
    faction; the faction reward goes to the seat the deal names. Losing: on a failure with allies,
    each participant loses 1 with every other participant's faction; a lone ML loses nothing.
    """
    if not s.bt:
        return
    ex = s.ex
    assert ex is not None
    order = ex.order
    pl = s.players
    if ex.success:
        if len(order) > 1:
            for p in order:
                for q in order:
                    if q != p:
                        gain(s, p, pl[q].faction, 1, "BT-earn")
        c = A.CAT.contracts[ex.contract]
        if c.faction is not None:
            to = ex.rep_faction_to if ex.rep_faction_to in ex.seats else order[0]
            f = FACTION_ID[c.faction]
            s.emit("BT-earn", "rep-reward", to, f)
            if f == pl[to].faction or not any(q.faction == f for q in pl):
                gain_choice(s, to, 1, "BT-earn")
            else:
                gain(s, to, f, 1, "BT-earn")
    elif len(order) > 1:
        for p in order:
            for q in order:
                if q != p:
                    lose(s, p, pl[q].faction, 1, "BT-lose")


def contract_reward_received(s: MoonrakersState, seat: int) -> bool:
    """Glossary "No reward": did `seat` get any contract reward (a share or the faction reward)?

    Reputation from allying is not a contract reward. Reads the finished or running execution.
    """
    ex = s.ex if s.ex is not None else s.last_ex
    if ex is None or seat not in ex.seats or not ex.success:
        return False
    i = ex.order.index(seat)
    c = A.CAT.contracts[ex.contract]
    return any(ex.deal[i]) or (c.faction is not None and ex.rep_faction_to == seat)


# ------------------------------------------------------------------------------- costs and windows
def price(r: int, art_a: bool, art_b: bool) -> int:
    """Cost of reward r for a player holding Artifact 205-A (`art_a`: Prestige 1 cheaper) and/or
    205-B (`art_b`: the others 1 cheaper, never below 1)."""
    c = COST[r]
    if r == PRESTIGE:
        return c - 1 if art_a else c
    return max(1, c - 1) if art_b else c


def cost(s: MoonrakersState, seat: int, r: int) -> int:
    """Cost of reward r for `seat` (its Artifact 205 discounts: `price`)."""
    parts = s.players[seat].parts
    return price(r, ART_A in parts, ART_B in parts)


def trade_ratio(s: MoonrakersState, seat: int) -> int:
    """Reputation given for 1 of another faction: 3 (Trading Reputation), 2 with Comms Array C5."""
    return 2 if COMMS in s.players[seat].parts else TRADE_RATIO


def buy_phase(s: MoonrakersState) -> bool:
    """True during the Mission Leader's buy phase (3.5)."""
    return s.phase == END_TURN and bool(s.stack) and s.stack[0].name == "buying"


def in_contract(s: MoonrakersState, seat: int) -> bool:
    """True during the play rounds of a contract in which `seat` participates (3.4.3)."""
    ex = s.ex
    return s.phase == EXECUTION and ex is not None and seat in ex.seats


WINDOW_CODE: Final = tuple(0 if r in ANY_TIME else 1 if r in IN_CONTRACT else 2 if r == DISCARD_CONTRACT
                           else 3 if r == DISCARD_ARMORY else 4 for r in range(len(COST)))
"""Per reward, its timing window (Possible Rewards), an index into `windows`: 0 at any time, 1 during a
contract one takes part in, 2 the Mission Leader's planning, 3 the Mission Leader's buy phase, 4 not
during another player's buy phase (the bonus card)."""


def windows(s: MoonrakersState, seat: int) -> tuple[bool, bool, bool, bool, bool]:
    """Which timing windows are open for `seat` now, by `WINDOW_CODE`."""
    is_ml = seat == s.ml
    buying = buy_phase(s)
    return True, in_contract(s, seat), is_ml and s.phase == PLANNING, is_ml and buying, is_ml or not buying


def window_open(s: MoonrakersState, seat: int, r: int) -> bool:
    """Is reward r's timing window open for `seat` now (Possible Rewards)?"""
    return windows(s, seat)[WINDOW_CODE[r]]


def unblocked(st: Seat) -> int:
    """Hazard icons on a participant's dice not covered by its blocks (what a block would still stop)."""
    return unblocked_icons(st) - st.blocks


def usable(s: MoonrakersState, seat: int, r: int) -> bool:
    """Can reward r be carried out now (so that a spend is never offered in vain)?"""
    p = s.players[seat]
    if r in (CREDIT, PRESTIGE, ACTION):
        return True
    if r == CARD:
        return bool(p.draw or p.discard)
    if r == OBJECTIVE:
        return bool(s.objective_deck)
    if r == TRASH:
        return bool(p.hand)
    if r == BONUS:
        return bool(s.crew_deck or s.part_deck)
    if r == DISCARD_CONTRACT:
        return bool(s.contract_deck or s.contract_discard) and any(c >= 0 for c in s.contracts)
    if r == DISCARD_ARMORY:
        return bool(armory_options(s))
    ex = s.ex
    assert ex is not None
    if r == REDUCE:
        return bool(reducible(s))
    st = ex.seats[seat]  # BLOCK: a die not yet blocked, with icons not covered by the blocks
    return unblocked(st) > 0 and bool(blockable(st))


def reducible(s: MoonrakersState) -> list[int]:
    """Requirement types whose target is above 0 (a reduction there is not wasted)."""
    ex = s.ex
    assert ex is not None
    req = A.CAT.contracts[ex.contract].req
    return [t for t in range(5) if ex.target(t, req) > 0]


def armory_options(s: MoonrakersState) -> list[Action]:
    out = [A.ARMORY_CREW[c] for c in s.crew_row if c >= 0] if s.crew_deck else []
    if s.part_deck:
        out.extend(A.ARMORY_PART[p] for p in s.part_row if p >= 0)
    return out


# ------------------------------------------------------------------------------- offering spends
def can_spend(s: MoonrakersState, seat: int, r: int) -> bool:
    """May `seat` start a spend of reward r now: affordable, its window open, and of use?"""
    rep = s.players[seat].rep
    return (max(rep) if SAME[r] else sum(rep)) >= cost(s, seat, r) and window_open(s, seat, r) \
        and usable(s, seat, r)


def offers(s: MoonrakersState, seat: int) -> list[Action]:
    """Every spend and trade `seat` could start now that can be paid and used: `can_spend` for each
    reward, with the parts it reads (the factions held, the discounts, the open windows) taken once,
    as this runs at every main decision of a Binding Ties game.
    """
    p = s.players[seat]
    rep = p.rep
    tot = sum(rep)
    if tot == 0:
        return []
    best = max(rep)
    parts = p.parts
    art_a, art_b = ART_A in parts, ART_B in parts
    opened = windows(s, seat)
    spend = A.SPEND
    out: list[Action] = [spend[r] for r, window in enumerate(WINDOW_CODE)
                         if (best if SAME[r] else tot) >= price(r, art_a, art_b) and opened[window]
                         and usable(s, seat, r)]
    ratio = trade_ratio(s, seat)
    if tot >= ratio:
        own = p.faction
        for q in s.players:
            f = q.faction
            if f != own and rep[f] < MAX_REP and tot - rep[f] >= ratio:
                out.append(A.TRADE[f])
    return out


def extra_actions(s: MoonrakersState, seat: int) -> list[Action]:
    """Reputation spends and trades `seat` may make at its current decision ("any time" windows)."""
    if not s.bt or not s.stack:
        return []
    top = s.stack[-1]
    if top.player != seat or top.name not in EXTRA_FRAMES:
        return []
    return offers(s, seat)


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
            s.stack.append(Choice(seat, "rep-pay", [A.FACTION[f] for f in opts],
                                  [amount, 1, exclude, purpose, arg]))
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
            s.stack.append(Choice(seat, "rep-pay", [A.FACTION[f] for f in opts],
                                  [amount, 0, exclude, purpose, arg]))
            return
    _paid(s, seat, purpose, arg)


@handler("rep-pay")
def _pay_chosen(s: MoonrakersState, c: Choice, a: Action) -> None:
    amount, same, exclude, purpose, arg = c.data
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
def _choose(s: MoonrakersState, seat: int, key: str, options: list[Action],
            data: list[int] | None = None) -> None:
    """Push a follow-up choice, or take a forced one at once."""
    if len(options) == 1:
        from spacetable.games.moonrakers.choices import HANDLERS

        HANDLERS[key](s, Choice(seat, key, options, data), options[0])
    elif options:
        s.stack.append(Choice(seat, key, options, data))


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
        _choose(s, seat, "rep-reduce", [A.REDUCE[t] for t in reducible(s)], [2])
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


@handler("rep-trash")
def _trash_chosen(s: MoonrakersState, c: Choice, a: Action) -> None:
    from spacetable.games.moonrakers import effects

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


@handler("rep-reduce")
def _reduce_chosen(s: MoonrakersState, c: Choice, a: Action) -> None:
    reduce_requirement(s, c.player, A.REQ_OF[str(a.args[0])], c.data[0])


@handler("rep-block")
def _block_chosen(s: MoonrakersState, c: Choice, a: Action) -> None:
    ex = s.ex
    assert ex is not None
    st = ex.seats[c.player]
    i = int(a.args[0]) - 1
    block_die(st, i)  # "block Hazards rolled on 1 Hazard Die": the die, whatever it shows (dice.py)
    s.emit(RULE, "block-die", c.player, i + 1, st.dice[i])


@handler("rep-bonus")
def _bonus_deck(s: MoonrakersState, c: Choice, a: Action) -> None:
    """Bonus Card: the top card of the chosen deck is revealed; keep it or discard it."""
    if a is A.BONUS_CREW:
        card = s.crew_deck.pop()
        s.emit(RULE, "rep-bonus-crew", c.player, card)
        s.stack.append(Choice(c.player, "rep-bonus-keep", [A.YES, A.NO], [0, card]))
    else:
        card = s.part_deck.pop()
        s.emit(RULE, "rep-bonus-part", c.player, card)
        s.stack.append(Choice(c.player, "rep-bonus-keep", [A.YES, A.NO], [1, card]))


@handler("rep-bonus-keep")
def _bonus_keep(s: MoonrakersState, c: Choice, a: Action) -> None:
    is_part, card = c.data
    seat = c.player
    if a is A.YES:
        if is_part:
            from spacetable.games.moonrakers.execution import install_part

            install_part(s, seat, card)
        else:
            s.players[seat].discard.append(card + A.CREW_BASE)
        s.emit(RULE, "rep-bonus-kept", seat)
    else:  # discarded: to the bottom of its Armory deck (the Armory has no discard pile)
        (part_to_bottom if is_part else crew_to_bottom)(s, card)  # revealed: a known place
        s.emit(RULE, "rep-bonus-discarded", seat)


@handler("rep-contract")
def _contract_chosen(s: MoonrakersState, c: Choice, a: Action) -> None:
    ct = A.CONTRACT_ID[str(a.args[0])]
    s.contracts[s.contracts.index(ct)] = -1
    s.contract_discard.append(ct)
    refill_contracts(s)
    s.emit(RULE, "rep-contract-discard", c.player, ct)


@handler("rep-armory")
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


# ------------------------------------------------------------------------------- "at any time" windows
END_OF_TURN_WINDOW, BEFORE_SUCCESS, AFTER_LOSSES = range(3)
MOMENTS: Final = ("end-of-turn", "before-success-check", "after-hazard-losses")
"""When a `reputation.window` opens (its public `moment`): before the end-of-turn objective and win
checks (3.6, every player); after the last pass, before the success check (3.4.4 → 3.4.9 step 1,
the participants); after the hazard losses, before the objective check (3.4.9 steps 3–4, the
participants)."""
WINDOW: Final = "reputation.window"
"""The decision name of every window: a client may pass it for a person with `done` (`WINDOW_PASS`)."""


class RepWindow(Frame):
    """An "at any time" moment: `player` may spend or trade reputation, then says `done`.

    Opened only for a player who can spend or trade something (`offers`), and dropped as soon as
    nothing is left to do, so nobody is asked in vain; every spend or trade lowers the player's
    reputation, so a window always ends.
    """

    __slots__ = ("moment",)
    name = WINDOW

    def __init__(self, seat: int, moment: int = END_OF_TURN_WINDOW) -> None:
        super().__init__(seat)
        self.moment = moment

    def vacuous(self, s: MoonrakersState) -> bool:
        return not offers(s, self.player)

    def legal(self, s: MoonrakersState) -> list[Action]:
        return [A.DONE]

    def apply(self, s: MoonrakersState, a: Action) -> None:
        s.stack.pop()

    def public(self) -> dict[str, Any]:
        return {"decision": self.name, "player": self.player, "moment": MOMENTS[self.moment],
                "optional": True, "pass": str(A.DONE)}

    def copy(self) -> Frame:
        return RepWindow(self.player, self.moment)


WINDOW_PASS: Final = A.DONE


def open_windows(s: MoonrakersState, seats: list[int], moment: int) -> bool:
    """Push a window for each of `seats` (in that order) who could spend or trade now; players who
    cannot are never asked. Returns True when at least one window was opened."""
    if not s.bt:
        return False
    opened = False
    for seat in reversed(seats):
        if offers(s, seat):
            s.stack.append(RepWindow(seat, moment))
            opened = True
    return opened


def win_check_windows(s: MoonrakersState) -> None:
    """Before the end-of-turn objective and win checks (3.6): a window for every player, in seat
    order from the Mission Leader, who could spend or trade reputation now."""
    open_windows(s, [(s.ml + i) % s.n for i in range(s.n)], END_OF_TURN_WINDOW)


def takes_step(a: Action) -> bool:
    """Is this extra action the participant's step of the play rounds (3.4.3b)? Only the rewards
    limited to "during a Contract in which they are participating" (+1 Action or Card, −2, block a
    die) are; "at any time" rewards and trades are not (Possible Rewards, Trading Reputation)."""
    return a.kind == "spend" and REWARD_ID[str(a.args[0])] in IN_CONTRACT


# ------------------------------------------------------------------------------- text
REWARD_TEXT: Final = ("discard a contract and draw a new one", "discard an Armory card and draw a new one",
                      "+1 credit", "+1 Action", "draw 1 card", "draw 1 objective", "trash a card from hand",
                      "one requirement −2", "a bonus card", "+1 Prestige", "block 1 hazard die")


def describe(s: MoonrakersState, a: Action) -> str:
    """One line for `spend`/`trade` actions (for text.describe)."""
    seat = s.stack[-1].player if s.stack else 0
    if a.kind == "spend":
        r = REWARD_ID[str(a.args[0])]
        how = "of one faction" if SAME[r] else "of any factions"
        return f"Spend {cost(s, seat, r)} reputation {how}: {REWARD_TEXT[r]}"
    if a.kind == "trade":
        return f"Trade {trade_ratio(s, seat)} reputation of other factions for 1 {a.args[0]} reputation"
    return str(a)


def _f(i: Any) -> str:
    return str(FACTIONS[i]).capitalize()


text.RENDER.update({
    "rep-gain": lambda a: f"{text.seat(a[0])} gains {a[2]} {_f(a[1])} reputation",
    "rep-lose": lambda a: f"{text.seat(a[0])} loses {a[2]} {_f(a[1])} reputation",
    "rep-spend": lambda a: f"{text.seat(a[0])} spends {a[2]} {_f(a[1])} reputation",
    "rep-use": lambda a: f"{text.seat(a[0])} spends reputation: {REWARD_TEXT[a[1]]}",
    "rep-reward-taken": lambda a: f"{text.seat(a[0])} takes {REWARD_TEXT[a[1]]}",
    "rep-trade": lambda a: f"{text.seat(a[0])} trades reputation for 1 {_f(a[1])}",
    "rep-reward": lambda a: f"{text.seat(a[0])} receives the contract's {_f(a[1])} reputation reward",
    "rep-objective": lambda a: f"{text.seat(a[0])} draws an objective with reputation",
    "rep-bonus-crew": lambda a: f"{text.seat(a[0])} reveals crew {A.CAT.crew[a[1]].name}",
    "rep-bonus-part": lambda a: f"{text.seat(a[0])} reveals part {A.CAT.parts[a[1]].name}",
    "rep-bonus-kept": lambda a: f"{text.seat(a[0])} keeps the bonus card",
    "rep-bonus-discarded": lambda a: f"{text.seat(a[0])} discards the bonus card",
    "rep-contract-discard": lambda a: f"{text.seat(a[0])} discards contract {text.contract_name(a[1])}",
    "block-die": lambda a: f"{text.seat(a[0])} blocks hazard die {a[1]} ({a[2]} icon(s))",
    "rep-armory-discard": lambda a: f"{text.seat(a[0])} discards {a[1]} from the Armory",
})

