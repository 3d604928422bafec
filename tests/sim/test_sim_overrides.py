"""Card overrides (validated like the shipped data, recorded in the results) and sweep files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spacetable.engine.errors import ConfigError, DataError
from spacetable.sim.backends import make_backend
from spacetable.sim.overrides import apply, install, parse_overrides, read_overrides, shipped_docs
from spacetable.sim.results import read_results
from spacetable.sim.simulate import run_jobs
from spacetable.sim.sweep import parse_sweep, read_sweep

DOCK_HAND = {"slug": "dock-hand", "name": "Dock Hand", "set": "BG", "role": "Hand", "kind": "tech", "cost": 0,
             "text": "+2 Actions.", "effects": [{"op": "actions", "n": 2}]}


def write(path: Path, doc: object) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_change_replaces_fields_and_merges_objects() -> None:
    o = parse_overrides("moonrakers", {"contracts": [{"slug": "stim-run", "req": {"damage": 3}}],
                                       "crew": [DOCK_HAND]})
    docs = shipped_docs("moonrakers")
    contracts = apply(o, "contracts.json", docs["contracts.json"])["cards"]
    stim = next(c for c in contracts if c["slug"] == "stim-run")
    shipped = next(c for c in docs["contracts.json"]["cards"] if c["slug"] == "stim-run")
    assert stim["req"] == shipped["req"] | {"damage": 3}  # the other requirements stay
    crew = apply(o, "crew.json", docs["crew.json"])["cards"]
    assert crew[-1] == DOCK_HAND and len(crew) == len(docs["crew.json"]["cards"]) + 1
    assert apply(o, "objectives.json", docs["objectives.json"]) is docs["objectives.json"]
    assert o.summary() == {"contracts": ["stim-run"], "crew": ["dock-hand"]}
    assert len(o.digest) == 16 and json.loads(o.canonical) == o.doc


@pytest.mark.parametrize(("doc", "card", "field", "words"), [
    ({"ship_parts": [{"slug": "cloaking-device", "cost": -1}]}, "Cloaking Device", "cost", "negative"),
    ({"ship_parts": [{"slug": "cloaking-device", "cost": 99}]}, "Cloaking Device", "cost", "at most 20"),
    ({"crew": [{"slug": "ada-massa", "colour": "red"}]}, "Ada Massa", "colour", "unknown field"),
    ({"crew": [DOCK_HAND | {"effects": [{"op": "teleport"}]}]}, "Dock Hand", "effects[0].op", "unknown op"),
    ({"crew": [{k: v for k, v in DOCK_HAND.items() if k != "role"}]}, "Dock Hand", "role", "missing"),
    ({"crew": [DOCK_HAND | {"name": "Ada Massa"}]}, "Ada Massa", "name", "duplicate"),
    ({"widgets": [{"slug": "x"}]}, None, "widgets", "unknown card kind"),
    ({"crew": [{"cost": 2}]}, "crew[0]", "slug", "slug"),
])
def test_bad_overrides_name_file_card_and_field(tmp_path: Path, doc: object, card: str | None, field: str,
                                                words: str) -> None:
    path = write(tmp_path / "mine.json", doc)
    with pytest.raises(DataError) as e:
        read_overrides("moonrakers", path)
    assert str(path) in e.value.file and e.value.card == card and e.value.field == field
    assert words in str(e.value)


def test_space_lanes_overrides_keep_the_deck_rules(tmp_path: Path) -> None:
    ok = parse_overrides("spacelanes", {"action_cards": [{"slug": "scavenger-gang", "win": 7}]})
    cards = apply(ok, "cards.json", shipped_docs("spacelanes")["cards.json"])["cards"]
    assert next(c for c in cards if c["slug"] == "scavenger-gang")["win"] == 7
    with pytest.raises(DataError, match="100 cards"):  # a new card needs copies taken elsewhere
        parse_overrides("spacelanes", {"action_cards": [{"slug": "scavenger-gang", "copies": 5}]})
    with pytest.raises(DataError, match="integer in 2..12"):  # two dice (L15)
        parse_overrides("spacelanes", {"action_cards": [{"slug": "scavenger-gang", "win": 13}]})
    with pytest.raises(ConfigError, match="no card overrides"):
        parse_overrides("highcard", {"cards": []})
    with pytest.raises(DataError, match="not valid JSON"):
        read_overrides("spacelanes", _broken(tmp_path))


def _broken(tmp_path: Path) -> Path:
    path = tmp_path / "broken.json"
    path.write_text("{", encoding="utf-8")
    return path


def test_a_process_whose_tables_are_built_refuses_other_cards() -> None:
    import spacetable.games.moonrakers  # noqa: F401  (the tables of this process: the shipped cards)

    install(None, "moonrakers")  # the shipped cards: fine
    with pytest.raises(ConfigError, match="fresh worker process"):
        install(parse_overrides("moonrakers", {"crew": [{"slug": "ada-massa", "cost": 1}]}), "moonrakers")


def test_a_sweep_with_an_override_records_it_and_plays_it(tmp_path: Path) -> None:
    # every contract free of requirements and dice and worth 10 Prestige: the first captain to take one
    # reaches 10 Prestige, which ends the game (7.1)
    easy = [{"slug": c["slug"], "prestige": 10, "dice": 0,
             "req": {t: 0 for t in ("reactor", "thruster", "shield", "damage", "crew")}}
            for c in shipped_docs("moonrakers")["contracts.json"]["cards"]]
    write(tmp_path / "easy.json", {"contracts": easy, "crew": [DOCK_HAND]})
    (tmp_path / "sweep.toml").write_text("""
[[run]]
name = "base"
game = "moonrakers"
players = 2
games = 4
bots = "greedy"
seed = 7

[[run]]
name = "easy"
game = "moonrakers"
players = 2
games = 4
bots = ["greedy", "greedy"]
seed = 7
cards = "easy.json"
""", encoding="utf-8")
    jobs = read_sweep(tmp_path / "sweep.toml")
    assert [j.run.run for j in jobs] == ["base", "easy"] and jobs[1].run.cards is not None
    with make_backend("serial") as backend:
        reports = run_jobs(jobs, backend, tmp_path / "r.parquet")
    assert reports[1].cards == jobs[1].run.cards.digest and reports[0].cards is None
    rows = read_results(tmp_path / "r.parquet").to_pylist()
    base = [r for r in rows if r["run"] == "base"]
    easy_rows = [r for r in rows if r["run"] == "easy"]
    assert len(base) == len(easy_rows) == 8
    assert all(r["cards"] == "" and r["cards_digest"] == "" for r in base)
    assert all(json.loads(r["cards"]) == {"contracts": easy, "crew": [DOCK_HAND]}
               and r["cards_digest"] == reports[1].cards for r in easy_rows)
    assert all(r["status"] == "finished" for r in rows)
    assert min(r["turns"] for r in base) > 5
    assert max(r["turns"] for r in easy_rows) <= 2
    for r in easy_rows:
        if r["winner"]:
            assert r["prestige"] >= 10 and set(r["contracts_completed"]) <= {c["slug"] for c in easy}
    # same seeds, other cards: other games, each kept under its own identity
    assert {r["game_id"] for r in base}.isdisjoint({r["game_id"] for r in easy_rows})


@pytest.mark.parametrize(("doc", "words"), [
    ({}, "no [[run]] tables"),
    ({"runs": []}, "unknown top-level key 'runs'"),
    ({"run": [{"game": "moonrakers", "players": 2, "games": 1, "bots": "greedy"}]}, "run 1: seed: missing"),
    ({"run": [{"game": "moonrakers", "players": 2, "games": 1, "bots": "greedy", "seed": 1, "colour": 1}]},
     "run 1: colour: unknown key"),
    ({"run": [{"game": "moonrakers", "players": 2, "games": "many", "bots": "greedy", "seed": 1}]},
     "games: must be a whole number"),
    ({"run": [{"game": "moonrakers", "players": 2, "games": 1, "bots": "nobody", "seed": 1, "name": "x"}]},
     "run 1 ('x'): no bot 'nobody'"),
    ({"run": [{"name": "a", "game": "highcard", "players": 2, "games": 1, "bots": "random", "seed": 1}] * 2},
     "a second run called 'a'"),
    ({"run": [{"game": "moonrakers", "players": 2, "games": 1, "bots": "greedy", "seed": 1,
               "expansions": ["binding-ties"]}]}, "run 1"),
])
def test_bad_sweep_files_name_the_run_and_the_key(doc: dict[str, object], words: str) -> None:
    with pytest.raises(ConfigError) as e:
        parse_sweep(doc, "s.toml")
    assert str(e.value).startswith("s.toml") and words in str(e.value)


def test_a_sweep_file_that_is_not_toml(tmp_path: Path) -> None:
    (tmp_path / "s.toml").write_text("[[run]\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid TOML"):
        read_sweep(tmp_path / "s.toml")
    with pytest.raises(ConfigError, match="cannot read"):
        read_sweep(tmp_path / "missing.toml")
