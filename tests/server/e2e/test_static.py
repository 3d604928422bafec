"""The page's files ship with the package: vendored libraries with their licenses; the card catalog
comes from the server (GET /api/catalog/{game}), never from a copy that could go stale."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fastapi.testclient import TestClient

from spacetable.engine.game import get_game
from spacetable.server.app import create_app
from spacetable.server.config import ServerConfig
from spacetable.sim.catalog import catalog_json

STATIC = Path(__file__).resolve().parents[3] / "spacetable" / "server" / "static"


def test_the_page_reads_the_card_data_the_server_plays_with(tmp_path: Path) -> None:
    """The catalog route is `spacetable cards moonrakers --json` with every set in (1.1.2 basic cards
    included), and the page's catalog module fetches exactly that route."""
    spec = get_game("moonrakers")
    config = spec.make_config(5, modules=["first-encounter"], expansions=["binding-ties"])
    expected = catalog_json("moonrakers", config, spec.catalog(config))  # each card in override form
    with TestClient(create_app(ServerConfig(db_url=f"sqlite:///{tmp_path / 'db.sqlite'}"))) as client:
        got = client.get("/api/catalog/moonrakers")
        assert got.status_code == 200 and got.json() == expected
        assert {c["slug"] for c in got.json()["basic"]} >= {"reactor", "thruster", "miss"}
        assert client.get("/api/catalog/nosuchgame").status_code == 404
    assert 'fetch("/api/catalog/moonrakers")' in (STATIC / "moonrakers" / "catalog.js").read_text()


def test_vendored_libraries_are_noted_with_version_and_license() -> None:
    readme = (STATIC / "vendor" / "README.md").read_text(encoding="utf-8")
    for name in ("preact.mjs", "hooks.mjs", "htm.mjs", "LICENSE-preact", "LICENSE-htm"):
        assert (STATIC / "vendor" / name).is_file(), name
    assert re.search(r"preact.*11\.\d+\.\d+.*MIT", readme)
    assert re.search(r"htm.*3\.\d+\.\d+.*Apache-2\.0", readme)


def test_index_maps_the_bare_imports_to_vendored_files() -> None:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script type="importmap">(.*?)</script>', html, re.S)
    assert found, "index.html has no import map"
    imports = json.loads(found.group(1))["imports"]
    for target in imports.values():
        assert (STATIC / Path(target).relative_to("/static")).is_file(), target


def test_the_page_never_injects_html() -> None:
    """Preact escapes every text value; the page never bypasses it."""
    for path in STATIC.rglob("*.js"):
        if "vendor" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        for bad in ("dangerouslySetInnerHTML", "innerHTML", "insertAdjacentHTML", "document.write"):
            assert bad not in text, f"{path.name} uses {bad}"


def test_every_page_module_the_games_declare_ships_with_its_exports(tmp_path: Path) -> None:
    """The page names no game: each game's table (`page`) and lobby options (`lobby`) are modules its
    manifest names and /api/meta hands over; each exists under static/ with the exports static/README.md
    lists (a lobby module: `Options`, `initial`, `request`)."""
    with TestClient(create_app(ServerConfig(db_url=f"sqlite:///{tmp_path / 'db.sqlite'}"))) as client:
        games = client.get("/api/meta").json()["games"]
    for g in games:
        for key, exports in (("page", ()), ("lobby", ("Options", "initial", "request"))):
            if g[key] is None:
                continue
            text = (STATIC / g[key]).read_text(encoding="utf-8")
            for name in exports:
                assert re.search(rf"export function {name}\b", text), f"{g[key]} exports no {name}"
    assert {g["lobby"] for g in games} == {"moonrakers/lobby.js", "spacelanes/lobby.js", None}
