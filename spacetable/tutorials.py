"""Guided first games ("Learn Moonrakers", "Learn Space Lanes"): each game package declares its tutorial
(`GameSpec.tutorial`, from its ``texts/tutorial.json``): the table (config, seats and names, a fixed seed
chosen so the first turns show what matters), how many turns it lasts, and the coach's words for each
kind of decision and for the moments the player only watches.

`request(game)` is what the server creates for ``POST /api/tutorials/{game}``; `step(...)` is the
coach's word for the current moment, added to a tutorial's view body as ``"tutorial"``. The coach's
recommendation itself is the advisor's (`spacetable.advice`). The seed is fixed and public, so a tutorial
deal is known to anyone who reads the package: that is the point of a tutorial, and it is never shown
with the warning of a game whose deal its creator knows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spacetable.engine.errors import SpacetableError
from spacetable.sim.setup import load_game


class NoTutorial(SpacetableError):
    """The game has no tutorial."""


def tutorial_of(game: str) -> Mapping[str, Any]:
    """The tutorial a game declares; `NoTutorial` when it has none (or the game is unknown)."""
    try:
        spec = load_game(game)
    except SpacetableError:
        raise NoTutorial(f"there is no game {game!r}") from None
    if not spec.tutorial:
        raise NoTutorial(f"{spec.title} has no tutorial")
    return spec.tutorial


def has_tutorial(game: str) -> bool:
    try:
        tutorial_of(game)
    except NoTutorial:
        return False
    return True


def request(game: str) -> dict[str, Any]:
    """The new game a tutorial starts: ``{"game", "players", "seats", "names", "seed", "config"}``."""
    t = tutorial_of(game)
    config = dict(t["config"])
    return {"game": game, "players": int(config.pop("players")), "seats": list(t["seats"]),
            "names": list(t["names"]), "seed": int(t["seed"]), "config": config}


def _text_for(texts: Mapping[str, str], key: str) -> str | None:
    """The text of `key`, else of its nearest ``prefix.*`` (``choice.crew.trash`` → ``choice.*``)."""
    if key in texts:
        return texts[key]
    parts = key.split(".")
    while len(parts) > 1:
        parts.pop()
        wild = ".".join(parts) + ".*"
        if wild in texts:
            return texts[wild]
    return None


def step(game: str, *, decision: str, deciding: bool, phase: str, turn: int, terminal: bool,
         who: str) -> dict[str, Any]:
    """The coach's word now: ``{"title", "intro", "text", "turn", "turns", "done", "outro"}``.

    `deciding`: the seat decides now (`decision` names what); otherwise it watches `who` (`phase`: the
    guide's phase or step of the turn). ``done`` once the tutorial's turns are played or the game ended."""
    t = tutorial_of(game)
    turns = int(t.get("turns", 3))
    done = terminal or turn > turns
    if deciding:
        text = _text_for(t.get("steps", {}), decision) or "Your decision: the coach's suggestion is below."
    else:
        text = _text_for(t.get("waiting", {}), phase) or "Watch the other captains play."
        text = text.replace("{who}", who)
    return {"title": str(t.get("title", "Tutorial")), "intro": str(t.get("intro", "")), "text": text,
            "turn": max(0, min(turn, turns)), "turns": turns, "done": done, "outro": str(t.get("done", ""))}
