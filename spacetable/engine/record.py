"""Saves and replays: a game is (config, seed, action log).

A save is a JSON document ``{"format": "spacetable-save", "version": 1, "game", "config", "seed",
"actions": [text…]}``. Loading replays every action through the checked `apply`, re-drawing chance
outcomes from the state's own generator and checking they match the log, so a corrupt or tampered
save is refused with a clear error and never yields a half-built state.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from spacetable.engine.action import Action
from spacetable.engine.errors import SaveError, SpacetableError
from spacetable.engine.game import get_game
from spacetable.engine.state import CHANCE, State

FORMAT = "spacetable-save"
VERSION = 1


def to_document(state: State) -> dict[str, Any]:
    """The save document of a state (its config, seed and full action log)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": state.spec.name,
        "config": state.config,
        "seed": state.seed,
        "actions": [str(state.space[i]) for i in state.history],
    }


def dumps(state: State) -> str:
    return json.dumps(to_document(state), indent=1)


def save(state: State, path: str | Path) -> None:
    Path(path).write_text(dumps(state), encoding="utf-8")


def _check_document(doc: Any) -> None:
    if not isinstance(doc, dict):
        raise SaveError("save document is not a JSON object")
    if doc.get("format") != FORMAT:
        raise SaveError(f"not a spacetable save (format={doc.get('format')!r})")
    if doc.get("version") != VERSION:
        raise SaveError(f"unsupported save version {doc.get('version')!r}")
    for key, typ in (("game", str), ("config", dict), ("seed", int), ("actions", list)):
        if not isinstance(doc.get(key), typ):
            raise SaveError(f"save field {key!r} missing or not a {typ.__name__}")
    if not all(isinstance(a, str) for a in doc["actions"]):
        raise SaveError("save field 'actions' must be a list of strings")


def replay_states(doc: dict[str, Any]) -> Iterator[tuple[State, str | None]]:
    """Yield (state, action about to be applied) for every step, then (final state, None).

    The same state object is mutated between yields; copy it to keep one.
    """
    _check_document(doc)
    try:
        spec = get_game(doc["game"])
        state = spec.new_game(dict(doc["config"]), doc["seed"])
    except SpacetableError as e:
        raise SaveError(f"cannot start the saved game: {e}") from e
    state.events = []
    for n, text in enumerate(doc["actions"]):
        yield state, text
        try:
            if state.current_player() == CHANCE:
                drawn = state.sample_chance()
                if str(drawn) != text:
                    raise SaveError(
                        f"action {n + 1}: log says {text!r} but the seeded dice give {str(drawn)!r}"
                    )
            else:
                state.apply(Action.parse(text))  # exact text only: no prefix matching in saves
        except SaveError:
            raise
        except SpacetableError as e:
            raise SaveError(f"action {n + 1} ({text!r}) does not replay: {e}") from e
    yield state, None


def from_document(doc: Any) -> State:
    """Rebuild the state a save document describes."""
    final: State | None = None
    for final, _ in replay_states(doc):  # noqa: B007  (the last yielded state is the result)
        pass
    assert final is not None
    return final


def loads(text: str) -> State:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(f"save is not valid JSON: {e}") from e
    return from_document(doc)


def load(path: str | Path) -> State:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise SaveError(f"cannot read save {path}: {e}") from e
    return loads(text)
