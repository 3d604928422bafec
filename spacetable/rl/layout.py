"""Named slices of a fixed-size observation tensor, and small writers that fill them.

An encoder declares its slices once (name, length, meaning) in a `Layout`; docs/rl.md lists them and a
test checks the list against the code. Every value lies in [0, 1]: flags, one-hots, and counts
divided by a documented scale and clipped at 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Slice:
    """One named run of the tensor: ``tensor[start:start + size]``."""

    name: str
    start: int
    size: int
    doc: str


class Layout:
    """The slices of one game's tensor, in order; `size` is the tensor's length."""

    __slots__ = ("slices", "size", "_by_name")

    def __init__(self) -> None:
        self.slices: list[Slice] = []
        self.size = 0
        self._by_name: dict[str, Slice] = {}

    def add(self, name: str, size: int, doc: str) -> int:
        """Declare the next slice; returns its start offset."""
        if name in self._by_name:
            raise ValueError(f"slice {name!r} declared twice")
        sl = Slice(name, self.size, size, doc)
        self.slices.append(sl)
        self._by_name[name] = sl
        self.size += size
        return sl.start

    def __getitem__(self, name: str) -> Slice:
        return self._by_name[name]

    def table(self) -> list[tuple[str, str, str]]:
        """(name, index range, meaning) rows, as docs/rl.md shows them."""
        return [(s.name, f"{s.start}–{s.start + s.size - 1}" if s.size > 1 else str(s.start), s.doc)
                for s in self.slices]


def scaled(x: float, scale: float) -> float:
    """`x / scale` clipped to [0, 1]."""
    v = x / scale
    return 0.0 if v <= 0.0 else 1.0 if v >= 1.0 else v


def onehot(out: list[float], start: int, index: int | None, size: int) -> None:
    """Set ``out[start + index]`` when `index` is in range (None or out of range: all zero)."""
    if index is not None and 0 <= index < size:
        out[start + index] = 1.0


def multihot(out: list[float], start: int, names: Iterable[str | None], ids: Mapping[str, int]) -> None:
    """Flag each known name of `names` (unknown names and None are skipped)."""
    for n in names:
        if n is not None:
            i = ids.get(n)
            if i is not None:
                out[start + i] = 1.0


def counts(out: list[float], start: int, names: Iterable[str], ids: Mapping[str, int],
           scale: float) -> None:
    """Add ``1 / scale`` for each copy of a known name (clipped at 1)."""
    step = 1.0 / scale
    for n in names:
        i = ids.get(n)
        if i is not None:
            j = start + i
            out[j] = min(1.0, out[j] + step)


def count_map(out: list[float], start: int, amounts: Mapping[str, int], ids: Mapping[str, int],
              scale: float) -> None:
    """``{name: count}`` as counts divided by `scale` (clipped at 1)."""
    for n, k in amounts.items():
        i = ids.get(n)
        if i is not None:
            out[start + i] = scaled(k, scale)


def index_of(names: Iterable[str]) -> dict[str, int]:
    return {n: i for i, n in enumerate(names)}
