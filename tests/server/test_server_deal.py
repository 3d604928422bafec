"""The deal cannot be computed (docs/server.md, "Provably fair deals").

The attack this answers: with a spectator token only, the face-up display of a game whose seed was
32 bits (`os.urandom(4)`) let a search of all 2**32 seeds recover every hand. Now a game created
without a seed draws 128 bits from `secrets` for its seed (the generator's key) and for a salt,
publishes SHA-256(salt ‖ seed) at creation and opens both when the game is over; a seed given at
creation is announced to every seat (`fixed_seed`).

The search itself is run as the attacker ran it, on the candidates most likely to hold the seed
(each 32-bit piece of it, the smallest seeds, a random sample of the rest of the 32-bit family) and
on both generators; a positive control shows the method finds the seed when it is in the family.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from spacetable.cli.main import app
from spacetable.engine import record
from spacetable.engine.errors import SpacetableError
from spacetable.engine.game import get_game
from spacetable.engine.rng import LEGACY_STREAM, STREAM
from spacetable.engine.state import CHANCE
from spacetable.server import deal as deal_module
from spacetable.sim.runner import play_out
from spacetable.sim.setup import make_bots
from spacetable.sim.simulate import simulate
from spacetable.sim.worker import seating
from tests.server.server_helpers import auth, client, play_step, view

MASK32 = (1 << 32) - 1
# the attacked configurations: a 4-player Binding Ties game with three people, a Space Lanes game
ATTACKED = [
    {"game": "moonrakers", "players": 4, "seats": ["human", "human", "human", "greedy"],
     "expansions": ["binding-ties"]},
    {"game": "spacelanes", "players": 3, "seats": ["human", "human", "greedy"]},
]


def spy_on_secrets(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, Any]]:
    """Record every call the server's deal makes to `secrets` (what it asked for, what it got)."""
    calls: list[tuple[str, int, Any]] = []

    def wrap(name: str, real: Callable[[int], Any]) -> Callable[[int], Any]:
        def spy(n: int) -> Any:
            out = real(n)
            calls.append((name, n, out))
            return out
        return spy

    monkeypatch.setattr(deal_module.secrets, "randbits", wrap("randbits", secrets.randbits))
    monkeypatch.setattr(deal_module.secrets, "token_bytes", wrap("token_bytes", secrets.token_bytes))
    return calls


def created_without_seed(c: TestClient, body: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    r = c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    g = r.json()
    return g, c.app.state.service.tables[g["id"]]  # type: ignore[attr-defined]


def reproduces(game: str, config: dict[str, Any], seed: int, stream: str, entries: list[str],
               public: dict[str, Any]) -> bool:
    """Whether `seed` on `stream` gives the public view a spectator sees after the game's first entries
    (the attacker's test of a candidate: the same dice, draws and face-up cards)."""
    try:
        state = record.replay_actions(game, dict(config), seed, list(entries), stream=stream)
    except SpacetableError:
        return False
    return state.view(None).to_json() == public


def search_32_bit_family(game: str, config: dict[str, Any], seed: int, entries: list[str],
                         public: dict[str, Any]) -> list[tuple[int, str]]:
    """The seeds below 2**32 that reproduce the public deal: the 32-bit pieces of the real seed (where
    a truncated or folded seed would be), the smallest seeds and a random sample of the family, on
    the keyed generator and on the old one."""
    pieces = [(seed >> shift) & MASK32 for shift in (0, 32, 64, 96)]
    candidates = pieces + list(range(256)) + random.Random(seed).sample(range(1 << 32), 600)
    return [(n, stream) for n in candidates for stream in (STREAM, LEGACY_STREAM)
            if reproduces(game, config, n, stream, entries, public)]


@pytest.mark.parametrize("body", ATTACKED, ids=[b["game"] for b in ATTACKED])
def test_a_game_without_a_seed_is_dealt_from_128_secret_bits_the_32_bit_search_cannot_find(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch, body: dict[str, Any]) -> None:
    calls = spy_on_secrets(monkeypatch)
    with client(sqlite_url) as c:
        g, table = created_without_seed(c, body)
        spectator = view(c, g, g["spectator"])
        summary = c.get(f"/api/games/{g['id']}/summary", headers=auth(g["spectator"])).json()
    seed = table.seed
    # the seed's size and source: 128 bits asked of `secrets`, and that value is the game's seed
    assert ("randbits", 128, seed) in calls
    assert any(name == "token_bytes" and n >= 16 for name, n, _ in calls)
    assert seed >= 1 << 32, "a 32-bit seed: every hand can be computed from the public deal"
    assert seed < 1 << 128 and table.state.rng.stream == STREAM
    assert not spectator["fixed_seed"] and not summary["fixed_seed"]
    assert summary["seed"] is None and summary["salt"] is None and len(summary["seed_commitment"]) == 64
    entries = [text for _, text in table.actions]
    public = spectator["view"]
    config = table.config
    # positive control: the attacker's test recognises the real seed (the public view fixes the deal)
    assert reproduces(body["game"], config, seed, STREAM, entries, public)
    assert search_32_bit_family(body["game"], config, seed, entries, public) == []


def test_a_secret_deal_is_committed_at_creation_and_opened_at_the_end(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Anyone can check the deal was not chosen: SHA-256(salt ‖ seed's 16 bytes) published from the
    start equals the hash of the seed and salt revealed at the end, and that seed replays the game."""
    calls = spy_on_secrets(monkeypatch)
    body = {"game": "highcard", "players": 2, "seats": ["human", "human"]}
    with client(sqlite_url) as c:
        g, table = created_without_seed(c, body)
        url = f"/api/games/{g['id']}/summary"
        at_start = c.get(url, headers=auth(g["spectator"])).json()
        assert at_start["status"] == "running" and at_start["seed"] is None and at_start["salt"] is None
        tokens = [s["token"] for s in g["seats"]]
        while play_step(c, g, tokens) is not None:
            pass
        at_end = c.get(url, headers=auth(tokens[1])).json()
        final = view(c, g, g["spectator"])
    assert at_end["status"] == "finished" and at_end["seed_commitment"] == at_start["seed_commitment"]
    seed, salt = bytes.fromhex(at_end["seed"]), bytes.fromhex(at_end["salt"])
    assert at_end["seed"] == at_end["seed"].lower() and len(seed) == 16 and len(salt) == 16
    assert hashlib.sha256(salt + seed).hexdigest() == at_start["seed_commitment"]
    assert ("randbits", 128, int.from_bytes(seed, "big")) in calls and ("token_bytes", 16, salt) in calls
    # the revealed seed is the deal that was played: the log replays from it to the same end
    replayed = record.replay_actions("highcard", table.config, int.from_bytes(seed, "big"),
                                     [text for _, text in table.actions])
    assert replayed.is_terminal() and replayed.view(None).to_json() == final["view"]


def test_a_seed_chosen_at_creation_is_announced_to_every_seat(sqlite_url: str) -> None:
    chosen = 2**127 + 2024
    body = {"game": "highcard", "players": 2, "seats": ["human", "human"], "seed": chosen}
    with client(sqlite_url) as c:
        r = c.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        g = r.json()
        tokens = [s["token"] for s in g["seats"]] + [g["spectator"]]
        assert all(view(c, g, t)["fixed_seed"] is True for t in tokens)
        summary = c.get(f"/api/games/{g['id']}/summary", headers=auth(tokens[0])).json()
        assert summary["fixed_seed"] is True and len(summary["seed_commitment"]) == 64
        while play_step(c, g, tokens[:2]) is not None:
            pass
        assert view(c, g, tokens[0])["fixed_seed"] is True  # throughout, to the end
        done = c.get(f"/api/games/{g['id']}/summary", headers=auth(tokens[0])).json()
    assert int(done["seed"], 16) == chosen
    assert hashlib.sha256(bytes.fromhex(done["salt"]) + chosen.to_bytes(16, "big")).hexdigest() == \
        summary["seed_commitment"]


@pytest.mark.parametrize("seed", ["12", -1, 2**128, True, 1.5, [1]])
def test_a_seed_is_a_json_integer_below_2_128(sqlite_url: str, seed: object) -> None:
    with client(sqlite_url) as c:
        body = {"game": "highcard", "players": 2, "seats": ["human", "random"], "seed": seed}
        assert c.post("/api/games", json=body).status_code == 422
        body["seed"] = 2**128 - 1
        assert c.post("/api/games", json=body).status_code == 201


def test_the_same_integer_seed_is_the_same_deal_in_every_face(sqlite_url: str, tmp_path: Path) -> None:
    """`rng.seed_key` is the one map from an integer to the generator's key: the engine, the server,
    the terminal and the simulator deal the same game from the same integer (here one above 2**64,
    which a 64-bit fold would change)."""
    n = 2**100 + 77
    config = {"players": 2, "modules": [], "expansions": []}
    spec = get_game("moonrakers")
    # the server: its logged chance outcomes are the engine's own draws, and seat 0 sees the same hand
    with client(sqlite_url) as c:
        r = c.post("/api/games", json={"game": "moonrakers", "players": 2, "seats": ["human", "human"],
                                       "seed": n})
        assert r.status_code == 201, r.text
        g = r.json()
        seen = view(c, g, g["seats"][0]["token"])["view"]
        texts = [text for _, text in c.app.state.service.tables[g["id"]].actions]  # type: ignore[attr-defined]
    engine = spec.new_game(dict(config), n)
    for text in texts:
        if engine.current_player() == CHANCE:
            assert str(engine.sample_chance()) == text
        else:
            engine.apply(text)
    assert engine.view(0).to_json() == seen
    # the terminal: its save names the seed and replays from it (every draw re-drawn and checked)
    save = tmp_path / "t.json"
    # (greedy bots: the deal is the point, and a game of random bots may run to the decision limit)
    result = CliRunner().invoke(app, ["play", "moonrakers", "--players", "2", "--humans", "0",
                                      "--bots", "greedy", "--seed", str(n), "--save", str(save)])
    assert result.exit_code == 0, result.output
    doc = json.loads(save.read_text())
    assert doc["seed"] == n and doc["rng"] == STREAM and doc["config"] == config
    assert record.open_document(doc).state.is_terminal()
    # the simulator: game 0 of --seed n is the engine's game n played by the session driver
    report = simulate("moonrakers", 1, 2, ["greedy", "greedy"], seed=n)
    state = spec.new_game(dict(config), n)
    play_out(state, make_bots("moonrakers", seating(["greedy", "greedy"], 0)))
    assert report.errors == 0 and report.wins_by_seat == [int(p in state.winners()) for p in range(2)]
