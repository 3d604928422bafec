"""`Rng` computes its outputs in blocks (docs/performance.md): every draw, shuffle, copy and position
must still be exactly those of the one-step-at-a-time splitmix64 generator, across block ends.

Saves are a config, a seed and an action log, so a changed stream would replay other games.
"""

from __future__ import annotations

from collections.abc import MutableSequence

from spacetable.engine.rng import Rng

MASK = (1 << 64) - 1


class Reference:
    """splitmix64 one step at a time: the stream every save was recorded with."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return 0 if n <= 1 else self.next64() % n

    def shuffle(self, items: MutableSequence[int]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def test_mixed_draws_shuffles_and_copies_follow_the_reference_across_block_ends() -> None:
    script = Reference(12345)  # drives the sequence of operations
    for seed in (0, 1, 2**64 - 1, 2**70 + 5, -3, 987654321):
        pairs = [(Reference(seed), Rng(seed))]
        for _ in range(400):
            ref, rng = pairs[script.below(len(pairs))]
            op = script.below(6)
            if op == 0:
                assert rng.next64() == ref.next64()
            elif op == 1:
                n = (1, 2, 3, 6, 1000, 2**40)[script.below(6)]
                assert rng.below(n) == ref.below(n)
            elif op == 2:  # sizes around the block lengths (16, 32) and past them
                size = (0, 1, 2, 15, 16, 17, 33, 64, 65, 150)[script.below(10)]
                a, b = list(range(size)), list(range(size))
                rng.shuffle(a)
                ref.shuffle(b)
                assert a == b
            elif op == 3:
                assert rng.random() == (ref.next64() >> 11) * (1.0 / 9007199254740992.0)
            elif op == 4 and len(pairs) < 8:  # a copy continues the same stream on its own
                c = Reference(0)
                c.state = ref.state
                pairs.append((c, rng.copy()))
            else:
                v = script.next64()
                rng.state = v
                ref.state = v
            assert rng.state == ref.state


def test_a_draw_of_one_option_consumes_nothing() -> None:
    a, b = Rng(9), Rng(9)
    assert a.below(1) == 0 and a.below(0) == 0
    assert a.state == b.state and a.next64() == b.next64()
