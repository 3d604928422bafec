"""Moonrakers' "random" bot: random legal actions with two rules of thumb, so playouts end.

Pure uniform play spends its only Action on a Miss and passes so often that almost no contract
succeeds and no game reaches 10 Prestige. This bot chooses uniformly among the legal actions except
that during an execution it never passes while it can still play, and it plays a Reactor first when
it holds one and has a single Action left. It has no other strategy: a baseline for balance and speed.
"""

from __future__ import annotations

from spacetable.bots.base import register_bot
from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.engine.state import State
from spacetable.games.moonrakers import actions as A

PLAY_REACTOR = A.PLAY[0]


class MoonrakersRandomBot:
    name = "random"

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        legal = state.legal_actions()
        n = len(legal)
        if n > 1 and legal[-1] is A.PASS:
            if legal[0] is PLAY_REACTOR:
                return PLAY_REACTOR
            return legal[rng.below(n - 1)]
        return legal[rng.below(n)]


register_bot("moonrakers", "random", MoonrakersRandomBot)
