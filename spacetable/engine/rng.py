"""Seeded, copyable random number generator owned by every game state.

A splitmix64 stream: its position is one 64-bit int (`Rng.state`, what saves and copies keep), and
it serialises as one number. All shuffles, die rolls and chance outcomes in spacetable draw from an
`Rng`. For speed the outputs are computed ahead in blocks (`_fill`: 16 or 32 at once, more for a long
shuffle, as the lanes of one big integer), so a draw is an index into a tuple shared by every copy;
the stream is exactly the reference splitmix64 one (tests/engine/test_engine_rng.py,
tests/engine/test_rng_blocks.py).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, MutableSequence, Sequence
from typing import Final, TypeVar

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_BLOCK: Final = 16
"""Outputs computed at a generator's first draw (a fresh one, or a copy, often draws only a few)."""
_BIG_BLOCK: Final = 32
"""Outputs computed at each later refill; larger needs get a multiple of `_BLOCK`."""

_Lanes = tuple[int, int, int, Callable[[bytes], tuple[int, ...]]]
_LANES: Final[dict[int, _Lanes]] = {}


def _lanes(k: int) -> _Lanes:
    """Constants for `k` splitmix64 steps at once: 128-bit lanes of one int (room for 64×64-bit products)."""
    c = _LANES.get(k)
    if c is None:
        rep = sum(1 << (128 * i) for i in range(k))
        ramp = sum(((i + 1) * _GAMMA) << (128 * i) for i in range(k))
        c = _LANES[k] = (rep, ramp, _MASK * rep, struct.Struct("<" + "Q8x" * k).unpack)
    return c


class Rng:
    """A splitmix64 generator. Deterministic for a given seed on every platform.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.below(6) for _ in range(5)] == [b.below(6) for _ in range(5)]
    True
    """

    __slots__ = ("_s", "_buf", "_i")

    _s: int
    """Position at the start of `_buf`; `_buf[j]` is the output of step `_s + (j + 1)·γ`."""
    _buf: tuple[int, ...]
    """Outputs computed ahead (immutable: copies share it)."""
    _i: int
    """Outputs of `_buf` used so far."""

    def __init__(self, seed: int = 0) -> None:
        self._s = seed & _MASK
        self._buf = ()
        self._i = 0

    @property
    def state(self) -> int:
        """The position in the stream (64 bits): equal states give equal streams."""
        return (self._s + self._i * _GAMMA) & _MASK

    @state.setter
    def state(self, value: int) -> None:
        self._s = value & _MASK
        self._buf = ()
        self._i = 0

    def _fill(self, need: int) -> tuple[int, ...]:
        """Compute at least `need` next outputs into a new block (from the current position)."""
        s = (self._s + self._i * _GAMMA) & _MASK
        k = _BIG_BLOCK if self._buf else _BLOCK
        if need > k:
            k = -(-need // _BLOCK) * _BLOCK
        rep, ramp, lm, unpack = _LANES.get(k) or _lanes(k)
        # splitmix64 on every lane at once; the masks drop what a shift brings in from the next lane
        # and the high half of each product (`unpack` reads only the low 64 bits of each lane)
        z = (s * rep + ramp) & lm
        z = (z ^ (z >> 30)) & lm
        z = z * 0xBF58476D1CE4E5B9 & lm
        z = (z ^ (z >> 27)) & lm
        z = z * 0x94D049BB133111EB & lm
        buf = unpack((z ^ (z >> 31)).to_bytes(16 * k, "little"))
        self._s, self._buf, self._i = s, buf, 0
        return buf

    def next64(self) -> int:
        """Return the next 64-bit output."""
        i = self._i
        buf = self._buf
        if i >= len(buf):
            buf = self._fill(1)
            i = 0
        self._i = i + 1
        return buf[i]

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (``n`` ≥ 1; ``n`` = 1 draws nothing)."""
        if n <= 1:
            return 0
        # 64-bit output modulo n: bias below 2**-50 for the small n used; `next64` written inline, as
        # this is the generator's hottest call
        i = self._i
        buf = self._buf
        if i >= len(buf):
            buf = self._fill(1)
            i = 0
        self._i = i + 1
        return buf[i] % n

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, seq: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place: the same draws as ``below(i + 1)`` for i = len − 1 … 1."""
        n = len(items) - 1
        if n <= 0:
            return
        i0 = self._i
        buf = self._buf
        end = i0 + n
        if end <= len(buf):
            self._i = end
            zs = buf[i0:end]
        else:  # what is left of this block, then a new one
            zs = buf[i0:]
            self._i = len(buf)
            rest = n - len(zs)
            zs += self._fill(rest)[:rest]
            self._i = rest
        m = n + 1
        if isinstance(items, list):  # the usual case: list indexing (the compiled build specializes it)
            lst: list[T] = items
            for z in zs:
                j = z % m
                m -= 1
                lst[m], lst[j] = lst[j], lst[m]
            return
        for z in zs:  # a plain loop: faster than zip/map over the moduli
            j = z % m
            m -= 1  # the position filled now (i in `below(i + 1)`)
            items[m], items[j] = items[j], items[m]

    def weighted(self, weights: Sequence[float]) -> int:
        """Index drawn with probability proportional to ``weights``."""
        total = sum(weights)
        r = self.random() * total
        acc = 0.0
        for i, w in enumerate(weights):
            acc += w
            if r < acc:
                return i
        return len(weights) - 1

    def spawn(self) -> Rng:
        """A new independent generator seeded from this one."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r._s, r._buf, r._i = self._s, self._buf, self._i
        return r

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        return (Rng, (self.state,))

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"
