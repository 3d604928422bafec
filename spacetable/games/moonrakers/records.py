"""Moonrakers' records: the phases of a turn, the game's constants, and the slotted records a state
holds: `Player` (a captain's zones and counters), `Seat` (a participant's place in a contract) and
`Execution` (the contract being attempted).

Data only; the rules that change them live in the modules above (`execution`, `rules`, the effects).
"""

from __future__ import annotations

from typing import Final

IRREVOCABLE_KINDS: Final = frozenset({"spend", "trade"})
"""Binding Ties reputation spends and trades (`reputation.EXTRA_KINDS` is this set): final once made."""

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
