"""Saves: a game is (config, seed, action log); corrupt or tampered saves give SaveError."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spacetable.engine import record
from spacetable.engine.errors import ConfigError, SaveError
from spacetable.engine.game import get_game
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from tests.engine.engine_helpers import new_highcard, random_step


def finished_game(seed: int = 4, players: int = 3, steps: int | None = None) -> State:
    s = new_highcard(players, seed, modes=["lowball"])
    rng = Rng(seed)
    n = 0
    while not s.is_terminal() and (steps is None or n < steps):
        random_step(s, rng)
        n += 1
    return s


def same_game(a: State, b: State) -> bool:
    def views(s: State) -> list[dict[str, Any]]:
        return [s.view(p).to_json() for p in [None, *range(s.num_players)]]

    return a.history == b.history and a.rng.state == b.rng.state and views(a) == views(b)


@pytest.mark.parametrize("steps", [0, 7, None])
def test_save_load_round_trip(tmp_path: Path, steps: int | None) -> None:
    s = finished_game(steps=steps)
    path = tmp_path / "game.json"
    record.save(s, path)
    loaded = record.load(path)
    assert same_game(s, loaded)
    assert loaded.config == s.config and loaded.seed == s.seed
    assert same_game(record.loads(record.dumps(s)), s)


def test_document_lists_actions_as_text() -> None:
    doc = record.to_document(finished_game())
    assert doc["format"] == "spacetable-save" and doc["game"] == "highcard"
    assert doc["actions"][0].startswith("roll ") and all(isinstance(a, str) for a in doc["actions"])


def test_loaded_game_continues_like_the_original() -> None:
    s = finished_game(steps=10)
    t = record.loads(record.dumps(s))
    ra, rb = Rng(9), Rng(9)
    while not s.is_terminal():
        random_step(s, ra)
        random_step(t, rb)
    assert same_game(s, t)


def test_replay_states_yields_each_step_then_the_end() -> None:
    s = finished_game()
    doc = record.to_document(s)
    steps = [text for _, text in record.replay_states(doc)]
    assert steps == [*doc["actions"], None]


def _doc() -> dict[str, Any]:
    return record.to_document(finished_game())


def _tamper(index_of: str, replacement: str) -> dict[str, Any]:
    doc = _doc()
    i = next(n for n, a in enumerate(doc["actions"]) if a.startswith(index_of))
    doc["actions"][i] = replacement
    return doc


def test_bad_json_is_a_save_error() -> None:
    with pytest.raises(SaveError, match="not valid JSON"):
        record.loads("{not json")


@pytest.mark.parametrize("change, message", [
    ({"format": "chess-pgn"}, "not a spacetable save"),
    ({"version": 99}, "unsupported save version"),
    ({"seed": "seven"}, "seed"),
    ({"actions": "roll 1"}, "actions"),
    ({"actions": [1, 2]}, "must be an action text"),
    ({"rng": "mt19937"}, "must name a generator"),
    ({"game": "tiddlywinks"}, "settings .* were damaged or edited"),
    ({"config": {"players": 9}}, "settings .* were damaged or edited"),
])
def test_wrong_format_or_fields_are_save_errors(change: dict[str, Any], message: str) -> None:
    doc = {**_doc(), **change}
    with pytest.raises(SaveError, match=message):
        record.from_document(doc)


@pytest.mark.parametrize("change", [{"game": "tiddlywinks"}, {"config": {"players": 9}}])
def test_a_game_this_build_cannot_start_is_a_save_error(change: dict[str, Any]) -> None:
    """A save whose digest vouches for its settings, but whose game or config this build refuses."""
    doc = {**_doc(), **change}
    doc["digest"]["header"] = record.header_digest(doc)
    with pytest.raises(SaveError, match="cannot start the saved game"):
        record.from_document(doc)


def test_not_an_object_is_a_save_error(tmp_path: Path) -> None:
    with pytest.raises(SaveError):
        record.loads("[1, 2, 3]")
    with pytest.raises(SaveError, match="cannot read"):
        record.load(tmp_path / "missing.json")


def test_tampered_action_is_refused() -> None:
    """A play of a card the seat does not hold does not replay."""
    doc = _doc()
    s = new_highcard(3, 4, modes=["lowball"])
    s.sample_chance()
    legal = [str(a) for a in s.legal_actions()]
    not_held = next(c for c in range(1, 25)
                    if c not in s.hands[0] and not any(t.startswith(f"play {c}") for t in legal))
    doc["actions"][1] = f"play {not_held}"
    with pytest.raises(SaveError, match=r"action 2 \("):
        record.from_document(doc)
    doc["actions"][1] = "fly to the moon"
    with pytest.raises(SaveError, match="does not replay"):
        record.from_document(doc)


def test_tampered_action_that_is_a_prefix_of_a_legal_one_is_refused() -> None:
    doc = _doc()
    s = new_highcard(3, 4, modes=["lowball"])
    s.sample_chance()
    legal = [str(a) for a in s.legal_actions()]
    prefix = next(f"play {c}" for c in range(1, 3)
                  if f"play {c}" not in legal and sum(t.startswith(f"play {c}") for t in legal) == 1)
    doc["actions"][1] = prefix
    with pytest.raises(SaveError, match=r"action 2 \("):
        record.from_document(doc)


def test_tampered_chance_outcome_is_refused() -> None:
    """The dice are re-drawn from the seed: a log claiming another face is refused."""
    doc = _doc()
    first = doc["actions"][0]
    face = int(first.split()[1])
    doc["actions"][0] = f"roll {face % 6 + 1}"
    with pytest.raises(SaveError, match="seeded dice"):
        record.from_document(doc)


def test_extra_keys_are_ignored_so_clients_can_annotate_saves() -> None:
    """Keys another client adds are neither read nor covered by the digest (docs/saves-and-undo.md)."""
    doc = {**_doc(), "notes": {"by": "a tournament tool"}, "rating": 1500}
    assert record.from_document(doc).is_terminal()


def test_registry_refuses_unknown_games_options_and_player_counts() -> None:
    spec = get_game("highcard")
    with pytest.raises(ConfigError, match="unknown game"):
        get_game("tiddlywinks")
    with pytest.raises(ConfigError, match="unknown option"):
        spec.make_config(2, colour="red")
    with pytest.raises(ConfigError, match="2–4 players"):
        spec.new_game({"players": 5}, 1)
    assert spec.make_config(3) == {"players": 3, "modes": []}


def test_chance_history_records_the_drawn_outcome() -> None:
    s = new_highcard(2, 8)
    assert s.current_player() == CHANCE
    drawn = s.sample_chance()
    assert s.history == [drawn.index] and record.to_document(s)["actions"] == [str(drawn)]
    assert json.loads(record.dumps(s))["actions"] == [str(drawn)]
