"""The Space Lanes advisor: engagement odds against brute-force 2d6 enumeration, the best trade run
within reach this turn, and the same answer from a determinized state (so it cannot leak)."""

from __future__ import annotations

import json
from itertools import product

import pytest

from spacetable.bots.base import make_bot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.spacelanes.advisor import advise, engagement_odds, trade_run
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import GOODS
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.games.spacelanes.trade import buy_price, sell_price
from spacetable.sim.setup import load_game


def new(players: int = 2, seed: int = 1, modes: tuple[str, ...] = ()) -> SpaceLanesState:
    s = load_game("spacelanes").new_game({"players": players, "modes": list(modes)}, seed)
    assert isinstance(s, SpaceLanesState)
    return s


def states(seed: int, players: int, modes: tuple[str, ...], limit: int = 1500) -> list[SpaceLanesState]:
    """Every seat decision of a greedy game (copies), up to `limit`."""
    s = new(players, seed, modes)
    bots = [make_bot("spacelanes", "greedy") for _ in range(players)]
    rng = Rng(seed)
    out: list[SpaceLanesState] = []
    while not s.is_terminal() and len(out) < limit:
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            continue
        out.append(s.copy())
        s.apply(bots[p].choose(s, p, rng))
    return out


def brute_odds(need: int) -> float:
    return sum(1 for a, b in product(range(1, 7), repeat=2) if a + b >= need) / 36


# seeds whose greedy games reach engagements (in Exploration and PvP mode most games of 1,500
# decisions meet no Pirates or Patrol: seeds 11 to 15 do not, 16 does)
@pytest.mark.parametrize(("seed", "modes"), [(7, ()), (16, ("exploration", "pvp"))])
def test_same_advice_from_a_determinized_state_and_json_ready(seed: int, modes: tuple[str, ...]) -> None:
    engaged = 0
    for i, s in enumerate(states(seed, 3, modes)):
        p = s.current_player()
        a = advise(s, p)
        assert json.loads(json.dumps(a)) == a
        assert a["lines"] and all(isinstance(x, str) for x in a["lines"])
        assert advise(s.determinize(p, Rng(1000 + i)), p) == a
        engaged += a["engagement"] is not None
    assert engaged > 0  # the games did reach engagements


def test_engagement_odds_match_enumeration_of_the_dice() -> None:
    seen = 0
    for seed in (6, 7, 13):
        for s in states(seed, 3, ()):
            e = engagement_odds(s, s.current_player())
            if e is None:
                continue
            seen += 1
            opts = {o["option"]: o for o in e["options"]}
            if e["stage"] == "choose":
                assert opts["engage win"]["odds"] == round(brute_odds(e["win"] - e["win_mod"]), 4)
                assert opts["engage escape"]["odds"] == round(brute_odds(e["escape"] - e["escape_mod"]), 4)
                for name, o in opts.items():
                    if name.startswith("parlay"):
                        assert o["odds"] == 1.0 and o["expected_loss"] == o["cost"]
            for o in opts.values():
                expected = o["cost"] + (1 - o["odds"]) * e["at_stake"]
                assert o["expected_loss"] == pytest.approx(expected, abs=1.0)
            assert e["best"] == min(opts.values(), key=lambda o: o["expected_loss"])["option"]
    assert seen > 0


def test_no_engagement_advice_for_a_seat_that_is_not_engaged() -> None:
    for s in states(3, 3, ())[:300]:
        for q in range(s.n):
            if q != s.active:
                assert engagement_odds(s, q) is None


def _at_turn_start(s: SpaceLanesState) -> SpaceLanesState:
    """The first main decision of the active seat at a settlement, before any trade or travel."""
    bots = [make_bot("spacelanes", "greedy") for _ in range(s.n)]
    rng = Rng(0)
    while True:
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            continue
        if s.phase == 2 and not s.stack and s.node[p] >= 0 and s.moves_made == 0 and s.trade_state == 0 \
                and s.travel_state == 0 and not s.damaged[p] and s.turns > 2:
            return s
        s.apply(bots[p].choose(s, p, rng))


def test_trade_run_is_the_best_by_brute_force_over_destinations() -> None:
    s = _at_turn_start(new(2, 7))
    p = s.active
    s.cargo[p] = [0] * len(GOODS)
    s.cargo[p][0] = 3  # 3 Ore aboard
    run = trade_run(s, p)
    assert run is not None
    here = s.node[p]
    assert run["fuel_cards"] <= len(s.hand[p]) and run["destination"] != here
    y = run["destination"]
    sold = sell_price(s, y, 0)
    assert run["hold_gain"] == (3 * (sold - sell_price(s, here, 0)) if sold else 0)
    if run["buy"]:
        b = run["buy"]
        g = GOODS.index(b["good"])
        assert b["price"] == buy_price(s, here, g) and b["sells_for"] == sell_price(s, y, g)
        assert run["margin"] == b["units"] * (b["sells_for"] - b["price"])
    assert run["expected_profit"] == pytest.approx(
        run["margin"] + run["hold_gain"] - run["fuel_cost"] - run["risk"], abs=0.1)
    # with no fuel in hand only what the free first move reaches is offered
    s.hand[p] = []
    short = trade_run(s, p)
    assert short is None or short["fuel_cards"] == 0 and short["expected_profit"] <= run["expected_profit"]
    assert CONTENT.settlements[s.slot_set[y]].name == run["name"]
    # another seat is advised for its next turn: a free first move and the fuel in its own hand
    q = 1 - p
    other = trade_run(s, q)
    assert other is None or other["fuel_cards"] <= len(s.hand[q])
    assert any("on your next turn" in x for x in advise(s, q)["lines"]) == (other is not None)


def test_bad_seat_and_wrong_game() -> None:
    s = new()
    with pytest.raises(ValueError, match="no seat 3"):
        advise(s, 2)
    hc = load_game("highcard").new_game({"players": 2}, 1)
    with pytest.raises(ValueError, match="Space Lanes"):
        advise(hc, 0)
