"""Shared positions for the Moonrakers bot tests (greedy and heuristic): configs, a game at Planning,
a solo execution with a chosen hand, and decision points of mixed bot/random games."""

from __future__ import annotations

from typing import Any

from spacetable.bots.base import Bot, make_bot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import new_game
from spacetable.games.moonrakers.state import MoonrakersState

BASE: dict[str, Any] = {"modules": [], "expansions": []}
MAX_DECISIONS = 20_000


def config(players: int, **extra: Any) -> dict[str, Any]:
    return {"players": players, **BASE, **extra}


def planning(players: int, seed: int = 1) -> Any:
    """A base game at its first Planning decision (setup answered with the last legal action)."""
    s = new_game(config(players), seed)
    while s.decision_name() != "planning":
        if s.current_player() == CHANCE:
            s.sample_chance()
        else:
            s.apply(s.legal_actions()[-1])
    return s


def execution(hand: list[str], contract: str, dice: int = 0,
              draw: list[str] | None = None) -> tuple[Any, int]:
    """A 2-player game where the Mission Leader executes `contract` solo with `hand` (and, if given,
    exactly `draw` as its draw pile with an empty discard pile), no Mercenaries."""
    s = planning(2)
    ml = s.ml
    c = A.CONTRACT_ID[contract]
    if c not in s.contracts:
        s.contracts[0] = c
    s.players[ml].hand = [A.CARD_ID[x] for x in hand]
    if draw is not None:
        s.players[ml].draw = [A.CARD_ID[x] for x in draw]
        s.players[ml].discard = []
    s.merc_row = []
    s.apply(f"take {contract}")
    s.apply("solo")
    while s.current_player() == CHANCE:
        s.apply(f"hazard {dice}")
    assert s.decision_name() == "execution.play"
    return s, ml


def positions(bot: Bot, cfg: dict[str, Any], seed: int, every: int,
              limit: int) -> list[tuple[MoonrakersState, int]]:
    """Decision points of a game played by `bot` and random seats (for variety)."""
    random_bot = make_bot("moonrakers", "random")
    s = new_game(cfg, seed)
    rng = Rng(seed)
    out: list[tuple[MoonrakersState, int]] = []
    k = 0
    while not s.is_terminal() and len(out) < limit and k < MAX_DECISIONS:
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            continue
        k += 1
        if k % every == 0:
            out.append((s.copy(), p))
        b = bot if (p + seed) % 2 == 0 or k % 5 else random_bot
        s.apply_fast(b.choose(s, p, rng))
    return out
