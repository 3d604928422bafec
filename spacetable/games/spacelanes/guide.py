"""What the Space Lanes table always shows a newcomer: how to win (the seat's own Goal with its target
for this table size, L21), the steps of a turn with the current one lit and one sentence of what each is
for, and what each badge means.

`guide(view, config)` reads only a seat's view (its JSON: its own Goal, the public board) and the
game's config, so it tells no seat anything its view does not. Pure, no I/O; the server adds it to
every view body as ``"guide"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spacetable.games.spacelanes.text import GOAL_SLUG, goal_text

STEPS: tuple[tuple[str, str, str, str], ...] = (
    ("start", "Start", "L4", "Your turn begins: Trade and Travel once each, in either order, or Odd Jobs."),
    ("trade", "Trade", "L5", "At a settlement: buy and sell goods, buy action cards, repair."),
    ("travel", "Travel", "L6", "Move along the lanes: the first move is free, each further one burns a card"
     " as fuel."),
    ("engage", "Engagement", "L15", "A Pirates or Patrol card in your Space: Win, Escape or Parlay."),
    ("end", "End", "L21", "End your turn; on a settlement with your Goal reached, you win."),
)
"""(key, title, rule, what it is for) of the steps of a turn (L4–L7, L14–L16, L21)."""

BADGES: tuple[tuple[str, str], ...] = (
    ("you", "your ship"),
    ("active", "whose turn it is"),
    ("Damaged", "the ship may play no action card but a Repair Kit until repaired"),
    ("Adrift", "out of fuel on a lane: Damaged until it lands"),
    ("U / P", "Union and Pirate Faction tokens: parlay with Patrols and Pirates, or a Goal"),
    ("¢", "credits"),
    ("bot", "a seat played by the computer"),
)


def win_line(view: Mapping[str, Any], config: Mapping[str, Any]) -> str:
    """How to win, in one line, for this seat at this table (L21): its own Goal for this player count."""
    players = int(config.get("players", 3))
    exploration = "exploration" in (config.get("modes") or [])
    you = view.get("you")
    goal = you.get("goal") if isinstance(you, Mapping) else None
    slug = goal.get("slug") if isinstance(goal, Mapping) else None
    if isinstance(slug, str) and slug in GOAL_SLUG:
        goal_words = goal_text(GOAL_SLUG[slug], players, exploration)
        line = (f"Your Goal, {GOAL_SLUG[slug].name}: {goal_words}, then end a turn on a settlement to win "
                "once the round is played out.")
    else:
        line = ("Each captain has a secret Goal; the first to reach it and end a turn on a settlement wins "
                "once the round is played out (shared with anyone who reaches theirs in that round).")
    limit = int(config.get("turn_limit") or 0)
    if limit:
        line += f" After {limit} turns the captain closest to their Goal wins."
    return line


def step_of(view: Mapping[str, Any]) -> str:
    """The step of the turn the game is at (from the public view)."""
    decision = str(view.get("decision") or "")
    if view.get("phase") == 3:
        return "end"
    if view.get("engagement") or decision.startswith("engage") or decision == "chain":
        return "engage"
    if decision == "trade" or view.get("trade_state") == 1:
        return "trade"
    if decision == "fuel" or int(view.get("moves_made") or 0) > 0 or int(view.get("travel_state") or 0) > 0:
        return "travel"
    if view.get("trade_state") == 2:  # traded this turn: travelling (or ending) is what is left
        return "travel"
    return "start"


def guide(view: Mapping[str, Any], config: Mapping[str, Any]) -> dict[str, Any]:
    """``{"win", "phases": [{"key", "title", "rule", "about"}], "phase", "badges": [{"badge",
    "meaning"}]}``."""
    return {
        "win": win_line(view, config),
        "phases": [{"key": k, "title": t, "rule": r, "about": a} for k, t, r, a in STEPS],
        "phase": step_of(view) if view.get("phase") in (2, 3) else "setup",
        "badges": [{"badge": b, "meaning": m} for b, m in BADGES],
    }
