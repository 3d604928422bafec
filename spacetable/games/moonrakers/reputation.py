"""Binding Ties: Faction Reputation, its rules: earning, recording and losing it, what a reward costs,
when its window is open, and which spends and trades a player may start now (one legality path:
`spendable`).

A player holds reputation (0–5) with every other player's faction (`Player.rep[f]`, never its own).
Spending and trading are "extra" actions (`spend <reward>`, `trade <faction>`) offered at the
player's own main decisions when the reward's timing window is open, plus `reputation.window`
decisions (`reputation_window`) at the moments "at any time" matters (docs/binding-ties.md). Paying
and carrying out a reward is `reputation_rewards`. Every function is a no-op or offers nothing when
Binding Ties is off (`s.bt` False).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.cards import FACTIONS
from spacetable.games.moonrakers.choices import AmountChoice, Choice, Handler, amount_choice
from spacetable.games.moonrakers.dice import blockable, unblocked_icons
from spacetable.games.moonrakers.records import END_TURN, EXECUTION, IRREVOCABLE_KINDS, PLANNING

if TYPE_CHECKING:
    from spacetable.games.moonrakers.records import Seat
    from spacetable.games.moonrakers.state import MoonrakersState

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
            s.stack.append(AmountChoice(seat, "rep-gain", [A.FACTION[f] for f in opts], n))
            return
        gain(s, seat, opts[0], 1, rule)
        n -= 1


def _gain_chosen(s: MoonrakersState, c: Choice, a: Action) -> None:
    gain(s, c.player, FACTION_ID[str(a.args[0])], 1, RULE)
    gain_choice(s, c.player, amount_choice(c).n - 1)


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
def spendable(s: MoonrakersState, seat: int) -> list[int]:
    """The rewards `seat` may start a spend of now: affordable (SAME: one faction holds the cost; ANY:
    all the tokens together), its timing window open, and of use (`usable`), so that a spend is never
    offered in vain. The one legality path: `can_spend` and `offers` read it. The parts it reads (the
    factions held, the discounts, the open windows) are taken once, as this runs at every main decision
    of a Binding Ties game."""
    p = s.players[seat]
    rep = p.rep
    tot = sum(rep)
    if tot == 0:
        return []
    best = max(rep)
    parts = p.parts
    art_a, art_b = ART_A in parts, ART_B in parts
    opened = windows(s, seat)
    return [r for r, window in enumerate(WINDOW_CODE)
            if (best if SAME[r] else tot) >= price(r, art_a, art_b) and opened[window] and usable(s, seat, r)]


def can_spend(s: MoonrakersState, seat: int, r: int) -> bool:
    """May `seat` start a spend of reward r now: affordable, its window open, and of use (`spendable`)?"""
    return r in spendable(s, seat)


def tradable(s: MoonrakersState, seat: int) -> list[int]:
    """The factions `seat` may buy 1 reputation with now, paying `trade_ratio` of the others (Trading
    Reputation): another player's faction below 5, with enough tokens elsewhere."""
    p = s.players[seat]
    rep = p.rep
    tot = sum(rep)
    ratio = trade_ratio(s, seat)
    out: list[int] = []
    if tot >= ratio:
        own = p.faction
        for q in s.players:
            f = q.faction
            if f != own and rep[f] < MAX_REP and tot - rep[f] >= ratio:
                out.append(f)
    return out


def offers(s: MoonrakersState, seat: int) -> list[Action]:
    """Every spend and trade `seat` could start now that can be paid and used (`spendable`, `tradable`)."""
    if not any(s.players[seat].rep):
        return []
    spend = A.SPEND
    trade = A.TRADE
    return [spend[r] for r in spendable(s, seat)] + [trade[f] for f in tradable(s, seat)]


def extra_actions(s: MoonrakersState, seat: int) -> list[Action]:
    """Reputation spends and trades `seat` may make at its current decision ("any time" windows)."""
    if not s.bt or not s.stack:
        return []
    top = s.stack[-1]
    if top.player != seat or top.name not in EXTRA_FRAMES:
        return []
    return offers(s, seat)


def takes_step(a: Action) -> bool:
    """Is this extra action the participant's step of the play rounds (3.4.3b)? Only the rewards
    limited to "during a Contract in which they are participating" (+1 Action or Card, −2, block a
    die) are; "at any time" rewards and trades are not (Possible Rewards, Trading Reputation)."""
    return a.kind == "spend" and REWARD_ID[str(a.args[0])] in IN_CONTRACT


CHOICES: Final[dict[str, Handler]] = {
    "rep-gain": _gain_chosen,
    "rep-lowest": _lowest_chosen,
}
"""The choice handlers of this module, by choice key (registered by the manifest: `wiring.wire`)."""
