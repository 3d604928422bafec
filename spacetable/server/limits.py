"""Limits one client cannot talk its way past: bot budgets within the server's caps, and token
buckets (game creation per client address, messages per WebSocket)."""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Any

from spacetable.bots.base import make_bot
from spacetable.engine.errors import SpacetableError
from spacetable.server.botpool import Caps
from spacetable.server.errors import ApiError

HUMAN = "human"


def check_bot(game: str, name: str, caps: Caps, config: dict[str, Any] | None = None) -> None:
    """`ApiError` 400 unless the bot registry knows `name` for `game` (and, given the config, it plays
    that configuration) and its budget per decision is within the server's caps (a time budget up to
    `caps.seconds`, an iteration budget up to `caps.iterations`: the message names the caps). A policy
    from the network must be a shipped one (``policy:NAME``): a path names a file on the server, which
    no client may choose."""
    base, colon, rest = name.partition(":")
    if colon and base.strip() == "policy":
        from spacetable.rl.policy_bot import is_shipped, shipped_names  # numpy: only for policy seats

        if not is_shipped(rest.strip()):
            offered = ", ".join(shipped_names(game)) or "none for this game"
            raise ApiError(400, f"this server seats only shipped policies ({offered}), not {name!r}")
    try:
        bot = make_bot(game, name)
        check = getattr(bot, "check", None)
        if check is not None and config is not None:
            check(game, config)
    except (ValueError, TypeError, SpacetableError) as e:
        raise ApiError(400, str(e)) from e
    seconds = getattr(bot, "seconds", None)
    iterations = getattr(bot, "iterations", None)
    base = base.strip()
    allowed = (f"this server allows at most {caps.seconds:g} s ({base}:{caps.seconds:g}s) or "
               f"{caps.iterations:,} iterations ({base}:{caps.iterations}it) per decision")
    if isinstance(seconds, int | float) and seconds > caps.seconds:
        raise ApiError(400, f"bot {name!r} would think up to {seconds:g} s per decision; {allowed}")
    if isinstance(iterations, int) and iterations > caps.iterations:
        raise ApiError(400, f"bot {name!r} would search {iterations:,} iterations per decision; {allowed}")


class Bucket:
    """A token bucket: `burst` tokens, refilled at `rate` per second; `take()` spends one."""

    __slots__ = ("rate", "burst", "tokens", "at")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def _refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def take(self) -> bool:
        self._refill(time.monotonic())
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next token (0 when one is there)."""
        self._refill(time.monotonic())
        if self.tokens >= 1.0:
            return 0.0
        return (1.0 - self.tokens) / self.rate if self.rate > 0 else float("inf")


class RateLimiter:
    """One `Bucket` per key (a client address); the least recently used keys are forgotten past
    `keys` of them (a forgotten key starts again with a full bucket)."""

    def __init__(self, per_minute: float, burst: int, keys: int = 10_000) -> None:
        self.rate = per_minute / 60.0
        self.burst = max(1, burst)
        self.keys = keys
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def check(self, key: str, what: str) -> None:
        """Spend one token of `key`'s bucket; `ApiError` 429 saying when to try again otherwise."""
        bucket = self._buckets.pop(key, None) or Bucket(self.rate, self.burst)
        self._buckets[key] = bucket
        while len(self._buckets) > self.keys:
            self._buckets.popitem(last=False)
        if not bucket.take():
            wait = max(1, round(bucket.wait()))
            raise ApiError(429, f"too many {what} from your address: at most {self.burst} at once and "
                                f"{self.rate * 60:g} a minute; try again in {wait} s", retry_after=wait)
