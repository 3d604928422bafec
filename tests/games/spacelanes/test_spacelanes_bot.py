"""The greedy Space Lanes bot: registered, plays legal moves, finishes games, and does not peek
(same choice from the real state and from any determinization of it)."""

from __future__ import annotations

from spacetable.bots.base import make_bot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.sim.runner import play_out
from tests.games.spacelanes.sl_helpers import new


def test_greedy_registered_and_finishes_games() -> None:
    bot = make_bot("spacelanes", "greedy")
    for seed, n in ((1, 2), (2, 4)):
        s = new(n, seed)
        r = play_out(s, [bot] * n, Rng(seed))
        assert r.finished and r.winners
        assert s.game_stats()["winning_goals"]


def test_greedy_does_not_peek() -> None:
    bot = make_bot("spacelanes", "greedy")
    for modes in ((), ("exploration", "pvp")):
        s = new(3, 9, modes)
        rng = Rng(3)
        checked = 0
        while not s.is_terminal() and checked < 150:
            p = s.current_player()
            if p == CHANCE:
                s.sample_chance()
                continue
            a = bot.choose(s, p, Rng(checked))
            assert a in s.legal_actions()
            d = s.determinize(p, rng)
            assert bot.choose(d, p, Rng(checked)) == a
            checked += 1
            s.apply(a)
