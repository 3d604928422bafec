"""Untrusted input at the engine's edges: every bad text or value raises the project's own error
(a `SpacetableError`) and leaves the state byte-identical (architecture: "Errors").

Fuzzed with hypothesis over all three games at random points of random games; bounded so the
whole file runs in a few seconds.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spacetable.games.highcard  # noqa: F401  (registers "highcard")
from spacetable.engine.action import MAX_TEXT, Action
from spacetable.engine.errors import ConfigError, ParseError, SpacetableError
from spacetable.engine.game import get_game
from spacetable.engine.record import entries_of
from spacetable.engine.rng import Rng
from spacetable.engine.state import State
from tests.engine.engine_helpers import random_step

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("highcard", {"players": 3}),
    ("moonrakers", {"players": 3, "expansions": ["binding-ties"]}),
    ("moonrakers", {"players": 1}),
    ("spacelanes", {"players": 3, "modes": ["pvp"]}),
]


def state_at(game: str, config: dict[str, Any], seed: int, steps: int) -> State:
    s = get_game(game).new_game(dict(config), seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        random_step(s, rng)
    return s


def snapshot(s: State) -> str:
    """Everything observable of a state: log, generator, decision and every view."""
    views = [s.view(p).to_json() for p in [*range(s.num_players), None]]
    return json.dumps([entries_of(s), s.rng.state, s.decision_name(), views], sort_keys=True, default=str)


ADVERSARIAL: list[object] = [
    None, 5, 23.0, True, b"play 1", ["play", 1], {"action": "x"}, "", " ", "\n", "play ²", "play ٣",
    "play --1", "play " + "9" * 5000, "9" * 30, "x" * (MAX_TEXT + 1), "play\x00", "play \u200b1",
    "<script>alert(1)</script>", "play 1; drop table", "take " + "a" * 900, "-1", "roll 99",
    "\ud800", "play 1 2 3 4 5 6 7 8 9", Action("no-such-kind"), Action("play", (10**30,)),
]

texts = st.one_of(
    st.text(max_size=60),
    st.from_regex(r"[a-z]{1,8}( -?[0-9]{1,25}| [a-z-]{1,12}){0,3}", fullmatch=True),
    st.sampled_from([v for v in ADVERSARIAL if isinstance(v, str)]),
)
values = st.one_of(texts, st.sampled_from(ADVERSARIAL), st.integers(), st.floats(), st.none(),
                   st.binary(max_size=20), st.lists(st.integers(), max_size=3))


def check_apply(s: State, value: object) -> None:
    """Either a legal action is applied, or a SpacetableError is raised and nothing changed."""
    before = snapshot(s)
    legal = [str(a) for a in s.legal_actions()]
    try:
        s.apply(value)  # type: ignore[arg-type]
    except SpacetableError:
        assert snapshot(s) == before
        return
    assert isinstance(value, (str, Action))
    assert str(s.space[s.history[-1]]) in legal


@pytest.mark.parametrize("value", ADVERSARIAL, ids=lambda v: repr(v)[:20])
@pytest.mark.parametrize("game, config", CONFIGS, ids=[f"{g}-{c['players']}" for g, c in CONFIGS])
def test_adversarial_values_into_apply_and_parse(game: str, config: dict[str, Any], value: object) -> None:
    s = state_at(game, config, 3, 15)
    check_apply(s, value)
    with contextlib.suppress(SpacetableError):
        s.parse(value)  # type: ignore[arg-type]
    with contextlib.suppress(SpacetableError):
        Action.parse(value)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CONFIGS), seed=st.integers(0, 2**20), steps=st.integers(0, 120), value=values)
def test_fuzzed_input_raises_only_project_errors_and_changes_nothing(
        case: tuple[str, dict[str, Any]], seed: int, steps: int, value: object) -> None:
    game, config = case
    check_apply(state_at(game, config, seed, steps), value)


@given(st.text(max_size=200))
@settings(max_examples=200, deadline=None)
def test_action_parse_raises_only_parse_errors(text: str) -> None:
    try:
        a = Action.parse(text)
    except ParseError:
        return
    assert Action.parse(str(a)) == a  # whatever parses has a canonical text that round-trips


@pytest.mark.parametrize("kind, args", [(None, ()), (5, ()), ("play", ["x"]), ("play", (None,)),
                                        ("play", (True,)), ("play", (1.5,))])
def test_building_an_action_from_wrong_types_is_a_parse_error(kind: object, args: object) -> None:
    with pytest.raises(ParseError):
        Action(kind, args)  # type: ignore[arg-type]


def test_action_text_is_bounded_and_numbers_are_ascii() -> None:
    with pytest.raises(ParseError, match="too long"):
        Action.parse("play " + "a" * MAX_TEXT)
    with pytest.raises(ParseError, match="too large"):
        Action.parse("play " + "9" * 19)
    with pytest.raises(ParseError, match="not a plain word"):
        Action.parse("play ²")
    assert Action.parse("swap -2").args == (-2,)


@pytest.mark.parametrize("players", ["abc", None, [3], True, 3.0, "3"])
def test_players_must_be_a_whole_number(players: object) -> None:
    with pytest.raises(ConfigError, match="whole number"):
        get_game("moonrakers").new_game({"players": players}, 1)


@pytest.mark.parametrize("game, key, value", [
    ("highcard", "modes", "lowball"),  # a string containing an option is not a list of options
    ("highcard", "modes", ["lowball", "lowball"]),
    ("spacelanes", "modes", None),
    ("spacelanes", "modes", 5),
    ("spacelanes", "turn_limit", -1),
    ("spacelanes", "turn_limit", True),
    ("spacelanes", "turn_limit", "5"),
    ("moonrakers", "expansions", ["binding-ties", 3]),
    ("moonrakers", "colour", "red"),
])
def test_config_values_are_checked_against_the_spec(game: str, key: str, value: object) -> None:
    with pytest.raises(ConfigError):
        get_game(game).new_game({"players": 3, key: value}, 1)


@pytest.mark.parametrize("seed", [-1, 1 << 128, (1 << 128) + 7, 10**4000, True, "7", 7.0, None])
def test_seeds_outside_the_generator_range_are_refused_not_folded(seed: object) -> None:
    """Seeds are the key's whole range, 0 ≤ seed < 2**128 (`rng.seed_key`); nothing is folded."""
    with pytest.raises(ConfigError, match="seed"):
        get_game("highcard").new_game({"players": 2}, seed)  # type: ignore[arg-type]
    top = get_game("highcard").new_game({"players": 2}, (1 << 128) - 1)
    assert top.seed == (1 << 128) - 1 and top.rng.state == ((1 << 128) - 1) << 64 | top.rng.state % 2**64
    # 2**64 + n is another game than n (no 64-bit folding anywhere)
    a = get_game("highcard").new_game({"players": 2}, 5)
    b = get_game("highcard").new_game({"players": 2}, (1 << 64) + 5)
    assert a.view(0).to_json() != b.view(0).to_json()


@pytest.mark.parametrize("seed", [1 << 64, -1])
def test_the_legacy_generator_takes_only_64_bit_seeds(seed: int) -> None:
    with pytest.raises(ConfigError, match="seed"):
        get_game("highcard").new_game({"players": 2}, seed, stream="splitmix64")
    with pytest.raises(ConfigError, match="unknown generator"):
        get_game("highcard").new_game({"players": 2}, 1, stream="mt19937")
