"""`Rng` computes its outputs in blocks (docs/performance.md): every draw, shuffle, copy and position
must still be exactly those of a generator that computes one word at a time, across block ends, for
the keyed stream and for the legacy splitmix64 one (old saves and server games replay on it).

Saves are a config, a seed and an action log, so a changed stream would replay other games.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, MutableSequence

import pytest

from spacetable.engine.rng import Rng

MASK = (1 << 64) - 1


class Keyed:
    """The keyed stream one word at a time: word p is computed from its own SHAKE-256 block."""

    def __init__(self, seed: int) -> None:
        self.state = (seed % 2**128) << 64

    def next64(self) -> int:
        key, p = self.state >> 64, self.state & MASK
        block = hashlib.shake_256(b"spacetable.rng.v1\x00" + key.to_bytes(16, "big")
                                  + (p // 34).to_bytes(8, "big")).digest(272)
        self.state += 1
        return int.from_bytes(block[8 * (p % 34):8 * (p % 34) + 8], "little")

    def set(self, value: int) -> None:
        self.state = value % 2**192


class SplitMix:
    """splitmix64 one step at a time: the stream of format-1 and -2 saves."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def set(self, value: int) -> None:
        self.state = value & MASK


Reference = Keyed | SplitMix


def below(ref: Reference, n: int) -> int:
    return 0 if n <= 1 else ref.next64() % n


def shuffle(ref: Reference, items: MutableSequence[int]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = below(ref, i + 1)
        items[i], items[j] = items[j], items[i]


@pytest.mark.parametrize("legacy", [False, True], ids=["keyed", "splitmix64"])
def test_mixed_draws_shuffles_and_copies_follow_the_reference_across_block_ends(legacy: bool) -> None:
    script = SplitMix(12345)  # drives the sequence of operations
    make = Rng.splitmix64 if legacy else Rng
    kind = SplitMix if legacy else Keyed
    for seed in (0, 1, 2**64 - 1, 2**70 + 5, 2**128 - 1, 987654321):
        pairs: list[tuple[Reference, Rng]] = [(kind(seed), make(seed))]
        for _ in range(300):
            ref, rng = pairs[below(script, len(pairs))]
            op = below(script, 6)
            if op == 0:
                assert rng.next64() == ref.next64()
            elif op == 1:
                n = (1, 2, 3, 6, 1000, 2**40)[below(script, 6)]
                assert rng.below(n) == below(ref, n)
            elif op == 2:  # sizes around the block lengths (16, 32, 34) and past them
                size = (0, 1, 2, 15, 16, 17, 33, 34, 35, 65, 69, 150)[below(script, 12)]
                a, b = list(range(size)), list(range(size))
                rng.shuffle(a)
                shuffle(ref, b)
                assert a == b
            elif op == 3:
                assert rng.random() == (ref.next64() >> 11) * (1.0 / 9007199254740992.0)
            elif op == 4 and len(pairs) < 8:  # a copy continues the same stream on its own
                c = kind(0)
                c.state = ref.state
                pairs.append((c, rng.copy()))
            else:  # another key and position (keyed: inside a block too), or another splitmix64 state
                v = script.next64()
                if not legacy:
                    v = ((v << 64 | script.next64()) << 64) | below(script, 200)
                rng.state = v
                ref.set(v)
            assert rng.state == ref.state


@pytest.mark.parametrize("make", [Rng, Rng.splitmix64], ids=["keyed", "splitmix64"])
def test_a_draw_of_one_option_consumes_nothing(make: Callable[[int], Rng]) -> None:
    a, b = make(9), make(9)
    assert a.below(1) == 0 and a.below(0) == 0
    assert a.state == b.state and a.next64() == b.next64()
