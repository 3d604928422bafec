"""Space Lanes' decision frames: the engine's frame protocol (`engine.frames.DecisionFrame`) for
`SpaceLanesState`, the game's phases, and the stages of an engagement (L14-L16).

The top frame of `state.stack` is the open decision; with an empty stack (in `Phase.PLAY`) the active
captain is at its main turn decision (`rules`). Each kind of frame is a small class with named fields,
written in the module whose rules it carries out:

| frame | module | the decision |
|---|---|---|
| `WindowFrame` | `card_play` | a response window: each other seat in turn may play a card (L10) |
| `TargetFrame` | `card_play` | where a Hazard, Event, Economic or Bounty card goes (L10) |
| `ChainFrame` | `chains` | answering a Missiles/Countermeasures chain (L17) |
| `TradeFrame` | `trade` | the Trade action at a Settlement (L5) |
| `FuelFrame` | `travel` | the cards burnt as fuel for a move (L6) |
| `EngageFrame` | `engagements` | an engagement with a Pirates or Patrol card (L14-L16) |
| `CombatFrame`, `LootFrame`, `OfferFrame` | `pvp` | Player vs Player combat, its loot, a trade (L19) |

Every field is public (a card being played is shown, a trade proposal is on the table), so `public()`
reads only the frame; `copy()` is hand-written per class. This module is below the rule modules, so a
rule module that must know about a frame of a higher one asks the frame through the base class
(`rolled_lane`, `rival_counters_open`), never imports it.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

from spacetable.engine.frames import DecisionFrame

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState


class Phase(IntEnum):
    """The phase of a game (`SpaceLanesState.phase`; an int in views and saves)."""

    SETUP = 0
    """Each captain in turn chooses the Settlement it starts on (L3)."""
    FIRST_ROLL = 1
    """The roll for the first player (L3, a chance step)."""
    PLAY = 2
    """Turns (L4), until a Goal is reached or the turn limit (L21)."""
    OVER = 3
    """The game has ended (L21)."""


class Stage(IntEnum):
    """Where an engagement stands (`EngageFrame.stage`, L14-L16)."""

    CHOOSE = 0
    """The engaged captain chooses Win, Escape or Parlay, or plays cards (L15, L16)."""
    ROLLING = 1
    """The dice are rolled (a chance step, L15)."""
    AFTER_ROLL = 2
    """The roll is known: accept it, or change it with cards (Missiles, Countermeasures, a re-roll)."""
    AFTER_ESCAPE = 3
    """Escaped: leave the card where it is or move it to another lane (L16)."""
    PARLAY_PIRATES = 4
    """Parlayed with Pirates: sell them Contraband, then the card's fate (L16)."""
    PARLAY_PATROL = 5
    """Parlayed with a Patrol: the card's fate (L16)."""


class Aim(IntEnum):
    """What the engaged captain tries at the roll (L15; `EngageFrame.aim`)."""

    NONE = -1
    """Not chosen yet."""
    WIN = 0
    ESCAPE = 1


class SpaceLanesFrame(DecisionFrame["SpaceLanesState"]):
    """Base class of Space Lanes' frames: by default the active captain decides."""

    __slots__ = ()

    def current_player(self, s: SpaceLanesState) -> int:
        return s.active

    def copy(self) -> SpaceLanesFrame:
        raise NotImplementedError

    def rolled_lane(self) -> int:
        """The lane of an engagement whose dice are rolled (no Bounty may go on its card any more,
        `card_play`), else -1."""
        return -1

    def rival_counters_open(self) -> bool:
        """True for an engagement at its start or after its roll, where the other captains may play
        Countermeasures into it from a response window above it (L17)."""
        return False
