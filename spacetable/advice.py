"""Each game's advisor, found on demand: shared by the terminal's `hint`, `spacetable advise` and the
server's ``/advice`` route, so none of those faces imports another.

The advisor of game G is `spacetable.games.G.advisor.advise(state, seat) -> dict` (JSON-ready, with
``"lines"`` for people), computed only from what `seat` may know; a game without one raises
`NoAdvisor`. `advice` adds the coach at every decision of the seat: ``"recommended"``, the text of the
legal action the game's coach bot (`GameSpec.coach_bot`, a bot that reads only what its seat may know)
chooses, and ``"reason"``, one sentence from the game's `coach.reason` saying why (the action's own
description when a game has no coach module). The bot's generator is seeded by what the seat knows
(the game's seed is not among it: the position in the action log), so the same position gives the same
answer, on the real state as on a `determinize(seat)` copy. ``"recommended"`` is null only when the seat
has no decision; ``"reason"`` then says who the table waits for.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from spacetable.engine.action import Action
from spacetable.engine.errors import SpacetableError
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State

log = logging.getLogger("spacetable.advice")
COACH_SEED = 0xC0AC4
"""Mixed with the position in the action log to seed the coach bot (public: nothing hidden in it)."""

Advisor = Callable[[State, int], dict[str, Any]]


class NoAdvisor(SpacetableError):
    """The game has no advisor module."""


def advisor_for(game: str) -> Advisor:
    """The `advise` function of `game`; `NoAdvisor` when the game has none."""
    from spacetable.sim.setup import load_game

    try:
        module = load_game(game).module("advisor")
    except SpacetableError:
        raise NoAdvisor(f"{game} has no advisor") from None
    fn = getattr(module, "advise", None)
    if not callable(fn):
        raise NoAdvisor(f"{game} has no advisor")
    advise: Advisor = fn
    return advise


def has_advisor(game: str) -> bool:
    """Whether `game` has an advisor (the lobby's and the table's ``/api/meta``)."""
    try:
        advisor_for(game)
    except NoAdvisor:
        return False
    return True


def advice(state: State, seat: int) -> dict[str, Any]:
    """The advice for 0-based `seat` of `state` from its game's advisor (`NoAdvisor` if none), with the
    coach's ``recommended`` action and ``reason``."""
    out = advisor_for(state.spec.name)(state, seat)
    out.update(coach(state, seat, out))
    return out


def coach(state: State, seat: int, analysis: dict[str, Any] | None = None) -> dict[str, Any]:
    """``{"recommended": action text or None, "reason": one sentence}`` for `seat` now."""
    if state.is_terminal():
        return {"recommended": None, "reason": "The game is over."}
    p = state.current_player()
    if p != seat:
        who = "the dice" if p == CHANCE else f"Seat {p + 1}"
        return {"recommended": None, "reason": f"Nothing for you to decide now: the table waits for {who}."}
    legal = state.legal_actions()
    action = legal[0] if len(legal) == 1 else _coach_choice(state, seat, legal)
    return {"recommended": str(action), "reason": _reason(state, seat, action, analysis or {})}


def _coach_choice(state: State, seat: int, legal: list[Action]) -> Action:
    from spacetable.bots.base import make_bot

    bot = make_bot(state.spec.name, state.spec.coach_bot)
    rng = Rng(COACH_SEED ^ (state.log_length * 0x9E3779B97F4A7C15 % (1 << 64)))
    try:
        choice = bot.choose(state.copy(), seat, rng)
    except Exception:  # noqa: BLE001 - a coach that fails still answers: the first legal action
        return legal[0]
    return next((a for a in legal if a == choice), legal[0])


def _reason(state: State, seat: int, action: Action, analysis: dict[str, Any]) -> str:
    module = state.spec.module("coach")
    fn = getattr(module, "reason", None)
    if callable(fn):
        try:
            return str(fn(state, seat, action, analysis))
        except Exception:  # noqa: BLE001 - a reason that fails is logged; the answer is the description
            log.exception("the %s coach could not say why %s", state.spec.name, action)
    return state.describe(action) + "."
