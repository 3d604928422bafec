"""Highcard's greedy and heuristic bots: legal, never peeking, and better than chance (H3–H5)."""

from __future__ import annotations

import pytest

from spacetable.bots.base import bot_names, make_bot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.sim.setup import load_game
from spacetable.sim.simulate import simulate


@pytest.mark.parametrize("name", ["greedy", "heuristic"])
def test_the_bot_is_listed_and_plays_legal_moves_from_what_its_seat_sees(name: str) -> None:
    assert name in bot_names("highcard")
    bot = make_bot("highcard", name)
    for seed in range(20):
        s = load_game("highcard").new_game({"players": 3}, seed)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.sample_chance()
                continue
            p = s.current_player()
            a = bot.choose(s, p, Rng(1))
            assert a in s.legal_actions()
            # another seat's hand and the deck order never change the choice (no peeking)
            for k in range(3):
                assert bot.choose(s.determinize(p, Rng(k)), p, Rng(1)) == a
            s.apply(a)


@pytest.mark.parametrize("name", ["greedy", "heuristic"])
def test_the_bot_beats_random_play(name: str) -> None:
    """Bidding the right card for the prize (H4) wins far more than half the games against random
    play (about 80% over 1,000 games); 300 games keep the test well clear of chance."""
    out = simulate("highcard", games=300, players=2, bots=[name, "random"], seed=11)
    assert out.to_json()["wins_by_bot"][name] > 0.65 * 300


def test_lowball_reverses_the_order_of_strength() -> None:
    """In lowball (H4) the lowest card wins: playing last with a winning card, greedy plays the
    highest card that still beats the table."""
    s = load_game("highcard").new_game({"players": 2, "modes": ["lowball"]}, 3)
    s.apply(s.parse("roll 5"))
    first = s.current_player()
    s.apply(s.legal_actions()[len(s.legal_actions()) // 2])
    table = max(s.view(None).data["table"], key=lambda c: c or 0)
    last = s.current_player()
    assert last != first
    hand = s.view(last).data["hand"]
    choice = make_bot("highcard", "greedy").choose(s, last, Rng(0))
    winners = [c for c in hand if c < table]
    if winners:
        assert choice == s.parse(f"play {max(winners)}")
    else:
        assert choice == s.parse(f"play {max(hand)}")
