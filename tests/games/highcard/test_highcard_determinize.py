"""Highcard determinize over random states (H1–H7): the copy agrees with all a seat knows.

Audit: Highcard never puts a card in a known place of a hidden zone. The deck is only drawn from the
top (H1, H5, H6), played cards are face up on the table (H3) and salvaged cards go face up to the
discard pile (H5), which never returns to the deck. So a seat knows its own hand, the table, the
discards and the sizes of the rest; everything else (other hands, the deck order) is resampled.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.highcard.state import HighcardState


def _new(players: int, seed: int, lowball: bool) -> HighcardState:
    return HighcardState.new({"players": players, "modes": ["lowball"] if lowball else []}, seed)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), lowball=st.booleans(),
       steps=st.integers(0, 40))
def test_determinize_keeps_what_the_seat_knows(seed: int, players: int, lowball: bool, steps: int) -> None:
    """H1–H7: own hand, table, discards, scores and zone sizes kept; unseen cards only permuted."""
    s = _new(players, seed, lowball)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            s.sample_chance()
        else:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
    for p in range(players):
        view = json.dumps(s.view(p).to_json(), sort_keys=True)
        unseen = sorted([c for q, h in enumerate(s.hands) if q != p for c in h] + s.deck)
        for k in range(3):
            d = s.determinize(p, Rng(seed ^ k))
            assert json.dumps(d.view(p).to_json(), sort_keys=True) == view
            assert d.hands[p] == s.hands[p] and d.table == s.table and d.discards == s.discards
            assert [len(h) for h in d.hands] == [len(h) for h in s.hands] and len(d.deck) == len(s.deck)
            assert sorted([c for q, h in enumerate(d.hands) if q != p for c in h] + d.deck) == unseen


def test_determinize_resamples_other_hands() -> None:
    """H1: other hands are hidden, so different generators give different deals."""
    s = _new(3, 7, False)
    deals = {tuple(map(tuple, s.determinize(0, Rng(k)).hands[1:])) for k in range(10)}
    assert len(deals) > 1
