"""A card trashed from the top of the draw pile "unseen" (Crusse Parke: "trash your top draw-pile card
unseen", OQ 7; Binding Ties Kyas IV) stays hidden from its owner too.

The owner knew its draw pile's contents (order hidden, 1.2) and now knows only that one of them left:
the view keeps listing the card among what the pile may hold, and `determinize(owner)` resamples which
one was trashed. Once the pile runs out, every other card of it was drawn and seen, so nothing is hidden.
"""

from __future__ import annotations

import json
from collections import Counter

from spacetable.engine.rng import Rng
from spacetable.games.moonrakers.zones import take_top, trash_top_unseen
from tests.games.moonrakers.helpers import game
from tests.games.moonrakers.test_crew_effects import position


def _draw_view(s: object, seat: int) -> dict[str, int]:
    me = s.view(seat).data["players"][seat]  # type: ignore[attr-defined]
    return dict(me["draw_contents"])


def test_the_trashed_card_stays_among_the_draw_pile_contents() -> None:
    s = game(players=2, seed=3)
    p = s.players[0]
    assert len(p.draw) >= 3 and len(set(p.draw)) >= 2
    before = _draw_view(s, 0)
    assert trash_top_unseen(s, 0)
    after = s.view(0).data["players"][0]
    assert dict(after["draw_contents"]) == before  # which card left is not shown
    assert after["draw_trashed_unseen"] == 1
    assert after["draw_size"] == len(p.draw)
    assert "draw_contents" not in s.view(1).data["players"][0]


def test_determinize_resamples_which_card_was_trashed() -> None:
    s = game(players=2, seed=3)
    assert trash_top_unseen(s, 0)
    real = json.dumps(s.view(0).to_json(), sort_keys=True)
    trashed: Counter[int] = Counter()
    for k in range(40):
        d = s.determinize(0, Rng(k))
        assert json.dumps(d.view(0).to_json(), sort_keys=True) == real
        mine, real_p = d.players[0], s.players[0]
        assert Counter(mine.draw + mine.unseen) == Counter(real_p.draw + real_p.unseen)
        trashed[mine.unseen[0]] += 1
    assert len(trashed) >= 2  # not always the real one: the copy does not know it


def test_nothing_is_hidden_once_the_pile_has_run_out() -> None:
    s = game(players=2, seed=3)
    assert trash_top_unseen(s, 0)
    p = s.players[0]
    while len(p.draw) > 1:
        p.hand.append(take_top(s, 0))
    assert trash_top_unseen(s, 0)  # the last card: the owner knows every other card was seen
    assert p.draw == [] and p.unseen == []
    me = s.view(0).data["players"][0]
    assert me["draw_contents"] == {} and "draw_trashed_unseen" not in me


def test_crusse_parke_trashes_unseen_through_the_rules_oq7() -> None:
    """Playing Crusse Parke hides which card left: the view still lists all three of the pile's cards."""
    s = position(hand=["crusse-parke"], draw=["miss", "shield", "reactor"])
    s.apply("play crusse-parke")
    me = s.view(0).data["players"][0]
    assert me["draw_size"] == 2 and me["draw_trashed_unseen"] == 1
    assert sum(me["draw_contents"].values()) == 3 and len(me["draw_contents"]) == 3
