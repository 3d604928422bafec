"""Moonrakers game state: slotted players, displays, decks, the decision stack and the execution.

Holds data only; the rules that change it live in `rules.py`, `execution.py` and `effects.py`.
Card ids: action-deck cards are ints (0–6 basic, 7+ crew, see `actions.CARD_SLUGS`); parts,
contracts and objectives are their catalog ids.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final, Self, cast

from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, TERMINAL, State, View
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.frames import Frame

IRREVOCABLE_KINDS: Final = frozenset({"spend", "trade"})
"""Binding Ties reputation spends and trades (`reputation.EXTRA_KINDS` is this set): final once made."""

_CARD_COST: Final[tuple[int, ...]] = (0,) * A.CREW_BASE + tuple(c.cost for c in A.CAT.crew)
"""Action-deck card id → its Crew cost (basic cards 0): deck strength in `heuristic_value`."""
SOLO_TURNS: Final = 10
"""A solo game lasts at most this many turns (8.9)."""
WIN_PRESTIGE: Final = 10
"""Prestige that ends the game at the end of a turn (7.1); every module reads it from here."""

NUM_TYPES: Final = 5  # reactor, thruster, shield, damage, crew (REQ_TYPES)

# phases of the turn (3.1); the stack holds the decisions inside a phase
SETUP_OBJECTIVES: Final = 0
FIRST_PLAYER: Final = 1
PLANNING: Final = 2
STAY: Final = 3
STAY_REPLACE: Final = 4
STAY_HAND: Final = 5
NEGOTIATION: Final = 6
ROLLING: Final = 7
EXECUTION: Final = 8
REWARDS: Final = 9
AFTERMATH: Final = 10
BUYING: Final = 11
END_TURN: Final = 12
WIN_CHECK: Final = 13
GAME_OVER: Final = 14
CLAIMS: Final = 15  # 3.4.9 steps 4–6, after the hazard losses (and Binding Ties windows)
PHASE_NAMES: Final = ("setup", "first-player", "planning", "stay-at-base", "stay-at-base", "stay-at-base",
                      "negotiation", "hazard-roll", "execution", "rewards", "end-of-execution", "buying",
                      "end-of-turn", "win-check", "game-over", "end-of-execution")


class Player:
    """One captain's zones (1.2) and counters."""

    __slots__ = ("draw", "hand", "discard", "parts", "objectives", "credits", "prestige",
                 "faction", "rep", "claimed", "hand_size", "rep_spent", "unseen")

    def __init__(self, faction: int = 0) -> None:  # a default: the compiled `__new__` runs __init__
        self.draw: list[int] = []
        # cards trashed unseen from the top of the draw pile ("trash your top draw-pile card
        # unseen", Crusse Parke; Kyas IV) since the pile was last formed: the owner knows they were
        # among its draw pile's cards, not which ones (`zones.trash_top_unseen`)
        self.unseen: list[int] = []
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.parts: list[int] = []
        self.objectives: list[int] = []
        self.credits = 0
        self.prestige = 0
        self.faction = faction
        self.rep: list[int] = [0, 0, 0, 0, 0]
        self.claimed: list[int] = []
        self.hand_size = 5
        self.rep_spent = 0

    def copy(self) -> Player:
        # one statement a field and list.copy(): the fastest pure-Python form (a per-field loop or
        # tuple assignments cost a third more)
        p = Player.__new__(Player)
        p.draw = self.draw.copy()
        p.hand = self.hand.copy()
        p.discard = self.discard.copy()
        p.parts = self.parts.copy()
        p.objectives = self.objectives.copy()
        p.rep = self.rep.copy()
        p.claimed = self.claimed.copy()
        p.credits = self.credits
        p.prestige = self.prestige
        p.faction = self.faction
        p.hand_size = self.hand_size
        p.rep_spent = self.rep_spent
        p.unseen = self.unseen.copy() if self.unseen else []
        return p

    def deck_size(self) -> int:
        return len(self.draw) + len(self.hand) + len(self.discard)


class Seat:
    """A participant's per-execution counters (3.4.2 resets them)."""

    __slots__ = ("seat", "actions", "blocks", "dice", "played", "dmg_cards", "cards", "damage",
                 "used", "flags", "play", "rep_spent", "rep_gained", "rep_credits", "rep_draws",
                 "rep_actions", "rep_objectives", "blocked_dice")

    def __init__(self, seat: int = 0) -> None:  # a default: the compiled `__new__` runs __init__
        self.seat = seat
        self.actions = 0
        self.blocks = 0
        self.dice: list[int] = []  # hazard icons of each die targeting this participant (3.4.1)
        self.played = [0, 0, 0, 0, 0]  # cards put into play counted as each REQ type (6.4.3, 2.5)
        self.dmg_cards = 0  # Damage I/II/III cards played (Kary Powalk)
        self.cards = 0  # cards put into play from hand or by free plays
        self.damage = 0  # total Damage contributed, "deal N" included (6.4.3)
        self.used: list[int] = []  # once-per-contract keys: 100000 + part id (part uses),
        # 200000 + part id (shared free plays such as Predator mk1); crew and reputation keys below 100000
        self.flags = 0  # bit flags for "first X played" effects (effects.py)
        self.play: list[int] = []  # this participant's play area (1.2)
        self.rep_spent = 0  # Binding Ties: reputation spent during this contract
        self.rep_gained = 0  # reputation gained during this contract (Backup)
        self.rep_credits = 0  # credits bought with reputation this contract (Invest)
        self.rep_draws = 0  # cards drawn through reputation this contract (Manifold)
        self.rep_actions = 0  # Actions bought with reputation this contract (Responsive)
        self.rep_objectives = 0  # objectives bought with reputation this contract (For Hire)
        self.blocked_dice = 0  # bit i: die i is blocked by Binding Ties "Block 1 Hazard Die" (dice.py)

    def copy(self) -> Seat:
        s = Seat.__new__(Seat)
        s.seat = self.seat
        s.actions = self.actions
        s.blocks = self.blocks
        s.dice = self.dice.copy()
        s.played = self.played.copy()
        s.dmg_cards = self.dmg_cards
        s.cards = self.cards
        s.damage = self.damage
        s.used = self.used.copy()
        s.flags = self.flags
        s.play = self.play.copy()
        s.rep_spent = self.rep_spent
        s.rep_gained = self.rep_gained
        s.rep_credits = self.rep_credits
        s.rep_draws = self.rep_draws
        s.rep_actions = self.rep_actions
        s.rep_objectives = self.rep_objectives
        s.blocked_dice = self.blocked_dice
        return s


class Execution:
    """The contract being attempted (3.4): participants, deal, dice, pool and reductions."""

    __slots__ = ("contract", "seats", "order", "deal", "pool", "reduce", "turn", "passes",
                 "merc_basic", "merc_crew", "damage_cards", "damage_bonus", "success", "to_roll",
                 "rep_faction_to", "trashed", "merc_hand_cards")

    def __init__(self, contract: int = 0) -> None:  # a default: the compiled `__new__` runs __init__
        self.contract = contract
        self.seats: dict[int, Seat] = {}
        self.order: list[int] = []  # participants: ML first, then allies in seat order (3.4.3)
        self.deal: list[list[int]] = []  # per participant index: [prestige, credits, bonus]
        self.pool = [0, 0, 0, 0, 0]
        self.reduce = [0, 0, 0, 0, 0]
        self.turn = 0  # index into order of the participant to act
        self.passes = 0
        self.merc_basic = 0  # basic Mercenary cards played (8.6)
        self.merc_crew = 0
        self.damage_cards = 0  # Damage I/II/III cards played by anyone (Kary Powalk)
        self.damage_bonus = 0  # +N per Damage card (Kary Powalk uses stack)
        self.success = False
        self.to_roll: list[int] = []  # seats still to roll one die each (3.4.1)
        self.rep_faction_to = -1  # Binding Ties: seat receiving the contract's faction reward
        self.trashed = 0
        self.merc_hand_cards = 0

    def copy(self) -> Execution:
        e = Execution.__new__(Execution)
        e.contract = self.contract
        e.seats = {k: v.copy() for k, v in self.seats.items()}
        e.order = self.order.copy()
        e.deal = [d.copy() for d in self.deal]
        e.pool = self.pool.copy()
        e.reduce = self.reduce.copy()
        e.turn = self.turn
        e.passes = self.passes
        e.merc_basic = self.merc_basic
        e.merc_crew = self.merc_crew
        e.damage_cards = self.damage_cards
        e.damage_bonus = self.damage_bonus
        e.success = self.success
        e.to_roll = self.to_roll.copy()
        e.rep_faction_to = self.rep_faction_to
        e.trashed = self.trashed
        e.merc_hand_cards = self.merc_hand_cards
        return e

    def ml(self) -> int:
        return self.order[0]

    def target(self, t: int, req: tuple[int, int, int, int, int]) -> int:
        """Target for requirement type t: max(0, printed − reductions) (3.4.6)."""
        v = req[t] - self.reduce[t]
        return v if v > 0 else 0


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

    # views, determinize, rules and text are attached in views.py / rules.py
    def view(self, player: int | None) -> View:
        from spacetable.games.moonrakers.views import build_view

        return build_view(self, player)

    def determinize(self, player: int, rng: Rng) -> Self:
        fn = _LATE.get("determinize")
        if fn is None:  # views.py imports this module: bound at the first call (an import per call costs)
            from spacetable.games.moonrakers.views import determinize

            fn = _LATE["determinize"] = determinize
        return cast(Self, fn(self, player, rng))


_LATE: Final[dict[str, Callable[[Any, int, Rng], Any]]] = {}
"""Functions of modules that import this one, bound on first use."""
