"""A generic follow-up choice frame for card effects (the decision stack's small choices).

An effect that needs a choice pushes `Choice(seat, key, options)`, or a subclass whose named fields
carry what the handler needs to carry on (`CardChoice`: the card that asks; `AmountChoice`: how much
is left; the crew interpreter's `CrewChoice`: the whole continuation of an ability). When the seat
picks one option, the frame pops itself and calls the handler registered under `key` (each module's
`CHOICES` table, registered by the manifest with `register`) with the frame and the action. A handler
may push the next choice, so a multi-step ability (discard any number, then draw) is a sequence of
small decisions. Every subclass copies its own fields in `copy()` (lists are copied, ints shared).
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

    __slots__ = ("key", "options")
    name = "choice"

    def __init__(self, seat: int, key: str, options: list[Action]) -> None:
        super().__init__(seat)
        self.key = key
        self.options = options

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
        return Choice(self.player, self.key, self.options.copy())


class CardChoice(Choice):
    """A choice asked by one card's effect: `card` (a part id for ``part.*`` choices, an action-deck
    id for Binding Ties' trash-this-card offers) and, where the effect has one, its number `n` (e.g.
    the Action cost of a Clone Bay replay)."""

    __slots__ = ("card", "n")

    def __init__(self, seat: int, key: str, options: list[Action], card: int, n: int = 0) -> None:
        super().__init__(seat, key, options)
        self.card = card
        self.n = n

    def copy(self) -> Frame:
        return CardChoice(self.player, self.key, self.options.copy(), self.card, self.n)


class AmountChoice(Choice):
    """A choice about an amount `n`: reputation still to gain one at a time, a requirement's −n."""

    __slots__ = ("n",)

    def __init__(self, seat: int, key: str, options: list[Action], n: int) -> None:
        super().__init__(seat, key, options)
        self.n = n

    def copy(self) -> Frame:
        return AmountChoice(self.player, self.key, self.options.copy(), self.n)


def card_choice(ch: Choice) -> CardChoice:
    """The pending choice as the `CardChoice` its handler's key was pushed with."""
    assert isinstance(ch, CardChoice)
    return ch


def amount_choice(ch: Choice) -> AmountChoice:
    """The pending choice as the `AmountChoice` its handler's key was pushed with."""
    assert isinstance(ch, AmountChoice)
    return ch
