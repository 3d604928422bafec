"""Deterministic: a game is (config, seed, action log). A fixed set of bot games plays move for move as
written in tests/engine/playthroughs/ in every build and after every speed-up (tests/engine/golden_games.py):
the test plays each game again, writes its playthrough in memory and names the first line that differs."""

from __future__ import annotations

import pytest

from tests.engine.golden_games import GAMES, PLAYTHROUGHS, REGENERATE, Golden, text


def first_difference(recorded: list[str], played: list[str]) -> str | None:
    """'line N: recorded … / played …' for the first line that differs, or None when all agree."""
    for n, (a, b) in enumerate(zip(recorded, played, strict=False), start=1):
        if a != b:
            return f"line {n}:\n  recorded: {a}\n  played:   {b}"
    if len(recorded) != len(played):
        n = min(len(recorded), len(played)) + 1
        longer, which = (recorded, "recorded") if len(recorded) > len(played) else (played, "played")
        return f"line {n}: only the {which} game goes on:\n  {longer[n - 1]}"
    return None


def test_every_golden_game_has_its_playthrough_and_no_other_file_is_left() -> None:
    assert sorted(PLAYTHROUGHS.glob("*.txt")) == sorted(g.path for g in GAMES), (
        f"the playthrough files and the golden games disagree; run `{REGENERATE}`")


def test_first_difference_names_the_first_differing_line() -> None:
    assert first_difference(["a", "b", "c"], ["a", "b", "c"]) is None
    assert first_difference(["a", "b", "c"], ["a", "x", "c"]) == "line 2:\n  recorded: b\n  played:   x"
    assert first_difference(["a", "b"], ["a", "b", "c"]) == "line 3: only the played game goes on:\n  c"
    assert first_difference(["a", "b"], ["a"]) == "line 2: only the recorded game goes on:\n  b"


@pytest.mark.parametrize("g", GAMES, ids=[g.name for g in GAMES])
def test_golden_game_plays_move_for_move_as_its_playthrough(g: Golden) -> None:
    recorded = g.path.read_text().splitlines()
    played = text(g).splitlines()
    difference = first_difference(recorded, played)
    if difference is not None:
        pytest.fail(f"{g.path.relative_to(PLAYTHROUGHS.parents[2])} differs from what the code plays now, "
                    f"{difference}\nIf a rule, card, bot or the random generator changed play on purpose, "
                    f"run `{REGENERATE}` and say which and why in the commit.", pytrace=False)
