"""Seeded, copyable random number generator owned by every game state: a keyed cryptographic stream.

Every hidden card stands on the generator's key, so seeing dealt cards, dice and draws must never let a
player compute the rest. The stream is SHAKE-256 in counter mode: word p (a 64-bit output) of the
generator with the 128-bit key K is little-endian word ``p mod 34`` of::

    SHAKE-256("spacetable.rng.v1" 0x00 ‖ K as 16 big-endian bytes ‖ p div 34 as 8 big-endian bytes)

read to 272 bytes (34 words: exactly two Keccak permutations). Without K the words are
indistinguishable from random and reveal nothing of K or of the other words (SHAKE-256 as a keyed
function with a 128-bit key); K comes from `seed_key`, and a game's seed is its key. The position
(`Rng.state`) is K and the count of words drawn, so saves, copies and pickles keep one int.

Why SHAKE-256: it is in the standard library's `hashlib` on every platform (OpenSSL's Keccak), and it
is the cheapest of the candidates per output, measured in instructions with callgrind (Python 3.11,
OpenSSL 3.0): about 24,000 for a 34-word block (700 a word) against 7,000 for an 8-word BLAKE2b
digest (880 a word) and 46,000 for the 32-word block of the splitmix64 stream it replaces (1,450 a
word). ChaCha20 is not in the standard library: it would take the ``cryptography`` package, a
compiled dependency, while SHAKE-256 already costs less per output than the generator it replaces, so
it was not pursued. As before, outputs are computed ahead in blocks and a draw is an index into a
tuple that copies share (`_fill`), so a draw costs what it cost.

`derive_key(seed, *labels)` makes another key from a game's seed: SHAKE-256 of the seed and the
labels, so neither it nor anything drawn with it leads back to the seed; `derive_rng` is the keyed
stream of such a key. `decision_key(seed, labels)` is a 64-bit one (BLAKE2s, cheaper for one
short input) for `decision_rng` (and `DecisionRng`, the same words built lazily): the cheap generator
of one decision of a game, a run of the splitmix64 stream of that key picked by the decision's
position and seat, the bots' generators of every face (`engine.session.bot_rng`).
`Rng.splitmix64(seed)` is also the stream of earlier versions (saves of format 1 and 2, and server
games created before the keyed stream), kept so that they replay, and the generator of a determinized
state (`determinized_rng`: a search bot's imagined deal, seeded by the bot's own generator). The
compiled build computes its blocks in 64-bit machine integers (`_splitmix_native`), the pure build in
128-bit lanes of one Python int; both give the same words.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable, Iterator, MutableSequence, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

STREAM: Final = "shake256"
"""The name of the keyed stream (saves and the server's database record it)."""
LEGACY_STREAM: Final = "splitmix64"
"""The name of the stream of earlier versions (`Rng.splitmix64`)."""
STREAMS: Final = (STREAM, LEGACY_STREAM)
SEED_BITS: Final = 128
SEED_LIMIT: Final = 1 << 128
"""Seeds are 0 ≤ n < 2**128: the key is the whole seed."""

_KEY_MASK: Final = (1 << 128) - 1
_MASK: Final = (1 << 64) - 1
_STATE_MASK: Final = (1 << 192) - 1
_LEGACY_BIT: Final = 1 << 192
_STREAM_TAG: Final = b"spacetable.rng.v1\x00"
_DERIVE_TAG: Final = b"spacetable.derive.v1\x00"
_DECISION_TAG: Final = b"spacetable.decision.v1\x00"
_WORDS: Final = 34
"""Words of one SHAKE-256 block (272 bytes: two Keccak permutations of a 136-byte rate)."""
_BLOCK_BYTES: Final = 8 * _WORDS
_UNPACK: Final = struct.Struct("<34Q").unpack
_shake = hashlib.shake_256
_blake2s = hashlib.blake2s

# splitmix64 (the legacy stream)
_GAMMA: Final = 0x9E3779B97F4A7C15
# splitmix64's constants as signed 64-bit machine integers (`_first_word_native`)
_GAMMA_I64: Final[i64] = -7046029254386353131
_MIX1_I64: Final[i64] = -4658895280553007687
_MIX2_I64: Final[i64] = -7723592293110705685
_LEGACY_BLOCK: Final = 16
"""Outputs computed at a legacy generator's first draw (a fresh one, or a copy, often draws only a few)."""
_LEGACY_BIG_BLOCK: Final = 32
"""Outputs computed at each later refill; larger needs get a multiple of `_LEGACY_BLOCK`."""

_Lanes = tuple[int, int, int, Callable[[bytes], tuple[int, ...]]]
_LANES: Final[dict[int, _Lanes]] = {}


def seed_key(seed: int) -> bytes:
    """The generator's 128-bit key for the integer seed `seed` (0 ≤ seed < 2**128): its 16
    big-endian bytes. Every face maps a seed to a game through this one function (`Rng(seed)`), so
    the same integer is the same deal in the terminal, the simulator and the server; it is also the
    16 bytes a server's seed commitment hashes (docs/server.md)."""
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a seed is from 0 to 2**128 - 1, not {seed if abs(seed) < 10**45 else '…'}")
    return seed.to_bytes(16, "big")


def _label_bytes(label: int | str) -> bytes:
    if isinstance(label, bool):
        raise TypeError("a label is an int or a str, not a bool")
    if isinstance(label, int):
        data = b"i" + str(label).encode("ascii")
    elif isinstance(label, str):
        data = b"s" + label.encode("utf-8")
    else:
        raise TypeError(f"a label is an int or a str, not {type(label).__name__}")
    return len(data).to_bytes(4, "big") + data


def label_bytes(*labels: int | str) -> bytes:
    """The encoding of `labels` that `derive_key` hashes (each typed and length-prefixed): a caller that
    derives many keys under the same labels encodes them once (`DecisionRng`)."""
    return b"".join(_label_bytes(x) for x in labels)


def derive_key(seed: int, *labels: int | str) -> int:
    """The 128-bit key `derive_rng` uses: SHAKE-256 of a tag, the seed's key and the labels (each
    typed and length-prefixed, so different label lists never give the same input)."""
    return _derive(seed, label_bytes(*labels))


def _derive(seed: int, labels: bytes) -> int:
    return int.from_bytes(_shake(_DERIVE_TAG + seed_key(seed) + labels).digest(16), "big")


def derive_rng(seed: int, *labels: int | str) -> Rng:
    """An independent generator for (seed, labels…), e.g. a bot's at one decision of a game.

    One-way: its key is a hash of the seed and the labels, so neither its outputs nor its key
    reveal the seed or the game's own stream; other labels, or another seed, give another stream.
    """
    return Rng(derive_key(seed, *labels))


def _mix64(z: int) -> int:
    """splitmix64's output function of a 64-bit value (`_fill_legacy` computes it on many lanes at once)."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
    return z ^ (z >> 31)


MAX_SEATS: Final = 256
"""Seats a decision's generator tells apart (`decision_rng`): far above any game's table."""
DECISION_WORDS: Final = 1 << 30
"""Words of the stream reserved for one decision (`decision_rng`): far above what a bot draws in one."""


def _decision_at(position: int, seat: int) -> int:
    # (position, seat) ↦ (position·256 + seat)·2**30: one-to-one for positions below 2**26 (a game
    # of 67 million decisions), each decision a run of 2**30 words of its own
    return (position << 38 | seat << 30) & _MASK


def decision_rng(key: int, position: int, seat: int) -> Rng:
    """The generator of one decision: the splitmix64 stream whose seed is `key` (its low 64 bits),
    from word (position · `MAX_SEATS` + seat) · `DECISION_WORDS` on, for the decision at `position`
    (e.g. its place in a game's action log) taken by `seat` (0 ≤ seat < `MAX_SEATS`): distinct
    decisions read distinct runs of one stream.

    Cheap (arithmetic, no hash), for the simulator's hot loop, where a bot decides thousands of times a
    second. Its outputs reveal its 64-bit seed, `key`: so `key` must itself come one-way from the
    game's seed (`decision_key`), and then nothing drawn here leads back to the deal.
    (`spacetable.engine.session.bot_rng` is the rule every face uses; `DecisionRng` is the same
    generator, moved in place from one decision to the next, its key hashed only at the first draw.)
    """
    r = Rng.splitmix64(key)
    r._s |= _decision_at(position, seat)
    return r


def determinized_rng(rng: Rng) -> Rng:
    """The generator of a determinized state (`State.determinize`): the splitmix64 stream seeded by one
    draw of `rng`, the searching bot's generator.

    A determinization is a bot's imagined deal: its chance draws need only be cheap and reproducible
    from `rng`, which is itself one-way from the game's seed (`engine.session.bot_rng`), so they need no
    key; a keyed stream's first block (a SHAKE-256 call) costs a tenth of a search iteration of the
    smallest game, where a rollout often draws once from its copy. Arithmetic (machine integers in the
    compiled build) and nothing hashed: words from it reveal only that draw of `rng`."""
    return Rng.splitmix64(rng.next64())


_LEGACY_ACTIVE: ContextVar[bool] = ContextVar("spacetable_legacy_stream", default=False)


@contextmanager
def legacy_stream() -> Iterator[None]:
    """States created inside this block (`game_rng`) draw from the splitmix64 stream (used by
    `GameSpec.new_game(…, stream="splitmix64")` for old saves and old server games)."""
    token = _LEGACY_ACTIVE.set(True)
    try:
        yield
    finally:
        _LEGACY_ACTIVE.reset(token)


def game_rng(seed: int) -> Rng:
    """The generator of a new game state with this seed (`State.init_base`): the keyed stream, or
    the splitmix64 one inside `legacy_stream`."""
    if _LEGACY_ACTIVE.get():
        return Rng.splitmix64(seed)
    return Rng(seed)


def _lanes(k: int) -> _Lanes:
    """Constants for `k` splitmix64 steps at once: 128-bit lanes of one int (room for 64×64-bit products)."""
    c = _LANES.get(k)
    if c is None:
        rep = sum(1 << (128 * i) for i in range(k))
        ramp = sum(((i + 1) * _GAMMA) << (128 * i) for i in range(k))
        c = _LANES[k] = (rep, ramp, _MASK * rep, struct.Struct("<" + "Q8x" * k).unpack)
    return c


class Rng:
    """A seeded generator: the keyed SHAKE-256 stream (or, for old games, splitmix64).
    Deterministic for a given seed on every platform.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.below(6) for _ in range(5)] == [b.below(6) for _ in range(5)]
    True
    """

    __slots__ = ("_s", "_buf", "_i")

    _s: int
    """The key times 2**64 plus the position (words drawn before it) of `_buf[0]`: one int, so a copy
    costs what it cost. `_LEGACY_BIT` set: the splitmix64 stream, whose key is its 64-bit seed."""
    _buf: tuple[int, ...]
    """Outputs computed ahead (immutable: copies share it)."""
    _i: int
    """Outputs of `_buf` used so far."""

    def __init__(self, seed: int = 0) -> None:
        self._s = (seed & _KEY_MASK) << 64
        self._buf = ()
        self._i = 0

    @staticmethod
    def splitmix64(seed: int = 0) -> Rng:
        """The splitmix64 generator of earlier versions (its state is 64 bits; outputs reveal it)."""
        r = Rng(0)
        r._s = _LEGACY_BIT | (seed & _MASK) << 64
        return r

    @property
    def stream(self) -> str:
        """`STREAM` or `LEGACY_STREAM`."""
        return LEGACY_STREAM if self._s >= _LEGACY_BIT else STREAM

    @property
    def state(self) -> int:
        """The position in the stream: the key times 2**64 plus the words drawn (splitmix64: its
        64-bit state). Equal states of the same stream give equal streams."""
        s = self._s
        if s >= _LEGACY_BIT:
            return ((s >> 64) + ((s & _MASK) + self._i) * _GAMMA) & _MASK
        return (s & _STATE_MASK) + self._i

    @state.setter
    def state(self, value: int) -> None:
        if self._s >= _LEGACY_BIT:
            self._s = _LEGACY_BIT | (value & _MASK) << 64
        else:
            self._s = value & _STATE_MASK
        self._buf = ()
        self._i = 0

    def _fill(self, need: int) -> tuple[int, ...]:
        """Compute the block holding the next `need` outputs (at least) and make it `_buf`;
        `_i` is then the index of the next output in it."""
        s = self._s + self._i  # the key and the position of the next output
        if s >= _LEGACY_BIT:
            return self._fill_legacy(s, need)
        p = s & _MASK
        c = p // _WORDS
        off = p - c * _WORDS
        start = s - off  # the key and the position of the block's first word
        if off + need <= _WORDS:  # the usual case: one block, named by the key and its number
            buf = _UNPACK(_shake(_STREAM_TAG + (s - p + c).to_bytes(24, "big")).digest(_BLOCK_BYTES))
        else:  # a long shuffle: several blocks in one tuple
            m = -(-(off + need) // _WORDS)
            key = _STREAM_TAG + (s >> 64).to_bytes(16, "big")
            data = b"".join(_shake(key + (c + j).to_bytes(8, "big")).digest(_BLOCK_BYTES) for j in range(m))
            buf = struct.unpack(f"<{m * _WORDS}Q", data)
        self._s, self._buf, self._i = start, buf, off
        return buf

    def _fill_legacy(self, s: int, need: int) -> tuple[int, ...]:
        p = s & _MASK
        x = (((s >> 64) & _MASK) + p * _GAMMA) & _MASK
        k = _LEGACY_BIG_BLOCK if self._buf else _LEGACY_BLOCK
        if need > k:
            k = -(-need // _LEGACY_BLOCK) * _LEGACY_BLOCK
        if _NATIVE:  # compiled: one word at a time in machine integers, no big-int lanes
            buf = _splitmix_native(_as_i64(x), k)
            self._s, self._buf, self._i = s, buf, 0
            return buf
        rep, ramp, lm, unpack = _LANES.get(k) or _lanes(k)
        # splitmix64 on every lane at once; the masks drop what a shift brings in from the next lane
        # and the high half of each product (`unpack` reads only the low 64 bits of each lane)
        z = (x * rep + ramp) & lm
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
            i = self._i
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
            i = self._i
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
            buf = self._fill(rest)
            j = self._i
            zs += buf[j:j + rest]
            self._i = j + rest
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
        """A new independent generator (keyed stream) whose 128-bit key is two draws of this one."""
        hi = self.next64()
        return Rng((hi << 64) | self.next64())

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r._s, r._buf, r._i = self._s, self._buf, self._i
        return r

    def __reduce__(self) -> tuple[Callable[[str, int], Rng], tuple[str, int]]:
        return (restore, (self.stream, self.state))

    def __repr__(self) -> str:
        return f"Rng(stream={self.stream!r}, state={self.state})"


def restore(stream: str, state: int) -> Rng:
    """The generator of `stream` at `state` (`Rng.state`): what pickling a generator keeps."""
    if stream not in STREAMS:
        raise ValueError(f"unknown generator stream {stream!r}")
    r = Rng.splitmix64(0) if stream == LEGACY_STREAM else Rng(0)
    r.state = state
    return r


def decision_key(seed: int, labels: bytes) -> int:
    """The 64-bit key of a game's decision generators (`DecisionRng`, e.g. its bots'): BLAKE2s of a
    tag, the seed's 16 bytes (`seed_key`) and `labels` (`label_bytes`), an 8-byte digest. One-way
    from the secret seed, like `derive_key`, at less than half its cost for one short input (a single
    64-byte block; one hash per game is a visible share of a short game of bots)."""
    return int.from_bytes(_blake2s(_DECISION_TAG + seed_key(seed) + labels, digest_size=8).digest(), "big")


def _first_word(key: int, n: int) -> int:
    """Word 0 of the decision `n` (``position << 8 | seat``): splitmix64 of seed `key` at word n·2**30."""
    return _mix64((key + ((n << 30) + 1) * _GAMMA) & _MASK)


def _first_word_native(key: i64, n: i64) -> i64:
    """`_first_word` in 64-bit machine integers (the compiled build, where they wrap around): the same
    bits (`key` and the result as signed two's complement), without allocating a Python int per step."""
    z: i64 = key + ((n << 30) + 1) * _GAMMA_I64
    z = (z ^ ((z >> 30) & 0x3FFFFFFFF)) * _MIX1_I64
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2_I64
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _splitmix_native(x: i64, k: int) -> tuple[int, ...]:
    """Words 1…k of the splitmix64 stream whose state is `x` (as `_fill_legacy`'s lanes compute them),
    in 64-bit machine integers (the compiled build, where they wrap around), read as unsigned."""
    out: list[int] = []
    for _ in range(k):
        x += _GAMMA_I64
        z: i64 = (x ^ ((x >> 30) & 0x3FFFFFFFF)) * _MIX1_I64
        z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2_I64
        z = z ^ ((z >> 31) & 0x1FFFFFFFF)
        out.append(int(z) + _TWO64 if z < 0 else int(z))
    return tuple(out)


_TWO64: Final = 1 << 64


def _machine_ints() -> bool:
    """True where `i64` is a machine integer that wraps around (compiled), False where it is a Python int."""
    x: i64 = 1 << 62
    return x * 4 == 0


_NATIVE: Final = _machine_ints()


_NATIVE_BELOW: Final = 1 << 60
"""`DecisionRng.below`'s machine-integer path takes n below this (4·n fits in 63 bits)."""


def _as_i64(x: int) -> i64:
    return i64(x - (1 << 64) if x >> 63 else x)


class DecisionRng(Rng):
    """`decision_rng(decision_key(seed, labels), position, seat)`, draw for draw, at almost no cost until
    a bot draws: one object serves every decision of a game (`at` moves it to the next one in place),
    the key is derived once, at the game's first draw (a game whose bots draw nothing hashes nothing),
    and a decision's first word is computed alone (in machine integers in the compiled build), the
    stream being set up only for a second draw. `state` is the stream's once it has been set up (after
    a second draw, or a copy)."""

    def __init__(self, seed: int, labels: bytes, position: int = 0, seat: int = 0) -> None:
        super().__init__(0)
        self.seed = seed
        """The game's seed."""
        self._labels = labels
        self._key = -1
        """The 64-bit key (`decision_key`), -1 until the first draw."""
        self._key64: i64 = 0
        """The same bits as a signed machine integer (`_first_word_native`)."""
        self._n = 0
        """The decision: ``position << 8 | seat``."""
        self._stage = 0
        """0: nothing drawn at this decision; 1: its first word given alone (`_buf`); 2: the stream is
        set up; 3: its first word drawn by `below` (compiled), nothing buffered."""
        self.at(position, seat)

    def at(self, position: int, seat: int) -> DecisionRng:
        """This object as the generator of `seat`'s decision at `position` (nothing computed)."""
        self._n = position << 8 | seat
        self._stage = 0
        self._buf = ()
        self._i = 0
        return self

    def fork(self, position: int, seat: int) -> DecisionRng:
        """Another object of the same game (sharing the key once derived), at `position` and `seat`."""
        other = DecisionRng(self.seed, self._labels)
        other._key, other._key64 = self._key, self._key64
        return other.at(position, seat)

    def _get_key(self) -> int:
        key = self._key
        if key < 0:
            key = self._key = decision_key(self.seed, self._labels)
            self._key64 = _as_i64(key)
        return key

    def _set_up(self) -> None:
        """Set up the splitmix64 stream of the decision (words from n·2**30 on, `_buf` its first ones)."""
        stage = self._stage
        if stage != 2:
            self._s = _LEGACY_BIT | self._get_key() << 64 | (((self._n << 30) + (stage == 3)) & _MASK)
            self._stage = 2

    def below(self, n: int) -> int:
        # the usual first draw of a bot's decision (a choice among the legal actions), compiled: word 0
        # modulo n in machine integers, the word read as unsigned (2**64 ≡ 4·(2**62 mod n))
        if self._stage == 0 and _NATIVE and 1 < n < _NATIVE_BELOW:
            self._get_key()
            z = _first_word_native(self._key64, self._n)
            m: i64 = n
            r = z % m
            if z < 0:
                r = (r + 4 * ((1 << 62) % m)) % m
            self._stage = 3
            return int(r)
        return super().below(n)

    def _fill(self, need: int) -> tuple[int, ...]:
        if self._stage == 0 and need == 1:  # the decision's first draw: its first word alone
            key = self._get_key()
            if _NATIVE:
                w = int(_first_word_native(self._key64, self._n))
                if w < 0:
                    w += 1 << 64
            else:
                w = _first_word(key, self._n)
            buf = (w,)
            self._buf = buf
            self._stage = 1
            return buf
        self._set_up()
        return super()._fill(need)

    def copy(self) -> Rng:
        self._set_up()
        return super().copy()

    def __reduce__(self) -> tuple[Callable[[str, int], Rng], tuple[str, int]]:
        self._set_up()
        return super().__reduce__()
