"""Moonrakers turn flow: setup (1.3), Planning (3.2), Stay at Base (3.2.4), Buying (3.5), end of turn
(3.6) and winning (§7). Negotiation and Execution live in their own modules.

`advance` runs the automatic steps of the current phase until a decision (a frame) is on the stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from spacetable.engine.action import Action
from spacetable.engine.errors import ConfigError
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import effects, mercenary, objectives, reputation_window
from spacetable.games.moonrakers.cards import sets_for
from spacetable.games.moonrakers.execution import (
    HAZARD_OUTCOMES,
    aftermath_step,
    begin_execution,
    claims_step,
    rewards_step,
    roll_step,
)
from spacetable.games.moonrakers.frames import Frame
from spacetable.games.moonrakers.negotiation import Negotiate
from spacetable.games.moonrakers.records import (
    AFTERMATH,
    BUYING,
    CLAIMS,
    END_TURN,
    EXECUTION,
    FIRST_PLAYER,
    GAME_OVER,
    NEGOTIATION,
    PLANNING,
    REWARDS,
    ROLLING,
    SETUP_OBJECTIVES,
    SOLO_TURNS,
    STAY,
    STAY_HAND,
    STAY_REPLACE,
    WIN_CHECK,
    WIN_PRESTIGE,
    Player,
)
from spacetable.games.moonrakers.ship import install_part
from spacetable.games.moonrakers.zones import (
    STARTING_DECK,
    contract_to_bottom,
    crew_to_bottom,
    draw,
    objective_to_bottom,
    part_to_bottom,
    refill_armory,
    refill_contracts,
)

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

CONTRACT_SLOTS: Final = 8
CREW_SLOTS: Final = 3
PART_SLOTS: Final = 6


# ------------------------------------------------------------------------------- setup (1.3)
def setup(s: MoonrakersState, config: dict[str, Any], seed: int) -> None:
    """Set up a new game from a validated config: decks shuffled, hands dealt, objectives offered."""
    n = int(config["players"])
    sets = sets_for(config)
    bt = "BT" in sets
    if bt and not 3 <= n <= 5:
        raise ConfigError(f"Binding Ties can only be played with 3–5 players, not {n}")
    s.init_base(config, seed)
    s.n = n
    s.sets = frozenset(sets)
    s.bt = bt
    cat = A.CAT
    s.contract_deck = [c.id for c in cat.contracts if c.set in sets]
    s.rng.shuffle(s.contract_deck)
    s.contracts = [-1] * CONTRACT_SLOTS  # 1.3.1
    refill_contracts(s)
    s.crew_deck = [c.id for c in cat.crew if c.set in sets]  # 1.3.2
    s.part_deck = [p.id for p in cat.parts if p.set in sets]
    s.rng.shuffle(s.crew_deck)
    s.rng.shuffle(s.part_deck)
    s.crew_row = [-1] * CREW_SLOTS
    s.part_row = [-1] * PART_SLOTS
    refill_armory(s)
    s.objective_deck = [o.id for o in cat.objectives if o.set in sets]  # 1.3.3
    s.rng.shuffle(s.objective_deck)
    s.players = [Player(faction=i) for i in range(n)]  # 1.1.4: one faction per seat
    for i, p in enumerate(s.players):  # 1.3.4
        p.draw = list(STARTING_DECK)
        s.rng.shuffle(p.draw)
        draw(s, i, 5)
        p.credits = 3 if n == 1 else 2  # 8.9: a solo captain starts with 3
    if n <= 2:
        mercenary.build_deck(s)  # 1.3.7, 8.2
    for i in range(n - 1, -1, -1):  # 1.3.5, R2: deal 3, keep 2
        dealt = [s.objective_deck.pop() for _ in range(min(3, len(s.objective_deck)))]
        s.stack.append(KeepObjectives(i, dealt))
    s.phase = SETUP_OBJECTIVES
    advance(s)


class KeepObjectives(Frame):
    """1.3.5 (R2): return one of the three dealt objectives to the bottom of the deck."""

    __slots__ = ("cards",)
    name = "setup.objectives"

    def __init__(self, seat: int, dealt: list[int]) -> None:
        super().__init__(seat)
        self.cards = dealt

    def legal(self, s: MoonrakersState) -> list[Action]:
        return [A.RETURN[o] for o in self.cards]

    def private(self, s: MoonrakersState) -> dict[str, Any]:
        return {"dealt": [A.OBJECTIVE_SLUGS[o] for o in self.cards]}

    def apply(self, s: MoonrakersState, a: Action) -> None:
        s.stack.pop()
        back = A.OBJECTIVE_ID[str(a.args[0])]
        objective_to_bottom(s, back, self.player)
        s.players[self.player].objectives.extend(o for o in self.cards if o != back)
        s.emit("1.3.5", "objectives-kept", self.player)

    def copy(self) -> Frame:
        return KeepObjectives(self.player, self.cards.copy())


class FirstPlayerRoll(Frame):
    """Chance: each tied candidate rolls one hazard die; fewest icons starts (1.3.6, R1)."""

    __slots__ = ()
    name = "setup.first-player"
    chance = True

    def legal(self, s: MoonrakersState) -> list[Action]:
        return [a for a, _ in HAZARD_OUTCOMES]

    def apply(self, s: MoonrakersState, a: Action) -> None:
        s.stack.pop()
        s.first_rolls.append(int(a.args[0]))
        s.emit("1.3.6", "first-roll", self.player, int(a.args[0]))

    def copy(self) -> Frame:
        return FirstPlayerRoll(self.player)


def first_player_step(s: MoonrakersState) -> None:
    if s.n == 1:
        s.first_candidates = [0]
        s.first_rolls = [0]
    if not s.first_candidates:
        s.first_candidates = list(range(s.n))
        s.first_rolls = []
    if len(s.first_rolls) < len(s.first_candidates):
        s.stack.append(FirstPlayerRoll(s.first_candidates[len(s.first_rolls)]))
        return
    low = min(s.first_rolls)
    tied = [p for p, r in zip(s.first_candidates, s.first_rolls, strict=True) if r == low]
    if len(tied) > 1:  # R1: tied lowest re-roll among themselves
        s.first_candidates = tied
        s.first_rolls = []
        return
    s.ml = tied[0]
    s.first_candidates = []
    s.first_rolls = []
    s.emit("1.3.6", "first-player", s.ml)
    begin_turn(s)


# ------------------------------------------------------------------------------- planning (3.2)
def begin_turn(s: MoonrakersState) -> None:
    s.turn += 1
    s.swapped = False
    s.armory_swaps = 0
    s.bought_parts = 0
    s.buys = 0
    s.last_ex = None
    s.phase = PLANNING
    s.emit("3.1", "turn", s.ml, s.turn)
    if s.n <= 2:
        mercenary.reveal_row(s)  # 3.2, 8.3
    s.stack.append(Planning(s.ml))


class Planning(Frame):
    """3.2: optional paid contract swap, then choose a contract or Stay at Base."""

    __slots__ = ()
    name = "planning"

    def legal(self, s: MoonrakersState) -> list[Action]:
        out = [A.TAKE[c] for c in s.contracts if c >= 0]
        if not s.swapped and s.players[self.player].credits >= 1 and s.contract_deck:
            out.extend(A.SWAP[c] for c in s.contracts if c >= 0)
        out.append(A.STAY)
        return out

    def apply(self, s: MoonrakersState, a: Action) -> None:
        ml = self.player
        if a.kind == "swap":  # 3.2.1
            c = A.CONTRACT_ID[str(a.args[0])]
            s.players[ml].credits -= 1
            s.swapped = True
            slot = s.contracts.index(c)
            s.contracts[slot] = -1
            contract_to_bottom(s, c)
            refill_contracts(s)
            s.emit("3.2.1", "contract-swap", ml, c)
            return
        s.stack.pop()
        if a is A.STAY:  # 3.2.4
            s.emit("3.2.4", "stay", ml)
            drawn = [o for o in (s.objective_deck.pop() if s.objective_deck else -1,
                                 s.objective_deck.pop() if s.objective_deck else -1) if o >= 0]
            s.phase = STAY
            if len(drawn) == 2:
                s.stack.append(KeepOne(ml, drawn))
            elif drawn:
                s.players[ml].objectives.append(drawn[0])
            return
        c = A.CONTRACT_ID[str(a.args[0])]  # 3.2.2, 3.2.3: removed from the display while attempted
        s.contracts[s.contracts.index(c)] = -1
        s.emit("3.2.2", "contract-chosen", ml, c)
        if s.n == 1:
            begin_execution(s, c, [], {}, [ml] * A.CAT.contracts[c].dice, ml)
        else:
            s.phase = NEGOTIATION
            s.stack.append(Negotiate(ml, c))

    def copy(self) -> Frame:
        return Planning(self.player)


class KeepOne(Frame):
    """3.2.4a: keep one of two drawn objectives; the other goes to the deck bottom."""

    __slots__ = ("cards",)
    name = "stay.objective"

    def __init__(self, seat: int, drawn: list[int]) -> None:
        super().__init__(seat)
        self.cards = drawn

    def legal(self, s: MoonrakersState) -> list[Action]:
        return [A.KEEP[o] for o in self.cards]

    def private(self, s: MoonrakersState) -> dict[str, Any]:
        return {"drawn": [A.OBJECTIVE_SLUGS[o] for o in self.cards]}

    def apply(self, s: MoonrakersState, a: Action) -> None:
        s.stack.pop()
        keep = A.OBJECTIVE_ID[str(a.args[0])]
        s.players[self.player].objectives.append(keep)
        for o in self.cards:
            if o != keep:
                objective_to_bottom(s, o, self.player)

    def copy(self) -> Frame:
        return KeepOne(self.player, self.cards.copy())


class StayReplace(Frame):
    """3.2.4c: optionally send one face-up contract to the deck bottom, free."""

    __slots__ = ()
    name = "stay.replace"

    def legal(self, s: MoonrakersState) -> list[Action]:
        out = [A.REPLACE[c] for c in s.contracts if c >= 0] if s.contract_deck else []
        out.append(A.SKIP)
        return out

    def apply(self, s: MoonrakersState, a: Action) -> None:
        s.stack.pop()
        if a.kind == "replace":
            c = A.CONTRACT_ID[str(a.args[0])]
            s.contracts[s.contracts.index(c)] = -1
            contract_to_bottom(s, c)
            refill_contracts(s)
            s.emit("3.2.4", "contract-replace", self.player, c)

    def copy(self) -> Frame:
        return StayReplace(self.player)


def stay_step(s: MoonrakersState) -> None:
    """3.2.4 b–e after the objective choice."""
    ml = s.ml
    if s.phase == STAY:
        n = effects.stay_credits(s, ml)
        s.players[ml].credits += n
        s.emit("3.2.4", "credits", ml, n)
        s.phase = STAY_REPLACE
        s.stack.append(StayReplace(ml))
    elif s.phase == STAY_REPLACE:
        p = s.players[ml]
        p.discard.extend(p.hand)
        p.hand = []
        draw(s, ml, p.hand_size)
        s.phase = STAY_HAND
    else:
        s.phase = BUYING


# ------------------------------------------------------------------------------- buying (3.5)
class Buy(Frame):
    """3.5: the ML buys any number of Armory cards and may swap one for 1 credit; `done` ends."""

    __slots__ = ()
    name = "buying"

    def legal(self, s: MoonrakersState) -> list[Action]:
        credits = s.players[self.player].credits
        out = []
        crew = A.CAT.crew
        parts = A.CAT.parts
        for c in s.crew_row:
            if c >= 0 and crew[c].cost <= credits:
                out.append(A.BUY_CREW[c])
        for p in s.part_row:
            if p >= 0 and parts[p].cost <= credits:
                out.append(A.BUY_PART[p])
        if armory_swap_cost(s) <= credits:
            if s.crew_deck:
                for c in s.crew_row:
                    if c >= 0:
                        out.append(A.ARMORY_CREW[c])
            if s.part_deck:
                for p in s.part_row:
                    if p >= 0:
                        out.append(A.ARMORY_PART[p])
        out.append(A.DONE)
        return out

    def apply(self, s: MoonrakersState, a: Action) -> None:
        ml = self.player
        pl = s.players[ml]
        if a is A.DONE:
            s.stack.pop()
            return
        slug = str(a.args[0])
        is_crew = slug in CREW_BY_SLUG
        if a.kind == "armory-swap":  # 3.5.2 (Binding Ties replaces it: see armory_swap_cost)
            cost = armory_swap_cost(s)
            pl.credits -= cost
            s.armory_swaps += 1
            if is_crew:
                c = CREW_BY_SLUG[slug]
                s.crew_row[s.crew_row.index(c)] = -1
                crew_to_bottom(s, c)
            else:
                p = A.PART_ID[slug]
                s.part_row[s.part_row.index(p)] = -1
                part_to_bottom(s, p)
            refill_armory(s)
            s.emit("3.5.2", "armory-swap", ml, slug, cost)
            return
        s.buys += 1
        if is_crew:  # 5.2
            c = CREW_BY_SLUG[slug]
            pl.credits -= A.CAT.crew[c].cost
            s.crew_row[s.crew_row.index(c)] = -1
            pl.discard.append(c + 7)
            s.emit("5.2", "hire", ml, c)
        else:  # 5.3
            p = A.PART_ID[slug]
            pl.credits -= A.CAT.parts[p].cost
            s.part_row[s.part_row.index(p)] = -1
            s.emit("5.3", "buy-part", ml, p)
            if len(pl.parts) == 4:
                s.bought_parts += 1  # Tinker (6.4.1)
            install_part(s, ml, p)
        refill_armory(s)

    def copy(self) -> Frame:
        return Buy(self.player)


CREW_BY_SLUG: Final = {c.slug: c.id for c in A.CAT.crew}
NO_SWAP: Final = 1 << 30


def armory_swap_cost(s: MoonrakersState) -> int:
    """Cost of the next Armory discard (`NO_SWAP` when none is allowed).

    Base game (3.5.2): one, for 1 credit. Binding Ties (New Buy Phase Rules): one free discard at the
    beginning of the buy phase (before any purchase), then, after it, a second for 1 credit, never a
    third; a player who buys first has skipped the free discard and so gets no paid one either.
    """
    if s.bt:
        if s.armory_swaps == 0:
            return 0 if s.buys == 0 else NO_SWAP
        return 1 if s.armory_swaps == 1 else NO_SWAP
    return 1 if s.armory_swaps == 0 else NO_SWAP


# ------------------------------------------------------------------------------- end of turn (3.6)
def end_turn_step(s: MoonrakersState) -> None:
    """3.6: (Binding Ties) spending windows, then the objective check and the win check."""
    s.phase = WIN_CHECK
    if s.bt:  # "at any time": before the check, so an objective drawn or Alliance reached counts now
        reputation_window.win_check_windows(s)


def win_check_step(s: MoonrakersState) -> None:
    """3.6, §7: the objective check, the win check, Mercenary cleanup, and the next Mission Leader."""
    objectives.check(s, objectives.END_OF_TURN)  # 6.3
    if s.n == 1:  # 8.9
        p = s.players[0]
        if p.prestige >= WIN_PRESTIGE or s.turn >= SOLO_TURNS:
            s.solo_score = solo_score(s)
            finish(s, [0] if p.prestige >= WIN_PRESTIGE else [])
            return
    elif max(p.prestige for p in s.players) >= WIN_PRESTIGE:  # 7.1, R11
        best = max(p.prestige for p in s.players)
        top = [i for i, p in enumerate(s.players) if p.prestige == best]
        most = max(s.players[i].credits for i in top)
        finish(s, [i for i in top if s.players[i].credits == most])
        return
    if s.n <= 2:
        mercenary.cleanup(s)  # 8.7
    s.ml = (s.ml + 1) % s.n
    begin_turn(s)


def solo_score(s: MoonrakersState) -> int:
    """8.9: 10 × Prestige + credits + costs of installed parts + costs of all owned Crew."""
    p = s.players[0]
    crew_cost = sum(A.CAT.crew[c - 7].cost for c in p.draw + p.hand + p.discard if c >= 7)
    return 10 * p.prestige + p.credits + sum(A.CAT.parts[x].cost for x in p.parts) + crew_cost


def finish(s: MoonrakersState, winners: list[int]) -> None:
    s.winners_ = winners
    s.phase = GAME_OVER
    s.stack = []
    s.emit("7.1", "game-over", tuple(winners))


# ------------------------------------------------------------------------------- the loop
def _buying_step(s: MoonrakersState) -> None:
    s.phase = END_TURN
    s.stack.append(Buy(s.ml))


def _no_step(s: MoonrakersState) -> None:  # PLANNING/NEGOTIATION/EXECUTION always hold a frame
    raise AssertionError(f"no decision in phase {s.phase}")


def _setup_done(s: MoonrakersState) -> None:
    s.phase = FIRST_PLAYER


def _drop_vacuous(s: MoonrakersState) -> None:
    stack = s.stack
    while stack and stack[-1].can_vanish and stack[-1].vacuous(s):
        stack.pop()


def advance(s: MoonrakersState) -> None:
    """Run automatic steps until a decision frame is on the stack or the game is over."""
    _drop_vacuous(s)
    while not s.stack and s.phase != GAME_OVER:
        STEPS[s.phase](s)
        _drop_vacuous(s)


STEPS: Final = {
    SETUP_OBJECTIVES: _setup_done, FIRST_PLAYER: first_player_step, PLANNING: _no_step,
    STAY: stay_step, STAY_REPLACE: stay_step, STAY_HAND: stay_step, NEGOTIATION: _no_step,
    ROLLING: roll_step, EXECUTION: _no_step, REWARDS: rewards_step, AFTERMATH: aftermath_step,
    CLAIMS: claims_step,
    BUYING: _buying_step, END_TURN: end_turn_step, WIN_CHECK: win_check_step,
}
"""The automatic step of each phase (run while no decision is on the stack)."""
