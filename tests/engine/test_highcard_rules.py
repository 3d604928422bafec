"""Highcard's rules H1–H7 (the example game's own tests) and its card data validation."""

from __future__ import annotations

from typing import Any

import pytest

from spacetable.engine.errors import DataError
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, TERMINAL
from spacetable.games.highcard.actions import KEEP, PLAY, ROLL, SWAP
from spacetable.games.highcard.cards import CARDS, parse_cards
from spacetable.games.highcard.state import HAND_SIZE, ROUNDS, HighcardState
from tests.engine.engine_helpers import new_highcard, random_step


def hc(players: int = 3, seed: int = 7, **params: Any) -> HighcardState:
    s = new_highcard(players, seed, **params)
    assert isinstance(s, HighcardState)
    return s


def test_h1_deal_three_each_from_a_shuffled_deck() -> None:
    s = hc(4)
    assert [len(h) for h in s.hands] == [HAND_SIZE] * 4 and len(s.deck) == 24 - 12
    assert sorted([c for h in s.hands for c in h] + s.deck) == list(range(1, 25))
    assert hc(4, seed=8).hands != s.hands  # the seed drives the shuffle
    assert hc(4, seed=7).hands == s.hands


def test_h2_h3_roll_then_play_from_the_lead_in_seat_order() -> None:
    s = hc(3)
    s.apply(ROLL[4])
    assert s.prize == 4 and s.current_player() == 0 and s.decision_name() == "round.play"
    for seat in range(3):
        assert s.current_player() == seat
        s.apply(s.legal_actions()[0])


def _round(s: HighcardState, face: int, cards: list[int]) -> None:
    """Roll `face`, then give each seat (from the lead) the given card and play it."""
    s.apply(ROLL[face])
    n = len(s.hands)
    for k, card in enumerate(cards):
        seat = (s.lead + k) % n
        s.hands[seat][0] = card
        s.apply(PLAY[card])


def _fresh(players: int, **params: Any) -> HighcardState:
    s = hc(players, **params)
    # Known cards: the hands hold 1..3p, the deck the rest, so tests can place any card.
    s.hands = [[3 * i + j + 1 for j in range(3)] for i in range(players)]
    s.deck = list(range(24, 3 * players, -1))
    return s


def test_h4_highest_card_wins_prize_and_leads_next() -> None:
    s = _fresh(3)
    _round(s, 3, [1, 8, 5])
    assert s.scores == [0, 3, 0] and s.lead == 1
    assert s.current_player() == CHANCE
    s.apply(ROLL[2])
    assert s.current_player() == 1


def test_h4_lowball_mode_lowest_card_wins() -> None:
    s = _fresh(3, modes=["lowball"])
    _round(s, 5, [1, 8, 5])
    assert s.scores == [5, 0, 0] and s.lead == 0


def test_h5_salvage_after_a_six_swaps_or_keeps() -> None:
    s = _fresh(2)
    _round(s, 6, [2, 9])
    assert s.decision_name() == "round.salvage" and s.current_player() == 1
    hand = list(s.hands[1])
    assert s.legal_actions() == [SWAP[c] for c in sorted(hand)] + [KEEP]
    top = s.deck[-1]
    s.apply(SWAP[hand[0]])
    assert hand[0] in s.discards and top in s.hands[1] and hand[0] not in s.hands[1]
    assert s.view(0).to_json()["discards"] == [hand[0]]  # the discard is public


def test_h5_no_salvage_below_six() -> None:
    s = _fresh(2)
    _round(s, 5, [2, 9])
    assert s.current_player() == CHANCE


def test_h6_everyone_draws_only_when_the_deck_serves_all() -> None:
    s = _fresh(4)
    s.deck = s.deck[:3]
    _round(s, 1, [1, 4, 7, 10])
    assert [len(h) for h in s.hands] == [2, 2, 2, 2] and len(s.deck) == 3
    t = _fresh(4)
    _round(t, 1, [1, 4, 7, 10])
    assert [len(h) for h in t.hands] == [3, 3, 3, 3]


def test_h7_game_ends_after_five_rounds_and_ties_share() -> None:
    s = hc(4, seed=3)
    rng = Rng(1)
    while not s.is_terminal():
        random_step(s, rng)
    assert s.round == ROUNDS and s.current_player() == TERMINAL
    r = s.returns()
    assert sum(r) == pytest.approx(1.0)
    assert s.winners() == [i for i, v in enumerate(s.scores) if v == max(s.scores)]
    assert s.turn_count() == ROUNDS
    assert s.game_stats() == {"winner_prestige": [max(s.scores)] * len(s.winners())}


def test_every_seat_always_has_a_card_to_play() -> None:
    """H6 keeps hands equal, and five rounds never run a hand dry (4 players, salvage every round)."""
    for seed in range(200):
        s = hc(4, seed=seed)
        rng = Rng(seed)
        while not s.is_terminal():
            if s.decision_name() == "round.play":
                assert s.legal_actions()
            random_step(s, rng)


def test_card_data_is_validated_with_file_card_and_field() -> None:
    assert len(CARDS) == 24 and CARDS[0].value == 1
    good = {"cards": [{"value": i + 1, "name": f"C{i}"} for i in range(12)]}
    assert len(parse_cards(good)) == 12
    bad = {"cards": [{"value": 1, "name": "A"}, {"value": 3, "name": "B"}]}
    with pytest.raises(DataError) as err:
        parse_cards(bad)
    assert (err.value.file, err.value.card, err.value.field) == ("cards.json", "B", "value")
    with pytest.raises(DataError, match="colour"):
        parse_cards({"cards": [{"value": 1, "name": "A", "colour": "red"}]})
    with pytest.raises(DataError, match="name"):
        parse_cards({"cards": [{"value": 1, "name": ""}]})
    with pytest.raises(DataError, match="at least 12"):
        parse_cards({"cards": [{"value": 1, "name": "A"}]})
    with pytest.raises(DataError):
        parse_cards([])
