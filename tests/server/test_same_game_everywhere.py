"""One game, three faces, one action log: the same (game, config, seed, bots by seat) played by
`spacetable play --humans 0 --save A`, by the server (an all-bot game created through POST
/api/games, its log exported by GET /api/games/{id}/save) and by `spacetable simulate --games 1
--save-dir D` gives the very same save, move for move. Each face moves the game through the session
driver (`spacetable.engine.session`): chance from the game's generator, bots from the one seeding rule
(game seed, position in the action log, seat). Small cases here, one per game;
benchmarks/same_game_everywhere.py runs the larger ones (mcts:200it, Binding Ties at 4)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from spacetable.cli.main import app
from spacetable.engine import record
from tests.server.server_helpers import auth, client, create, wait_for

CASES: list[tuple[str, dict[str, Any], list[str], int]] = [
    ("highcard", {}, ["greedy", "mcts:40it", "random"], 17),
    ("moonrakers", {"expansions": ["binding-ties"]}, ["greedy", "random", "greedy"], 23),
    ("spacelanes", {}, ["greedy", "random", "heuristic"], 29),
]
"""(game, options, bots by seat, seed): small games, every kind of seat the faces can disagree on
(a bot that draws, one that searches, the default greedy)."""


def cli_options(options: dict[str, Any]) -> list[str]:
    flags = {"expansions": "--expansion", "modules": "--module", "modes": "--mode"}
    return [x for key, values in options.items() for v in values for x in (flags[key], v)]


def by_terminal(game: str, options: dict[str, Any], bots: list[str], seed: int, path: Path) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["play", game, "--players", str(len(bots)), "--humans", "0",
                                      "--bots", ",".join(bots), "--seed", str(seed), "--save", str(path),
                                      *cli_options(options)])
    assert result.exit_code == 0, result.output
    doc: dict[str, Any] = json.loads(path.read_text())
    return doc


def by_simulator(game: str, options: dict[str, Any], bots: list[str], seed: int,
                 folder: Path) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["simulate", game, "--games", "1", "--players", str(len(bots)),
                                      "--bots", ",".join(bots), "--seed", str(seed), "--backend", "serial",
                                      "--save-dir", str(folder), *cli_options(options)])
    assert result.exit_code == 0, result.output
    saves = sorted(folder.glob("*.json"))
    assert len(saves) == 1, saves
    doc: dict[str, Any] = json.loads(saves[0].read_text())
    return doc


def by_server(url: str, game: str, options: dict[str, Any], bots: list[str], seed: int,
              timeout: float = 240.0) -> dict[str, Any]:
    with client(url) as c:
        g = create(c, bots, seed=seed, game=game, **options)
        early = c.get(f"/api/games/{g['id']}/save", headers=auth(g["spectator"]))
        wait_for(c, g, g["spectator"], lambda v: v["terminal"], timeout=timeout)
        if early.status_code != 200:  # a running game has no save: its seed and hands are in it
            assert early.status_code == 409
        r = c.get(f"/api/games/{g['id']}/save", headers=auth(g["spectator"]))  # (no seat has a token)
        assert r.status_code == 200, r.text
        assert c.get(f"/api/games/{g['id']}/save").status_code == 401
        doc: dict[str, Any] = r.json()
        return doc


@pytest.mark.parametrize(("game", "options", "bots", "seed"), CASES, ids=[c[0] for c in CASES])
def test_terminal_server_and_simulator_play_the_same_game(sqlite_url: str, tmp_path: Path, game: str,
                                                           options: dict[str, Any], bots: list[str],
                                                           seed: int) -> None:
    terminal = by_terminal(game, options, bots, seed, tmp_path / "A.json")
    simulated = by_simulator(game, options, bots, seed, tmp_path / "D")
    served = by_server(sqlite_url, game, options, bots, seed)
    for doc in (terminal, simulated, served):
        assert record.open_document(doc).state.is_terminal()  # each loads and replays (play --load)
        assert (doc["game"], doc["seed"]) == (game, seed)
        assert doc["table"] == {"humans": [], "bots": {str(i): b for i, b in enumerate(bots)}}
    assert simulated["config"] == terminal["config"] == served["config"]
    assert len(terminal["actions"]) > 20
    assert simulated["actions"] == terminal["actions"], "the simulator departs from the terminal"
    assert served["actions"] == terminal["actions"], "the server departs from the terminal"
