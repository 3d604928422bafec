"""Rng: the keyed SHAKE-256 stream against a reference computed with hashlib here, determinism, copies,
pickling, the one-way derived generators, the legacy splitmix64 stream, and uniform shuffles and dice."""

from __future__ import annotations

import hashlib
import pickle
import struct
from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spacetable.engine.rng import (
    LEGACY_STREAM,
    SEED_LIMIT,
    STREAM,
    Rng,
    derive_key,
    derive_rng,
    determinized_rng,
    restore,
    seed_key,
)


def reference_words(seed: int, count: int) -> list[int]:
    """The stream as docs/architecture.md defines it, one 34-word block at a time, straight from hashlib:
    word p is little-endian word p mod 34 of SHAKE-256("spacetable.rng.v1" 0 ‖ key ‖ p div 34)."""
    key = seed.to_bytes(16, "big")
    words: list[int] = []
    block = 0
    while len(words) < count:
        data = hashlib.shake_256(b"spacetable.rng.v1\x00" + key + block.to_bytes(8, "big")).digest(272)
        words += struct.unpack("<34Q", data)
        block += 1
    return words[:count]


@pytest.mark.parametrize("seed", [0, 1, 42, 2**64 + 7, 2**127 + 12345, SEED_LIMIT - 1])
def test_stream_is_shake256_in_counter_mode(seed: int) -> None:
    """Saves replay only if the stream never changes: every word equals the hashlib reference."""
    r = Rng(seed)
    assert [r.next64() for _ in range(150)] == reference_words(seed, 150)


def test_first_words_are_pinned() -> None:
    """Literal values, so that the reference above and the generator cannot drift together."""
    r, top = Rng(0), Rng(SEED_LIMIT - 1)
    assert [r.next64() for _ in range(3)] == [0x8CF2E22012415176, 0x67687305D632E19F, 0x6D43C35CA2C01D18]
    assert [top.next64() for _ in range(2)] == [0xEDC54AE9A0BAA8D2, 0x535E91551AF79D29]


def test_seed_key_is_the_seeds_16_big_endian_bytes() -> None:
    assert seed_key(1) == bytes(15) + b"\x01"
    assert seed_key(SEED_LIMIT - 1) == b"\xff" * 16
    for bad in (-1, SEED_LIMIT):
        with pytest.raises(ValueError, match="2\\*\\*128"):
            seed_key(bad)


def test_same_seed_same_stream_and_different_seeds_differ() -> None:
    a, b, c = Rng(42), Rng(42), Rng(43)
    xs = [a.next64() for _ in range(20)]
    assert xs == [b.next64() for _ in range(20)]
    assert xs != [c.next64() for _ in range(20)]
    # seeds differing only above bit 64 are different games (the whole 128-bit seed is the key)
    assert Rng(5).next64() != Rng(5 + 2**64).next64() != Rng(5 + 2**100).next64()


def test_copy_continues_the_same_stream_independently() -> None:
    a = Rng(5)
    a.below(10)
    b = a.copy()
    assert [a.below(100) for _ in range(10)] == [b.below(100) for _ in range(10)]
    b.next64()
    assert a.state != b.state


def test_state_is_the_key_and_the_words_drawn_and_pickles() -> None:
    r = Rng(2**100 + 3)
    assert r.state == (2**100 + 3) << 64
    words = [r.next64() for _ in range(40)]
    assert r.state == ((2**100 + 3) << 64) | 40
    clone = pickle.loads(pickle.dumps(r))
    assert clone.stream == STREAM and clone.state == r.state
    assert [clone.next64() for _ in range(50)] == reference_words(2**100 + 3, 90)[40:]
    assert words == reference_words(2**100 + 3, 40)
    at = restore(STREAM, ((2**100 + 3) << 64) | 35)  # a position inside a block
    assert at.next64() == words[35]
    with pytest.raises(ValueError, match="unknown generator"):
        restore("mersenne", 0)


def test_spawn_takes_a_128_bit_key_from_two_draws() -> None:
    r = Rng(9)
    hi, lo = reference_words(9, 2)
    child = r.spawn()
    assert child.state == ((hi << 64) | lo) << 64
    assert r.state == (9 << 64) | 2


def test_derived_generators_are_keyed_by_a_hash_of_the_seed_and_labels() -> None:
    """derive_rng(seed, *labels): key = first 16 bytes of SHAKE-256 over a tag, the seed's key and the
    typed, length-prefixed labels; one-way, and distinct for distinct labels."""
    seed = 2**120 + 99
    data = b"spacetable.derive.v1\x00" + seed.to_bytes(16, "big") + (3).to_bytes(4, "big") + b"i17" + \
        (4).to_bytes(4, "big") + b"sbot"
    expected = int.from_bytes(hashlib.shake_256(data).digest(16), "big")
    assert derive_key(seed, 17, "bot") == expected
    r = derive_rng(seed, 17, "bot")
    assert [r.next64() for _ in range(3)] == reference_words(expected, 3)
    keys = {derive_key(seed), derive_key(seed, 17), derive_key(seed, 17, "bot"), derive_key(seed, "17"),
            derive_key(seed, 1, 7), derive_key(seed, 17, 0), derive_key(seed + 1, 17, "bot")}
    assert len(keys) == 7 and seed not in keys
    with pytest.raises(TypeError):
        derive_key(seed, True)
    with pytest.raises(ValueError):
        derive_key(-1, 3)


def test_legacy_stream_matches_the_splitmix64_reference() -> None:
    """Old saves and server games replay on the generator they were dealt with: seed 0 gives
    splitmix64's published outputs, and its state is the 64-bit splitmix state."""
    r = Rng.splitmix64(0)
    assert r.stream == LEGACY_STREAM
    assert [r.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert r.state == (3 * 0x9E3779B97F4A7C15) % 2**64
    clone = pickle.loads(pickle.dumps(r))
    assert clone.stream == LEGACY_STREAM and clone.next64() == r.copy().next64()


def test_a_determinized_states_generator_comes_from_one_draw_of_the_searchers() -> None:
    """A determinization is the searcher's imagined deal (`State.determinize`): its generator is the
    splitmix64 stream of one draw of the searcher's generator, so it reproduces from that generator
    alone, past block ends (the compiled build computes those blocks in machine integers), and the
    searcher's next draw is its own second word."""
    searcher = Rng(2**100 + 5)
    twin = searcher.copy()
    d = determinized_rng(searcher)
    first = twin.next64()
    assert [d.next64() for _ in range(70)] == reference_splitmix(first, 70)
    assert searcher.next64() == twin.next64()


def reference_splitmix(seed: int, n: int) -> list[int]:
    """splitmix64 as published: state += golden gamma, then the output mix."""
    out, x, m = [], seed, 2**64 - 1
    for _ in range(n):
        x = (x + 0x9E3779B97F4A7C15) & m
        z = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9 & m
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB & m
        out.append(z ^ (z >> 31))
    return out


def test_shuffle_of_three_gives_every_order_about_equally_often() -> None:
    r = Rng(2024)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        xs = [0, 1, 2]
        r.shuffle(xs)
        counts[tuple(xs)] += 1
    assert set(counts) == set(permutations([0, 1, 2]))
    assert all(850 <= n <= 1150 for n in counts.values()), counts


def test_die_faces_and_weighted_draws_follow_their_probabilities() -> None:
    r = Rng(99)
    faces = Counter(r.below(6) for _ in range(12000))
    assert set(faces) == set(range(6)) and all(1750 <= n <= 2250 for n in faces.values())
    picks = Counter(r.weighted([1.0, 3.0]) for _ in range(8000))
    assert 1800 <= picks[0] <= 2200 and picks[0] + picks[1] == 8000


@given(st.integers(min_value=0, max_value=SEED_LIMIT - 1), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation_and_deterministic(seed: int, items: list[int]) -> None:
    a, b = list(items), list(items)
    Rng(seed).shuffle(a)
    Rng(seed).shuffle(b)
    assert a == b and sorted(a) == sorted(items)


@given(st.integers(min_value=0, max_value=SEED_LIMIT - 1), st.integers(min_value=1, max_value=1000))
def test_below_stays_in_range(seed: int, n: int) -> None:
    r = Rng(seed)
    assert all(0 <= r.below(n) < n for _ in range(20))
