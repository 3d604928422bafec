"""Moonrakers' game state: `MoonrakersState`, the slotted whole of a game (players, displays, decks,
the decision stack and the execution), with its copy, views and determinization.

Holds data only; the rules that change it live in `rules.py`, `execution.py` and the effect modules.
Card ids: action-deck cards are ints (0–6 basic, 7+ crew, see `actions.CARD_SLUGS`); parts,
contracts and objectives are their catalog ids. The records it holds and the phases are in `records.py`
(and named here too, for the importers that know the state).
"""

from __future__ import annotations

import math
from typing import Any, Final, Self

from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, TERMINAL, State, View
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.frames import Frame
from spacetable.games.moonrakers.records import (
    AFTERMATH,
    BUYING,
    CLAIMS,
    END_TURN,
    EXECUTION,
    FIRST_PLAYER,
    GAME_OVER,
    IRREVOCABLE_KINDS,
    NEGOTIATION,
    NUM_TYPES,
    PHASE_NAMES,
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
    Execution,
    Player,
    Seat,
)
from spacetable.games.moonrakers.views import build_view, determinize

__all__ = ["AFTERMATH", "BUYING", "CLAIMS", "END_TURN", "EXECUTION", "FIRST_PLAYER", "GAME_OVER",
           "IRREVOCABLE_KINDS", "NEGOTIATION", "NUM_TYPES", "PHASE_NAMES", "PLANNING", "REWARDS", "ROLLING",
           "SETUP_OBJECTIVES", "SOLO_TURNS", "STAY", "STAY_HAND", "STAY_REPLACE", "WIN_CHECK", "WIN_PRESTIGE",
           "Execution", "MoonrakersState", "Player", "Seat"]

_CARD_COST: Final[tuple[int, ...]] = (0,) * A.CREW_BASE + tuple(c.cost for c in A.CAT.crew)
"""Action-deck card id → its Crew cost (basic cards 0): deck strength in `heuristic_value`."""


class MoonrakersState(State):
    """The whole game. See `rules.py` for what changes it."""

    __slots__ = ("players", "n", "ml", "turn", "phase", "stack", "contract_deck", "contracts",
                 "contract_discard", "crew_deck", "crew_row", "part_deck", "part_row",
                 "objective_deck", "ex", "swapped", "armory_swaps", "merc_deck", "merc_discard",
                 "merc_row", "merc_used", "winners_", "sets", "bought_parts", "last_ex",
                 "first_candidates", "first_rolls", "bt", "solo_score", "buys", "contract_known",
                 "crew_known", "part_known", "objective_known")

    def __init__(self) -> None:  # use rules.new_game
        self.players: list[Player] = []
        self.n = 0
        self.ml = 0
        self.turn = 0
        self.phase = SETUP_OBJECTIVES
        self.stack: list[Frame] = []
        self.contract_deck: list[int] = []
        self.contracts: list[int] = []  # 8 slots, -1 empty (4.3)
        self.contract_discard: list[int] = []
        self.crew_deck: list[int] = []
        self.crew_row: list[int] = []  # 3 slots of crew ids, -1 empty (5.1)
        self.part_deck: list[int] = []
        self.part_row: list[int] = []  # 6 slots of part ids, -1 empty
        self.objective_deck: list[int] = []
        self.ex: Execution | None = None
        self.swapped = False  # 3.2.1 used this turn
        self.armory_swaps = 0  # 3.5.2 / Binding Ties buy-phase discards this turn
        self.merc_deck: list[int] = []  # §8: card ids (basic and crew)
        self.merc_discard: list[int] = []
        self.merc_row: list[int] = []
        self.merc_used: list[int] = []  # row cards played this turn
        self.winners_: list[int] = []
        self.sets: frozenset[str] = frozenset({"BG"})
        self.bought_parts = 0  # parts bought this turn by the ML (Tinker)
        self.last_ex: Execution | None = None
        self.first_candidates: list[int] = []
        self.first_rolls: list[int] = []
        self.bt = False
        self.solo_score = 0
        self.buys = 0  # Armory purchases this turn (Binding Ties: the free discard comes first)
        # Known deck bottoms (see zones.to_bottom): the first k cards of a deck list (its bottom) were
        # put there face up, so every seat knows them and their order (3.2.1, 3.2.4c, 3.5.2, 8.7).
        # Only min(k, len(deck)) of them are still in the deck: drawing from the top uses them up.
        self.contract_known = 0
        self.crew_known = 0
        self.part_known = 0
        self.objective_known: tuple[int, ...] = ()
        """Per objective-deck card from the bottom: the seat that put it there and alone knows it
        (1.3.5, 3.2.4a). Immutable, so copies share it; the same lazy prefix rule applies."""

    # ---------------------------------------------------------------- engine API
    def copy(self) -> Self:
        cls = self.__class__
        s = cls.__new__(cls)
        s.rng = self.rng.copy()
        s._log = self._log
        s.config = self.config
        s.seed = self.seed
        s.events = None if self.events is None else []
        s.players = [p.copy() for p in self.players]
        s.n = self.n
        s.ml = self.ml
        s.turn = self.turn
        s.phase = self.phase
        s.stack = [f.copy() for f in self.stack]
        s.contract_deck = self.contract_deck.copy()
        s.contracts = self.contracts.copy()
        s.contract_discard = self.contract_discard.copy()
        s.crew_deck = self.crew_deck.copy()
        s.crew_row = self.crew_row.copy()
        s.part_deck = self.part_deck.copy()
        s.part_row = self.part_row.copy()
        s.objective_deck = self.objective_deck.copy()
        ex = self.ex
        s.ex = None if ex is None else ex.copy()
        s.swapped = self.swapped
        s.armory_swaps = self.armory_swaps
        s.buys = self.buys
        if self.n <= 2:
            s.merc_deck = self.merc_deck.copy()
            s.merc_discard = self.merc_discard.copy()
            s.merc_row = self.merc_row.copy()
            s.merc_used = self.merc_used.copy()
        else:  # no Mercenary deck with 3+ players: the empty lists are never written
            s.merc_deck = self.merc_deck
            s.merc_discard = self.merc_discard
            s.merc_row = self.merc_row
            s.merc_used = self.merc_used
        s.winners_ = self.winners_.copy()
        s.sets = self.sets
        s.bought_parts = self.bought_parts
        s.last_ex = self.last_ex  # read-only once the execution ended
        s.first_candidates = self.first_candidates.copy()
        s.first_rolls = self.first_rolls.copy()
        s.bt = self.bt
        s.solo_score = self.solo_score
        s.contract_known = self.contract_known
        s.crew_known = self.crew_known
        s.part_known = self.part_known
        s.objective_known = self.objective_known
        return s

    def current_player(self) -> int:
        if self.phase == GAME_OVER:
            return TERMINAL
        top = self.stack[-1]
        return CHANCE if top.chance else top.player

    def is_terminal(self) -> bool:
        return self.phase == GAME_OVER

    def returns(self) -> list[float]:
        r = [0.0] * self.n
        if self.phase == GAME_OVER and self.winners_:
            share = 1.0 / len(self.winners_)
            for w in self.winners_:
                r[w] = share
        return r

    def winners(self) -> list[int]:
        return list(self.winners_) if self.phase == GAME_OVER else []

    def heuristic_value(self) -> list[float]:
        """Win-chance estimate for search bots: each captain's Prestige toward 10 (7.1) plus what
        buys more of it — credits and the cost of owned Crew and installed parts (deck strength) —
        as a softmax (temperature 3) across captains; solo, a logistic of that strength plus a
        Prestige a turn to come against 10 (8.9)."""
        if self.phase == GAME_OVER:
            return self.returns()
        parts = A.CAT.parts
        strength = []
        for p in self.players:
            crew = 0
            for c in p.draw:
                crew += _CARD_COST[c]
            for c in p.hand:
                crew += _CARD_COST[c]
            for c in p.discard:
                crew += _CARD_COST[c]
            for x in p.parts:
                crew += parts[x].cost
            strength.append(p.prestige + 0.2 * p.credits + 0.3 * crew)
        if self.n == 1:
            ahead = strength[0] + 1.2 * max(0, SOLO_TURNS - self.turn) - WIN_PRESTIGE
            return [1.0 / (1.0 + math.exp(-ahead / 1.5))]
        top = max(strength)
        w = [math.exp((v - top) / 3.0) for v in strength]
        total = sum(w)
        return [v / total for v in w]

    def turn_count(self) -> int:
        return self.turn

    def decision_name(self) -> str:
        if self.phase == GAME_OVER:
            return "game-over"
        return self.stack[-1].decision()

    def game_stats(self) -> dict[str, Any]:
        return {
            "winner_prestige": [self.players[w].prestige for w in self.winners()],
            "reputation_spent": sum(p.rep_spent for p in self.players),
            "solo_score": self.solo_score if self.n == 1 else None,
        }

    def optional_pass(self) -> Action | None:
        """Binding Ties "at any time" windows (`reputation.window`) are optional: `done` passes."""
        if self.phase != GAME_OVER and self.stack and self.stack[-1].decision() == "reputation.window":
            return A.DONE
        return None

    def irrevocable(self, action: Action) -> bool:
        """Binding Ties: spending or trading Faction Reputation is final, "a player cannot change
        their mind and recover it" (Faction Reputation), so no undo may cross it. That covers the
        spend and trade actions and the choice of which faction pays (the token moves then)."""
        if not self.bt:
            return False
        if action.kind in IRREVOCABLE_KINDS:
            return True
        return bool(self.stack) and getattr(self.stack[-1], "key", None) == "rep-pay"

    def view(self, player: int | None) -> View:
        return build_view(self, player)

    def determinize(self, player: int, rng: Rng) -> Self:
        return determinize(self, player, rng)
