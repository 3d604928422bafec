"""Space Lanes' typed decision frames (`frames`): the views a page reads are the frames' own views, the
phase travels as a plain int, and every kind of frame copies itself.

- The card being played while its target is chosen (L10), shown to every seat, is the `TargetFrame`'s
  public view; the trade on the table (L19) is the `OfferFrame`'s; the loser's hand shows only to the
  looting winner (L19: "the winning player can take any Goods or Action Cards they wish"), as the
  `LootFrame`'s private view; the engagement the view describes (L14-L16) is the `EngageFrame`'s.
- The view's `phase` is an int (0-3), as pages, saves and the RL observation read it.
"""

from __future__ import annotations

from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.spacelanes.board import ADJ
from spacetable.games.spacelanes.card_play import TargetFrame, WindowFrame
from spacetable.games.spacelanes.chains import ChainFrame
from spacetable.games.spacelanes.engagements import EngageFrame
from spacetable.games.spacelanes.frames import Phase, SpaceLanesFrame
from spacetable.games.spacelanes.pvp import CombatFrame, LootFrame, OfferFrame
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.games.spacelanes.trade import TradeFrame
from spacetable.games.spacelanes.travel import FuelFrame
from tests.games.spacelanes.sl_helpers import give, new, place_hostile, set_lane_distance, started

KINDS = (WindowFrame, TargetFrame, ChainFrame, TradeFrame, FuelFrame, EngageFrame, CombatFrame, LootFrame,
         OfferFrame)


def _check_views(s: SpaceLanesState, seen: set[type]) -> None:
    spectator = s.view(None).data
    assert type(spectator["phase"]) is int and spectator["phase"] == s.phase
    top = s.stack[-1] if s.stack else None
    if top is not None:
        seen.add(type(top))
        copy = top.copy()
        assert type(copy) is type(top) and copy is not top and copy.public() == top.public()
    assert spectator.get("pending_play") == (top.public() if isinstance(top, TargetFrame) else None)
    assert spectator["offer"] == (top.public() if isinstance(top, OfferFrame) else None)
    for q in range(s.n):
        mine = s.view(q).data
        if isinstance(top, LootFrame) and q == top.winner:
            assert mine["loot_hand"] == top.private(s)["loot_hand"]
            assert mine["loot_hand"] == sorted(s.view(top.loser).data["you"]["hand"])
        else:
            assert "loot_hand" not in mine
    eng = next((f for f in reversed(s.stack) if isinstance(f, EngageFrame)), None)
    info = spectator["engagement"]
    if eng is None:
        assert info is None
    else:
        public = eng.public()
        assert {k: info[k] for k in ("lane", "card", "choice", "roll", "roll_mod")} == \
            {k: public[k] for k in ("lane", "card", "choice", "roll", "roll_mod")}


def test_views_read_the_frames_in_player_vs_player_games() -> None:
    seen: set[type] = set()
    rng = Rng(5)
    for seed in range(3):
        s = new(3, seed, ("pvp",))
        for _ in range(1200):
            if s.is_terminal():
                break
            _check_views(s, seen)
            if s.current_player() == CHANCE:
                s.sample_chance()
            else:
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])
    assert seen >= set(KINDS) - {ChainFrame}, sorted(k.__name__ for k in set(KINDS) - seen)


def test_l17_a_chain_is_a_frame_that_asks_the_next_captain() -> None:
    """L17: Countermeasures used in one's engagement start a chain; the rival holding Missiles is asked."""
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    set_lane_distance(s, ls, 2)
    place_hostile(s, ls, "red-fleet")
    s.apply(f"move {other}")
    give(s, 1, "missiles")
    give(s, 0, "countermeasures")
    while s.current_player() == 1:
        s.apply("pass")
    s.apply("use countermeasures")
    top = s.stack[-1]
    assert isinstance(top, ChainFrame) and top.current_player(s) == 1 and s.decision_name() == "chain"
    assert top.public() == {"responder": 1, "passed": []}
    seen: set[type] = set()
    _check_views(s, seen)
    assert seen == {ChainFrame}


def test_every_frame_kind_is_a_space_lanes_frame_with_its_own_copy() -> None:
    for kind in KINDS:
        assert issubclass(kind, SpaceLanesFrame)
        assert kind.copy is not SpaceLanesFrame.copy, f"{kind.__name__} has no copy() of its own"
    assert [int(p) for p in Phase] == [0, 1, 2, 3]
