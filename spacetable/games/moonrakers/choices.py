"""A generic follow-up choice frame for card effects (the decision stack's small choices).

An effect that needs a choice pushes `Choice(seat, key, options, data)`; when the seat picks one
option, the frame pops itself and calls the handler registered under `key` (each module's `CHOICES`
table, registered by the manifest with `register`) with the action and the
frame's `data` (ints: card ids, counters, a resume point). A handler may push the next choice, so a
multi-step ability (discard any number, then draw) is a sequence of small decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from spacetable.engine.action import Action
from spacetable.games.moonrakers.frames import Frame

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

Handler = Callable[["MoonrakersState", "Choice", Action], None]
HANDLERS: Final[dict[str, Handler]] = {}


def register(table: Mapping[str, Handler]) -> None:
    """Add a module's handlers (its `CHOICES`: choice key → the function that resolves it). The
    manifest does this once for every module (`wiring.wire`); a key taken by another function is an
    error, the same function again is not."""
    for key, fn in table.items():
        if HANDLERS.setdefault(key, fn) is not fn:
            raise ValueError(f"duplicate choice handler {key!r}")


class Choice(Frame):
    """`player` picks one of `options`; `HANDLERS[key]` carries it out."""

    __slots__ = ("key", "options", "data")
    name = "choice"

    def __init__(self, seat: int, key: str, options: list[Action], data: list[int] | None = None) -> None:
        super().__init__(seat)
        self.key = key
        self.options = options
        self.data = data if data is not None else []

    def decision(self) -> str:
        return "choice." + self.key

    def vacuous(self, s: MoonrakersState) -> bool:
        return not self.options

    def legal(self, s: MoonrakersState) -> list[Action]:
        return self.options

    def apply(self, s: MoonrakersState, a: Action) -> None:
        s.stack.pop()
        HANDLERS[self.key](s, self, a)

    def private(self, s: MoonrakersState) -> dict[str, Any]:
        return {"options": [str(a) for a in self.options]}

    def copy(self) -> Frame:
        return Choice(self.player, self.key, self.options.copy(), self.data.copy())
