"""The Space Lanes heuristic bot: registered, legal, blind to hidden cards (same choice from a
determinized state), card knowledge from data (no card names in its code), and it stops to win."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import spacetable.bots.spacelanes_heuristic as heuristic_module
from spacetable.bots.base import bot_names, make_bot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.spacelanes.common import cargo_limit
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.goals import progress
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.games.spacelanes.trade import BUY_LIMIT, buy_price, sell_price
from spacetable.games.spacelanes.travel import land
from spacetable.sim.runner import play_out
from spacetable.sim.setup import load_game


def new(players: int, seed: int, modes: tuple[str, ...] = ()) -> SpaceLanesState:
    s = load_game("spacelanes").new_game({"players": players, "modes": list(modes)}, seed)
    assert isinstance(s, SpaceLanesState)
    return s


def test_registered_for_spacelanes() -> None:
    assert "heuristic" in bot_names("spacelanes")
    assert make_bot("spacelanes", "heuristic").name == "heuristic"


@pytest.mark.parametrize(("seed", "modes"), [(2, ()), (3, ("pvp",)), (4, ("exploration", "pvp"))])
def test_legal_and_same_choice_from_a_determinized_state(seed: int, modes: tuple[str, ...]) -> None:
    """Every choice is legal and equals the choice made on `determinize(seat)` (other hands, goals,
    deck order and face-down tiles resampled), so the bot reads only what its seat may know."""
    s = new(3, seed, modes)
    bots = [make_bot("spacelanes", "heuristic"), make_bot("spacelanes", "greedy"),
            make_bot("spacelanes", "heuristic")]
    rng = Rng(seed)
    checked = 0
    while not s.is_terminal() and checked < 700:
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            continue
        a = bots[p].choose(s, p, rng)
        assert a in s.legal_actions()
        if bots[p].name == "heuristic":
            d = s.determinize(p, Rng(checked))
            assert bots[p].choose(d, p, rng) == a, (s.decision_name(), str(a))
            checked += 1
        s.apply(a)
    assert checked > 100


def test_plays_whole_games_to_a_winner() -> None:
    for seed in range(3):
        s = new(2, seed)
        r = play_out(s, [make_bot("spacelanes", "heuristic"), make_bot("spacelanes", "greedy")], Rng(seed))
        assert r.finished and r.winners


def test_beats_random_bots() -> None:
    wins = 0
    for seed in range(6):
        s = new(2, 100 + seed)
        names = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        r = play_out(s, [make_bot("spacelanes", n) for n in names], Rng(seed))
        wins += names.index("heuristic") in r.winners
    assert wins == 6


def test_no_card_names_in_the_code() -> None:
    """Card value comes from the card data (kind, cost, modifiers, prices, rewards), never from a
    table keyed by card names: no card slug or name appears as a string in the module."""
    source = Path(__file__).resolve().parents[2] / (heuristic_module.__name__.replace(".", "/") + ".py")
    code = source.read_text(encoding="utf-8")  # the source, also when the module is compiled
    strings = set(re.findall(r'"([^"\n]+)"', code))
    kinds = {t.kind for t in CONTENT.card_types}  # the effect vocabulary (e.g. "missiles") is data
    for t in CONTENT.card_types:
        assert t.name not in strings, t.name
        assert t.slug in kinds or t.slug not in strings, t.slug


def _main_decision_at_a_settlement(s: SpaceLanesState) -> SpaceLanesState:
    bots = [make_bot("spacelanes", "greedy") for _ in range(s.n)]
    rng = Rng(0)
    while True:
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            continue
        if s.phase == 2 and not s.stack and s.node[p] >= 0 and s.turns > 3 \
                and "end" in map(str, s.legal_actions()):
            return s
        s.apply(bots[p].choose(s, p, rng))


def test_ends_the_turn_on_a_settlement_once_the_goal_is_reached() -> None:
    s = _main_decision_at_a_settlement(new(2, 9))
    p = s.active
    tycoon = next(i for i, g in enumerate(CONTENT.goals) if g.kind == "credits")
    s.goal[p] = tycoon
    s.credits[p] = CONTENT.goals[tycoon].target_for(s.n, s.exploration)
    assert progress(s, p) >= 1.0
    a = make_bot("spacelanes", "heuristic").choose(s, p, Rng(0))
    assert str(a) == "end"
    s.apply(a)
    assert s.reached >> p & 1  # L21: it wins once the round is played out


def test_buys_fuel_for_the_road() -> None:
    """At a Trade with money and a small hand the bot buys cards (a turn is worth far more than 100)."""
    s = _main_decision_at_a_settlement(new(2, 11))
    p = s.active
    s.credits[p] = 9000
    s.cargo[p] = [0] * len(s.cargo[p])
    s.hand[p], extra = s.hand[p][:1], s.hand[p][1:]
    s.deck.extend(extra)
    bot = make_bot("spacelanes", "heuristic")
    for _ in range(40):
        if s.decision_name() != "trade" and "trade" not in map(str, s.legal_actions()):
            break
        a = bot.choose(s, p, Rng(0))
        if str(a).startswith("draw"):
            return
        s.apply(a)
        if s.decision_name() not in ("trade", "turn"):
            break
    pytest.fail("the bot never bought cards")


def test_the_first_heuristic_stays_reachable_as_heuristic_v1() -> None:
    """The baseline the current bot is measured against (benchmarks, docs/bots.md)."""
    assert {"heuristic", "heuristic-v1"} <= set(bot_names("spacelanes"))
    assert make_bot("spacelanes", "heuristic-v1").name == "heuristic-v1"


def _play_own_turn(s: SpaceLanesState, p: int) -> list[str]:
    """Play seat p's turn with the heuristic bot (other seats pass their windows); the actions taken."""
    bot = make_bot("spacelanes", "heuristic")
    done: list[str] = []
    turn = s.turns
    while not s.is_terminal() and s.turns == turn:
        q = s.current_player()
        if q == CHANCE:
            s.sample_chance()
            continue
        a = bot.choose(s, q, Rng(0)) if q == p else next(x for x in s.legal_actions() if str(x) == "pass")
        if q == p:
            done.append(str(a))
        s.apply(a)
    return done


@pytest.mark.parametrize("seed", [3, 8])
def test_fills_the_whole_hold_with_the_best_paying_goods_for_the_stop_it_flies_to(seed: int) -> None:
    """L4-L5: a turn holds one Trade, so a trade leg is a turn. At New Carthage (a Homeworld selling Parts,
    Medicine and Luxury cheap) with money and an empty hold and hand, the bot fills the hold (at most 5 of a
    good a Visit), buys the fuel for the trip (L6), flies to its next stop and ends its turn there; every
    good it bought sells there for more than it paid, and no good it left pays more there a unit."""
    s = _main_decision_at_a_settlement(new(2, seed))
    p = s.active
    s.goal[p] = next(i for i, g in enumerate(CONTENT.goals) if g.kind == "credits")
    s.hand[p], s.deck = [], s.deck + s.hand[p]
    s.cargo[p] = [0] * len(s.cargo[p])
    s.credits[p] = 20_000
    start = next(x for x in range(15) if CONTENT.settlements[s.slot_set[x]].slug == "new-carthage")
    land(s, p, start)
    paid = {g: buy_price(s, start, g) for g in range(6) if buy_price(s, start, g)}
    actions = _play_own_turn(s, p)
    bought = {g: s.cargo[p][g] for g in range(6) if s.cargo[p][g]}
    assert all(k <= BUY_LIMIT for k in bought.values())
    assert any(a.startswith("draw") for a in actions)  # fuel bought before the trip
    stop = s.node[p]
    assert stop >= 0 and stop != start, actions  # a whole leg in one turn, ending on the next stop
    paying = [g for g in paid if sell_price(s, stop, g) > paid[g]]
    # the whole hold, or every unit the 5-a-Visit limit allows of the goods that pay at the stop
    assert sum(bought.values()) == min(cargo_limit(s, p), BUY_LIMIT * len(paying)), actions
    margin = {g: sell_price(s, stop, g) - paid[g] for g in paid if sell_price(s, stop, g)}
    assert all(margin[g] > 0 for g in bought)
    worst_bought = min(margin[g] for g in bought)
    assert all(m <= worst_bought for g, m in margin.items() if g not in bought)


def test_sells_the_hold_where_it_pays_and_refills_it() -> None:
    """At the stop it flew to, the next Trade sells what it carried (L5: units carried in may be sold)
    and buys a new hold."""
    s = _main_decision_at_a_settlement(new(2, 3))
    p = s.active
    s.goal[p] = next(i for i, g in enumerate(CONTENT.goals) if g.kind == "credits")
    s.hand[p], s.deck = [], s.deck + s.hand[p]
    s.cargo[p] = [0] * len(s.cargo[p])
    s.credits[p] = 20_000
    start = next(x for x in range(15) if CONTENT.settlements[s.slot_set[x]].slug == "new-carthage")
    land(s, p, start)
    _play_own_turn(s, p)
    carried = list(s.cargo[p])
    sold_before = s.goods_sold[p]
    while s.active != p:
        _play_own_turn(s, s.active)
    _play_own_turn(s, p)
    assert s.goods_sold[p] - sold_before == sum(carried)
    assert sum(s.cargo[p]) > 0
