"""Immutable actions with a canonical text form that round-trips.

An action is a kind plus a tuple of small arguments (ints or slug strings) and carries its index
in the game's fixed action space. Games build every action once into an `ActionSpace` table, so
legal-action lists are lists of shared objects and masks for learning agents are cheap.

>>> a = Action("play", ("reactor",))
>>> str(a), Action.parse(str(a)) == a
('play reactor', True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Final

from spacetable.engine.errors import ParseError

Arg = int | str

MAX_TEXT: Final = 1000
"""The longest action text accepted from outside (a person, a file, the network)."""
MAX_DIGITS: Final = 18
"""An integer argument has at most this many digits: every game's numbers are small."""

_INT = re.compile(r"-?[0-9]+")  # ASCII digits only: "²" or "٣" are not numbers here
_WORD = re.compile(r"[A-Za-z0-9_.:=+\-]+")


class Action:
    """One small choice. Equality and hashing use (kind, args); `index` is the action-space slot."""

    __slots__ = ("kind", "args", "index", "_key")

    def __init__(self, kind: object, args: object = (), index: int = -1) -> None:  # checked: untrusted
        if not isinstance(kind, str) or not isinstance(args, tuple) or not all(
                isinstance(a, (int, str)) and not isinstance(a, bool) for a in args):
            raise ParseError(f"an action is a kind (text) and a tuple of ints and texts, not "
                             f"{type(kind).__name__} {type(args).__name__}")
        self.kind: str = kind
        self.args: tuple[Arg, ...] = args
        self.index = index
        self._key: tuple[str, tuple[Arg, ...]] = (kind, args)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(str(a) for a in self.args)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def parse(text: object) -> Action:
        """Parse the canonical text form (``kind arg arg…``); integer-looking args become ints.

        Untrusted input: anything that is not a short text of plain words raises `ParseError`
        (never another exception), so callers at a boundary need catch only `SpacetableError`.
        """
        if not isinstance(text, str):
            raise ParseError(f"an action must be text, not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise ParseError(f"action text too long ({len(text)} characters; at most {MAX_TEXT})")
        parts = text.split()
        if not parts:
            raise ParseError("empty action text")
        args: list[Arg] = []
        for p in parts:
            if _WORD.fullmatch(p) is None:
                raise ParseError(f"cannot parse {text!r}: {p!r} is not a plain word or number")
        if _INT.fullmatch(parts[0]):
            raise ParseError(f"cannot parse {text!r}: an action starts with a word, not a number")
        for p in parts[1:]:
            if _INT.fullmatch(p):
                if len(p.lstrip("-")) > MAX_DIGITS:
                    raise ParseError(f"cannot parse {text!r}: the number {p[:12]}… is too large")
                args.append(int(p))
            else:
                args.append(p)
        return Action(parts[0], tuple(args))


class ActionSpace:
    """The fixed, finite table of every action a game can ever offer: action ↔ int."""

    __slots__ = ("actions", "_by_key")

    def __init__(self, actions: Iterable[Action] = ()) -> None:
        self.actions: list[Action] = []
        self._by_key: dict[tuple[str, tuple[Arg, ...]], Action] = {}
        for a in actions:
            self.add(a.kind, a.args)

    def add(self, kind: str, args: tuple[Arg, ...] = ()) -> Action:
        key = (kind, args)
        if key in self._by_key:
            raise ValueError(f"duplicate action {kind} {args}")
        a = Action(kind, args, len(self.actions))
        self.actions.append(a)
        self._by_key[key] = a
        return a

    def get(self, kind: str, *args: Arg) -> Action:
        """The canonical action object for (kind, args); KeyError if it is not in the space."""
        return self._by_key[(kind, args)]

    def lookup(self, action: Action) -> Action | None:
        return self._by_key.get(action._key)

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, index: int) -> Action:
        return self.actions[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)
