"""RL env `step()` takes action indexes only: any integer `operator.index` accepts (NumPy integers
included), never bool, float, str or None; a bad index raises a `SpacetableError` and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

import spacetable.games.highcard  # noqa: F401  (registers "highcard")
from spacetable.engine.errors import IllegalAction, ParseError, SpacetableError
from spacetable.rl import SpacetableEnv


class Index:
    """A small integer-like type (what NumPy integers look like to `operator.index`)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def _env() -> tuple[SpacetableEnv, int, int]:
    env = SpacetableEnv("highcard", players=2)
    _, info = env.reset(seed=3)
    mask = info["action_mask"]
    legal = next(i for i, m in enumerate(mask) if m)
    illegal = next(i for i, m in enumerate(mask) if not m)
    return env, legal, illegal


def _snapshot(env: SpacetableEnv) -> tuple[list[int], str, int]:
    assert env.state is not None
    return env.state.history, json.dumps(env.state.view(None).to_json(), sort_keys=True), env.steps


@pytest.mark.parametrize("bad", [True, False, 1.0, 23.0, float("nan"), "1", "play 5", None, [1], b"\x01"])
def test_non_integers_are_refused_and_change_nothing(bad: Any) -> None:
    """Not an index: ParseError (a SpacetableError), state, history and step count unchanged."""
    env, _, _ = _env()
    before = _snapshot(env)
    with pytest.raises(ParseError, match="integer index"):
        env.step(bad)
    assert _snapshot(env) == before


@pytest.mark.parametrize("which", ["illegal", "negative", "huge"])
def test_bad_integer_indexes_raise_illegal_action_and_change_nothing(which: str) -> None:
    env, _, illegal = _env()
    index = {"illegal": illegal, "negative": -1, "huge": 10**30}[which]
    before = _snapshot(env)
    with pytest.raises(IllegalAction) as err:
        env.step(Index(index))
    assert isinstance(err.value, SpacetableError)
    assert _snapshot(env) == before


def test_integer_like_indexes_are_accepted() -> None:
    """Anything with __index__ is an index: the same step as the plain int."""
    env, legal, _ = _env()
    want = env.step(legal)
    env2, legal2, _ = _env()
    assert legal2 == legal
    assert env2.step(Index(legal)) == want


def test_numpy_integers_are_accepted_and_numpy_bools_and_floats_refused() -> None:
    import numpy as np

    env, legal, _ = _env()
    for bad in (np.bool_(True), np.float64(legal)):
        with pytest.raises(ParseError):
            env.step(bad)
    env2, _, _ = _env()
    assert env.step(np.int64(legal)) == env2.step(legal)
