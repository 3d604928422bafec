"""One core, many faces: the generic modules name no game. A game is found only through the registry
(`spacetable.games`) and its spec's manifest (`GameSpec.manifest`: bots, intents, advisor, coach, guide,
terminal renderer, RL observation encoder, page module), so adding a game means writing its package,
filling its manifest and registering it (docs/adding-a-game.md), with nothing to edit here.

The test reads every generic module (code and docstrings alike) of the engine, the server (Python and
the page's JS outside the per-game folders), the simulator, the RL adapters (outside the per-game
observation modules), the search bot and the terminal, and fails on a game's name. What a tool needs to
know of one game is the game's own declaration: its spec (e.g. `GameSpec.search`, the search bot's
settings; `pitch`), its manifest's modules (the study plug-in of the simulator, its report, the tuner
and the designer: `spacetable.games.study`; the lobby's options form) and the meta routes that serve
them to the page."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "spacetable"
NAMES = re.compile(r"moon ?rakers|space ?lanes|high ?card|binding ties", re.IGNORECASE)
"""A game's id or its name as people write it (an expansion's too)."""
SCOPE = ["engine/*.py", "server/*.py", "server/static/*.js", "server/static/designer/*.js", "sim/*.py",
         "rl/*.py", "bots/mcts.py", "cli/*.py"]
PER_GAME = re.compile(r"^(rl/obs_|cli/render_)")
"""Per-game modules inside the scanned folders (each game's observation encoder and terminal face)."""


def generic_modules() -> list[str]:
    found = {p.relative_to(ROOT).as_posix() for pattern in SCOPE for p in ROOT.glob(pattern)}
    return sorted(m for m in found if not PER_GAME.match(m))


def test_generic_modules_name_no_game() -> None:
    naming = [m for m in generic_modules() if NAMES.search((ROOT / m).read_text(encoding="utf-8"))]
    assert not naming, f"generic modules that name a game (read it from its spec or manifest): {naming}"


def test_the_scan_sees_the_modules_it_guards() -> None:
    modules = generic_modules()
    for m in ("engine/session.py", "engine/game.py", "server/tables.py", "server/botpool.py", "sim/runner.py",
              "sim/worker.py", "sim/report.py", "sim/schema.py", "server/static/table.js",
              "server/static/lobby.js", "server/static/designer/designer.js", "cli/views.py", "bots/mcts.py"):
        assert m in modules
    assert not any(PER_GAME.match(m) for m in modules)
