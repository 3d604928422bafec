"""Moonrakers' decision-stack frames: the engine's frame protocol (`engine.frames.DecisionFrame`: who decides,
what is legal, what a choice does, its name and views) for `MoonrakersState`.

The top frame of `MoonrakersState.stack` is the current decision. A frame that needs follow-up
choices pushes another frame; a frame pops itself when done, and `rules.advance` then moves the turn
on. Frames hold ids and ints only, so they survive `copy()`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from spacetable.engine.frames import DecisionFrame
from spacetable.engine.state import CHANCE

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState


class Frame(DecisionFrame["MoonrakersState"]):
    """Base class. Subclasses set `name`, list their extra slots and implement legal/apply/copy;
    `player` decides (or chance, for a class with `chance` set)."""

    __slots__ = ("player",)
    chance: ClassVar[bool] = False
    can_vanish: ClassVar[bool] = False
    """True for classes that override `vacuous` (checked first: most frames never vanish)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.can_vanish = cls.vacuous is not Frame.vacuous

    def __init__(self, player: int) -> None:
        self.player = player

    def current_player(self, s: MoonrakersState) -> int:
        return CHANCE if self.chance else self.player

    def vacuous(self, s: MoonrakersState) -> bool:
        """True when nothing can be chosen and the frame is simply dropped (e.g. a lost bonus)."""
        return False

    def copy(self) -> Frame:
        """A copy with every list/dict slot copied one level deep (override for nested data)."""
        f = self.__class__.__new__(self.__class__)
        for cls in self.__class__.__mro__:
            for slot in getattr(cls, "__slots__", ()):
                v = getattr(self, slot)
                setattr(f, slot, v.copy() if isinstance(v, list | dict) else v)
        return f

    def public(self) -> dict[str, Any]:
        """What every seat may see of this decision (for views)."""
        return {"decision": self.name, "player": self.player}

    def private(self, s: MoonrakersState) -> dict[str, Any]:
        """Extra details only the deciding seat may see (e.g. the cards it is choosing among)."""
        return {}
