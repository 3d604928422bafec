"""Saves detect damage (format version 3, docs/saves-and-undo.md): a digest of the recorded game and of
every setting spacetable reads (game, config, seed, generator, practice, the terminal's table), forced
chance outcomes kept, older saves (format 2 and 1, dealt by the splitmix64 generator) still loading,
and every malformed document answered with `SaveError`."""

from __future__ import annotations

import contextlib
import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spacetable.games.highcard  # noqa: F401  (registers "highcard")
from spacetable import buildinfo
from spacetable.engine import record
from spacetable.engine.errors import SaveError
from spacetable.engine.game import get_game
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.sim.setup import make_bots

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("highcard", {"players": 3}),
    ("moonrakers", {"players": 3, "expansions": ["binding-ties"]}),
    ("moonrakers", {"players": 2, "modules": ["first-encounter"]}),
    ("spacelanes", {"players": 3, "modes": ["pvp", "exploration"]}),
]


def played(game: str, config: dict[str, Any], seed: int, steps: int = 10**6) -> State:
    """A game played by its strongest bots (random for highcard) for up to `steps` decisions."""
    s = get_game(game).new_game(dict(config), seed)
    names = ["greedy" if game != "highcard" else "random"] * s.num_players
    bots, rng, n = make_bots(game, names), Rng(seed), 0
    while not s.is_terminal() and n < steps:
        if s.current_player() == CHANCE:
            s.sample_chance()
        else:
            s.apply_fast(bots[s.current_player()].choose(s, s.current_player(), rng))
            n += 1
    return s


@pytest.fixture(scope="module")
def docs() -> list[dict[str, Any]]:
    return [record.to_document(played(g, c, seed)) for g, c in GAMES for seed in (1, 2)]


OLD_SAVES = sorted((Path(__file__).parent / "data").glob("save-v2-*.json"))
"""Saves written by the last build before the keyed generator (format version 2, with a terminal's
``table``): they must keep loading, on the generator they were dealt with."""


def test_version_3_document_carries_its_digest(docs: list[dict[str, Any]]) -> None:
    for doc in docs:
        assert doc["version"] == 3 and doc["digest"]["encoding"] == record.ENCODING
        assert doc["rng"] == "shake256" and doc["digest"]["header"] == record.header_digest(doc)
        every = doc["digest"]["every"]
        assert [n for n, _ in doc["digest"]["checkpoints"]] == list(
            range(every, len(doc["actions"]) + 1, every))
        loaded = record.open_document(json.loads(json.dumps(doc)))
        assert loaded.verified and loaded.note == ""


def _variants(doc: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Neighbour swaps and single deletions all along the log (distinct texts only)."""
    out = []
    actions = doc["actions"]
    for i in range(0, len(actions) - 1, max(1, len(actions) // 25)):
        if actions[i] != actions[i + 1]:
            d = copy.deepcopy(doc)
            d["actions"][i], d["actions"][i + 1] = d["actions"][i + 1], d["actions"][i]
            out.append((f"swap {i}", d))
        d = copy.deepcopy(doc)
        del d["actions"][i]
        out.append((f"delete {i}", d))
    return out


def test_swapped_or_deleted_actions_never_load_silently(docs: list[dict[str, Any]]) -> None:
    """The damage that used to load as another legal game (8% of swaps, 7% of deletions) is
    refused: either the log no longer replays or the digest names where it departs."""
    tried = 0
    for doc in docs:
        for _name, damaged in _variants(doc):
            tried += 1
            with pytest.raises(SaveError):
                record.from_document(damaged)
    assert tried > 100


def test_a_digest_mismatch_names_the_first_checkpoint_that_departs() -> None:
    s = played("moonrakers", {"players": 2}, 5)
    doc = record.to_document(s)
    assert len(doc["actions"]) > 160
    # Tamper with the log's text inside one checkpoint's span in a way that still replays: the
    # entries are hashed into the checkpoint, so only that span's checkpoint can disagree.
    doc["digest"]["checkpoints"][2][1] = "0" * 64
    with pytest.raises(SaveError, match="between moves 101 and 150"):
        record.from_document(doc)
    doc = record.to_document(s)
    doc["digest"]["final"] = "f" * 64
    with pytest.raises(SaveError, match="final state"):
        record.from_document(doc)


@pytest.mark.skipif(buildinfo.build() == "compiled", reason="compiled methods cannot be patched at run time; "
                    "the pure run checks this (the record code is the same)")
def test_a_rules_change_is_caught_at_the_first_checkpoint(monkeypatch: pytest.MonkeyPatch) -> None:
    """A build whose rules replay the same log into another flow (another decision at some point) is
    refused, not trusted; a build that only words its views differently still checks the save."""
    s = played("highcard", {"players": 2}, 3)
    doc = record.to_document(s)
    cls = type(s)
    original_view = cls.view

    def changed_view(self: State, player: int | None) -> Any:
        v = original_view(self, player)  # type: ignore[arg-type]
        v.data["new_field"] = 1
        return v

    monkeypatch.setattr(cls, "view", changed_view)
    assert record.open_document(doc).verified  # the screens are not the game
    original_decision = cls.decision_name

    def changed_decision(self: State) -> str:
        return original_decision(self) + "-renamed"

    monkeypatch.setattr(cls, "decision_name", changed_decision)
    with pytest.raises(SaveError, match="departs"):
        record.from_document(doc)


def _table_doc(practice: bool = False) -> dict[str, Any]:
    s = played("moonrakers", {"players": 2}, 7, steps=70)
    table = {"humans": [0], "bots": {"1": "greedy"}}
    return record.to_document(s, practice=practice, client={"table": table})


@pytest.mark.parametrize("key, value", [
    ("table", {"humans": [1], "bots": {"0": "greedy"}}),  # valid, but another seating
    ("table", {"humans": [0], "bots": {"1": "random"}}),
    ("table", None),
    ("practice", True),
    ("seed", 8),
    ("config", {"players": 2, "modules": ["first-encounter"]}),
    ("rng", "splitmix64"),
    ("format", "spacetable-save"),  # unchanged: must still load
])
def test_every_setting_spacetable_reads_is_covered(key: str, value: Any) -> None:
    """A damaged covered block is refused before anything replays (the old format let a changed
    seating load silently); a key left as it was loads."""
    doc = _table_doc()
    unchanged = doc.get(key) == value
    if value is None:
        del doc[key]
    else:
        doc[key] = value
    if unchanged:
        assert record.open_document(doc).verified
        return
    with pytest.raises(SaveError, match="settings .* were damaged or edited"):
        record.from_document(doc)
    with pytest.raises(SaveError, match="settings"):
        list(record.replay_states(doc))


def test_a_practice_save_keeps_its_flag_covered() -> None:
    doc = _table_doc(practice=True)
    assert record.open_document(doc).practice
    del doc["practice"]
    with pytest.raises(SaveError, match="damaged or edited"):
        record.from_document(doc)


def test_only_spacetables_own_client_keys_are_covered() -> None:
    with pytest.raises(SaveError, match="covers the client keys table only"):
        record.to_document(played("highcard", {"players": 2}, 3), client={"notes": "x"})


@pytest.mark.parametrize("path", OLD_SAVES, ids=[p.stem for p in OLD_SAVES])
def test_version_2_saves_load_on_the_generator_they_were_dealt_with(path: Path) -> None:
    """Format 2 saves replay on splitmix64, their digest checked (so the replay is the recorded game);
    saved again, they become format 3 naming that generator, and keep loading."""
    doc = json.loads(path.read_text())
    assert doc["version"] == 2 and "table" in doc
    loaded = record.open_document(doc)
    assert loaded.version == 2 and "older save" in loaded.note
    # its digest encodes the views as that build drew them: where they have been reworded since, the
    # save loads unvouched and says from which move (its moves are still replayed by the rules)
    assert loaded.verified == (loaded.stale_from is None)
    if loaded.stale_from is not None:
        assert "cannot vouch" in loaded.note
    assert loaded.state.rng.stream == "splitmix64" and len(loaded.state.history) == len(doc["actions"])
    again = json.loads(json.dumps(record.to_document(loaded.state, client={"table": doc["table"]})))
    assert again["version"] == 3 and again["rng"] == "splitmix64"
    reloaded = record.open_document(again)
    assert reloaded.note == "" and reloaded.state.view(None).to_json() == loaded.state.view(None).to_json()
    # the same log on the keyed generator is another game: it does not replay
    with pytest.raises(SaveError):
        record.replay_actions(doc["game"], doc["config"], doc["seed"], doc["actions"])


def test_version_1_saves_load_marked_unverified() -> None:
    doc = json.loads(OLD_SAVES[0].read_text())
    doc["version"] = 1
    del doc["digest"]
    loaded = record.open_document(doc)
    assert not loaded.verified and "unverified" in loaded.note
    assert loaded.state.rng.stream == "splitmix64"
    assert loaded.state.history == record.open_document(json.loads(OLD_SAVES[0].read_text())).state.history


@pytest.mark.parametrize("game, config", GAMES)
def test_forced_chance_outcomes_are_recorded_and_replayed(game: str, config: dict[str, Any]) -> None:
    """apply(outcome) at a CHANCE step forces it; the save keeps it as {"forced": text}, so every
    state that can exist can be saved and loaded."""
    s = get_game(game).new_game(dict(config), 11)
    rng = Rng(3)
    forced = 0
    for _ in range(400):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            outcomes = s.chance_outcomes()
            s.apply(outcomes[-1][0])  # the least likely seeded draw: forced by the caller
            forced += 1
        else:
            s.apply_fast(rng.choice(s.legal_actions()))
    assert forced > 0 and len(s.forced) == forced
    doc = json.loads(record.dumps(s))
    assert sum(isinstance(a, dict) for a in doc["actions"]) == forced
    t = record.from_document(doc)
    assert t.history == s.history and t.forced == s.forced
    assert t.view(None).to_json() == s.view(None).to_json()


def test_a_forced_entry_where_no_chance_is_due_is_refused() -> None:
    s = played("highcard", {"players": 2}, 3, steps=4)
    doc = record.to_document(s)
    doc["actions"][1] = {"forced": doc["actions"][1]}
    with pytest.raises(SaveError, match="forced but no die"):
        record.from_document(doc)


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    '{"format": "spacetable-save", "version": 2, "seed": ' + "7" * 5000 + "}",
    b"\xff\xfe\x00{}",
    " " * (record.MAX_DOCUMENT + 1),
    "null", "[]", '"text"', "{}", "{not json",
])
def test_malformed_documents_are_save_errors(text: str | bytes) -> None:
    with pytest.raises(SaveError):
        record.loads(text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=6), kids, max_size=3),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                    HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_saves_raise_only_save_errors(docs: list[dict[str, Any]], data: st.DataObject) -> None:
    """Random mutations of real saves: a key dropped or replaced, an entry replaced, inserted or
    removed, a digest field changed. Loading either succeeds on an equivalent document or raises
    SaveError, never another exception."""
    doc = copy.deepcopy(data.draw(st.sampled_from(docs)))
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(["top", "config", "entry", "digest", "insert", "drop"]))
        if where == "top":
            key = data.draw(st.sampled_from(["format", "version", "game", "config", "seed", "rng", "actions",
                                             "digest", "practice", "table"]))
            if data.draw(st.booleans()):
                doc.pop(key, None)
            else:
                doc[key] = data.draw(json_values)
        elif where == "config" and isinstance(doc.get("config"), dict):
            key = data.draw(st.sampled_from(["players", "modes", "modules", "expansions", "turn_limit", "x"]))
            doc["config"][key] = data.draw(json_values)
        elif where == "digest" and isinstance(doc.get("digest"), dict):
            key = data.draw(st.sampled_from(["encoding", "header", "every", "checkpoints", "final"]))
            doc["digest"][key] = data.draw(json_values)
        elif isinstance(doc.get("actions"), list) and doc["actions"]:
            i = data.draw(st.integers(0, len(doc["actions"]) - 1))
            if where == "entry":
                doc["actions"][i] = data.draw(json_values)
            elif where == "insert":
                doc["actions"].insert(i, data.draw(json_values | st.sampled_from(doc["actions"])))
            else:
                del doc["actions"][i]
    with contextlib.suppress(SaveError):
        record.from_document(json.loads(json.dumps(doc)))
