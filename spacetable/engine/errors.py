"""Errors raised by the engine core. All are ValueErrors so callers can catch them together."""

from __future__ import annotations

from collections.abc import Sequence


class SpacetableError(ValueError):
    """Base class for every error the engine raises on bad input."""


class IllegalAction(SpacetableError):
    """An action that is not legal at the current decision. Nothing was changed."""

    def __init__(self, action: str, decision: str, legal: Sequence[str]) -> None:
        self.action = action
        self.decision = decision
        self.legal = list(legal)
        shown = ", ".join(self.legal[:40]) + (" …" if len(self.legal) > 40 else "")
        super().__init__(f"illegal action {action!r} at decision {decision!r}; legal: {shown}")


class ParseError(SpacetableError):
    """Text that is not a well-formed action for this game."""


class AmbiguousAction(SpacetableError):
    """Text that matches more than one legal action."""


class DataError(SpacetableError):
    """A card or content data file is invalid. Names the file, the card and the field."""

    def __init__(self, file: str, card: str | None, field: str | None, message: str) -> None:
        self.file, self.card, self.field = file, card, field
        where = file + (f": card {card!r}" if card else "") + (f": field {field!r}" if field else "")
        super().__init__(f"{where}: {message}")


class SaveError(SpacetableError):
    """A save or replay document that is corrupt or does not replay."""


class ConfigError(SpacetableError):
    """A game configuration that is refused before the game starts."""
