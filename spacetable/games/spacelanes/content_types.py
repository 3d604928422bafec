"""Space Lanes content's vocabulary and records: the goods, the kinds of action card, ship modifiers,
Settlement features, goal kinds and reusable-card effects, and the frozen records the loader
(`content`) builds from the data files: `Settlement`, `Lane`, `CardType`, `Goal` and `Content`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

GOODS: tuple[str, ...] = ("ore", "supplies", "parts", "medicine", "luxury", "contraband")
NGOODS = len(GOODS)
CONTRABAND = 5

EVENT_KINDS = ("pirates", "patrol", "economic", "station", "asteroids", "wormhole")
SINGLE_USE = ("missiles", "countermeasures", "fuel_burn", "repair_kit")
CARD_KINDS = EVENT_KINDS + SINGLE_USE + ("upgrade", "crew", "bounty", "transport", "cancel")
EQUIPMENT_KINDS = SINGLE_USE + ("upgrade",)
MODIFIERS = ("win", "escape", "cargo", "free_moves", "sell_bonus", "repair_discount", "parlay_discount",
             "odd_jobs", "bounty_bonus", "transport_bonus", "hidden_hold", "gain_union", "gain_pirate")
FEATURES: dict[str, tuple[str, ...]] = {
    "faction_office": ("faction", "price", "step"), "repair_dock": ("price",), "archive": ("cards",),
    "fuel_depot": ("moves",), "refinery": ("from", "to", "count"), "fence": ("price",),
    "salvage_yard": ("price",), "exchange": ("price",),
}
GOAL_KINDS = ("credits", "goods_sold", "homeworlds", "visited", "markets", "pirates_won", "union", "pirate",
              "bounties", "transports", "contraband_sold")
"""What a goal counts; `markets` is the number of different Settlements where the seat bought or sold a
good, at most one more a turn since a turn holds one Trade (L4-L5)."""
HOOKS: tuple[str, ...] = ()
TIMED_EVENTS = ("economic", "station", "asteroids", "wormhole")
"""Events that end after a number of rounds (`rounds`): "Events last until they are canceled or resolved,
and are then discarded" (rulebook, Events). Pirates and Patrols end by resolution (Win, Parlay)."""
USE_EFFECTS: dict[str, bool] = {"moves": True, "draw": True, "escape": False, "reroll": False,
                                "repair": False}
"""What a reusable Equipment or Crew card does when Used (rulebook, Reusable cards); True: takes an amount
`n`. moves: n moves with no fuel this turn; draw: n action cards; escape: Escape your Engagement
automatically, as Countermeasures; reroll: roll your Engagement dice again; repair: Repair your ship."""
REFRESH: tuple[str, ...] = ("turn", "land", "homeworld", "odd_jobs")
"""When a Used card is Refreshed: at the start of its owner's turn, when it lands on a Settlement, when it
lands on a Homeworld, when it takes Odd Jobs."""


@dataclass(frozen=True, slots=True)
class Settlement:
    slug: str
    name: str
    homeworld: bool
    tags: tuple[str, ...]
    buy: tuple[int, ...]
    """Price a player pays per unit (0: not traded)."""
    sell: tuple[int, ...]
    """Price a player receives per unit (0: not traded)."""
    feature: str
    fargs: tuple[tuple[str, Any], ...]
    ftext: str

    def farg(self, key: str) -> Any:
        return dict(self.fargs)[key]


@dataclass(frozen=True, slots=True)
class Lane:
    slug: str
    name: str
    distance: int


@dataclass(frozen=True, slots=True)
class CardType:
    """One distinct action card (a deck may hold several copies)."""

    index: int
    slug: str
    name: str
    kind: str
    text: str
    copies: int = 1
    cost: int = 0
    win: int = 0
    escape: int = 0
    mods: tuple[int, ...] = ()
    """Modifier values in the order of `MODIFIERS`."""
    prices: tuple[tuple[int, int], ...] = ()
    """Economic events: (buy delta, sell delta) per good."""
    reward: int = 0
    faction: int = 0
    frm: str = "any"
    to: str = "any"
    contraband: bool = False
    gain_union: int = 0
    gain_pirate: int = 0
    hook: str = ""
    rounds: int = 0
    """Timed events: discarded at the start of the turn this many rounds after it was played (0: none)."""
    jumps: int = 0
    """Wormhole: discarded after this many jumps through it (0: no limit)."""
    limits: tuple[int, ...] = ()
    """Economic events: change of the per-Visit buy limit per good (empty: none)."""
    stock: tuple[int, ...] = ()
    """Economic events: units of each good for sale there while the event lasts, -1 no limit (empty: none)."""
    use: str = ""
    """Reusable Equipment and Crew: the effect of a Use (`USE_EFFECTS`; empty: not reusable)."""
    use_n: int = 0
    refresh: tuple[str, ...] = ()
    """Reusable cards: what Refreshes a Used card (`REFRESH`)."""

    def mod(self, name: str) -> int:
        return self.mods[MODIFIERS.index(name)] if self.mods else 0


@dataclass(frozen=True, slots=True)
class Goal:
    index: int
    slug: str
    name: str
    kind: str
    target: int
    text: str
    credits: int = 0
    targets: tuple[int, ...] = ()
    """Target for 2, 3, 4 and 5 players (empty: `target` at every table size; `target` is the 3-player
    entry)."""
    credit_targets: tuple[int, ...] = ()
    """Credits part for 2, 3, 4 and 5 players (empty: `credits` at every table size)."""

    exploration_target: int = 0
    """Target in Exploration mode at every table size (0: as without it)."""
    exploration_credits: int = 0
    """Credits part in Exploration mode at every table size (0: as without it)."""

    def target_for(self, players: int, exploration: bool = False) -> int:
        """The goal's target at a table of `players` (the 2- or 5-player value outside 2..5), in
        Exploration mode if asked."""
        if exploration and self.exploration_target:
            return self.exploration_target
        return self.targets[min(max(players, 2), 5) - 2] if self.targets else self.target

    def credits_for(self, players: int, exploration: bool = False) -> int:
        """The goal's credits part at a table of `players`, in Exploration mode if asked (0: none)."""
        if exploration and self.exploration_credits:
            return self.exploration_credits
        return self.credit_targets[min(max(players, 2), 5) - 2] if self.credit_targets else self.credits


@dataclass(slots=True)
class Content:
    settlements: list[Settlement]
    lanes: list[Lane]
    slot_xy: list[tuple[int, int]]
    lane_ends: list[tuple[int, int]]
    card_types: list[CardType]
    deck: list[int] = field(default_factory=list)
    """Card id → card type index (every physical card)."""
    goals: list[Goal] = field(default_factory=list)
    homeworlds: list[int] = field(default_factory=list)
