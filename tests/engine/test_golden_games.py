"""Deterministic: a game is (config, seed, action log). A fixed set of bot games gives byte-identical
saves in every build and after every speed-up (tests/engine/golden_games.py)."""

from __future__ import annotations

import json

import pytest

from tests.engine.golden_games import DIGESTS, GAMES, digest, play

RECORDED: dict[str, str] = json.loads(DIGESTS.read_text())


def test_every_golden_game_is_recorded() -> None:
    assert sorted(RECORDED) == sorted(name for name, *_ in GAMES)


@pytest.mark.parametrize(("name", "game", "config", "seed", "bots"), GAMES, ids=[g[0] for g in GAMES])
def test_golden_game_plays_byte_for_byte_as_recorded(name: str, game: str, config: dict[str, object],
                                                     seed: int, bots: list[str]) -> None:
    state = play(game, dict(config), seed, bots)
    assert state.is_terminal()
    assert digest(state) == RECORDED[name], (
        f"{name}: the save differs from the recorded one; if a rule, card or bot changed on purpose, "
        "run `python -m tests.engine.golden_games --write` and say so in the commit")
