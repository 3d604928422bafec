"""Space Lanes properties over many random games (hypothesis): card, goods and credit conservation,
cargo and hand limits, one Pirates/Patrol per Space (L12), hidden information in views, determinize,
copy isolation and replay determinism."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacetable.engine.record import from_document, to_document
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.spacelanes.common import CONTENT_GOOD, CT, HAND_LIMIT, TYPE, cargo_limit, mod
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.games.spacelanes.trade import buy_price, sell_price
from tests.games.spacelanes.sl_helpers import new

NO_MONEY = {"start", "first", "trade", "done", "toss", "lane", "world", "cancel", "engage", "keep", "dismiss",
            "relocate", "attack", "loot", "end", "roll"}
MODES = st.sampled_from([(), ("exploration",), ("pvp",), ("exploration", "pvp")])


def all_cards(s: SpaceLanesState) -> list[int]:
    out = list(s.deck) + list(s.discard)
    for q in range(s.n):
        out += s.hand[q] + s.ship[q] + [c for c, _ in s.transports[q]]
    for arr in (s.hostile, s.bounty, s.station, s.asteroids, s.wormhole, s.econ):
        out += [c for c in arr if c >= 0]
    return out


def check(s: SpaceLanesState) -> None:
    cards = all_cards(s)
    assert sorted(cards) == list(range(100)), "every card is in exactly one place"
    for ls in range(24):  # L12: one Pirates/Patrol per Space, one Bounty per event
        if s.hostile[ls] >= 0:
            assert CT[TYPE[s.hostile[ls]]].kind in ("pirates", "patrol")
        if s.bounty[ls] >= 0:
            assert s.hostile[ls] >= 0 and CT[TYPE[s.bounty[ls]]].kind == "bounty"
    for q in range(s.n):
        assert len(s.hand[q]) <= HAND_LIMIT
        assert 0 <= sum(s.cargo[q]) <= cargo_limit(s, q)
        assert min(s.cargo[q]) >= 0 and s.credits[q] >= 0
        assert s.union[q] >= 0 and s.pirate[q] >= 0
        if s.phase > 0:
            assert (s.node[q] >= 0) != (s.lane[q] >= 0)
        if s.lane[q] >= 0:
            assert 1 <= s.mark[q] <= s.dist[s.lane[q]]


def step(s: SpaceLanesState, rng: Rng) -> str:
    if s.current_player() == CHANCE:
        return str(s.sample_chance())
    a = rng.choice(s.legal_actions())
    kind = a.kind
    total_c, total_g = sum(s.credits), sum(map(sum, s.cargo))
    p = s.current_player()
    before_c = s.credits[p]
    price = 0
    if kind in ("buy", "sell"):
        g = CONTENT_GOOD[str(a.args[0])]
        price = buy_price(s, s.node[p], g) if kind == "buy" else sell_price(s, s.node[p], g) + mod(
            s, p, "sell_bonus")
    s.apply(a)
    if kind in NO_MONEY:
        assert sum(s.credits) == total_c, f"{a} changed credits"
        assert sum(map(sum, s.cargo)) == total_g, f"{a} changed goods"
    if kind == "buy":
        assert s.credits[p] == before_c - price and sum(map(sum, s.cargo)) == total_g + 1
    if kind == "sell":
        assert s.credits[p] == before_c + price and sum(map(sum, s.cargo)) == total_g - 1
    return str(a)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), players=st.integers(2, 5), modes=MODES)
def test_invariants_over_random_games(seed: int, players: int, modes: tuple[str, ...]) -> None:
    s = new(players, seed, modes)
    rng = Rng(seed)
    for _ in range(3000):
        if s.is_terminal():
            break
        step(s, rng)
        check(s)


def _hidden_free(view: dict[str, Any], s: SpaceLanesState, p: int) -> None:
    text = repr(view)
    assert all("hand" not in ship for ship in view["ships"])
    assert view["you"]["seat"] == p
    for x in view["slots"]:
        if not x["revealed"]:
            assert "settlement" not in x and "prices" not in x
    assert "deck" not in view or isinstance(view.get("deck_size"), int)
    assert text.count("'goal'") == 1


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), players=st.integers(2, 5), modes=MODES)
def test_views_hide_and_determinize_keeps_view_and_copies_are_isolated(seed: int, players: int,
                                                                       modes: tuple[str, ...]) -> None:
    s = new(players, seed, modes)
    rng = Rng(seed + 1)
    for i in range(1500):
        if s.is_terminal():
            break
        if i % 23 == 0:
            p = i % players
            v = s.view(p).data
            _hidden_free(v, s, p)
            d = s.determinize(p, Rng(i))
            assert d.view(p).data == v
            assert d.legal_actions() == s.legal_actions() or s.current_player() != p
            for _ in range(30):  # a determinized state plays on (search bots rely on it)
                if d.is_terminal():
                    break
                step(d, rng)
                check(d)
            c = s.copy()
            before = s.view(None).data
            for _ in range(20):
                if c.is_terminal():
                    break
                step(c, rng)
            assert s.view(None).data == before
        step(s, rng)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10 ** 6), players=st.integers(2, 5), modes=MODES)
def test_replay_determinism(seed: int, players: int, modes: tuple[str, ...]) -> None:
    s = new(players, seed, modes)
    rng = Rng(seed)
    for _ in range(800):
        if s.is_terminal():
            break
        step(s, rng)
    doc = to_document(s)
    r = from_document(doc)
    assert isinstance(r, SpaceLanesState)
    assert r.history == s.history
    assert r.view(None).data == s.view(None).data
    for p in range(players):
        assert r.view(p).data == s.view(p).data


def test_random_games_finish() -> None:
    for seed in range(3):
        s = new(3, seed)
        rng = Rng(seed)
        n = 0
        while not s.is_terminal():
            step(s, rng)
            n += 1
        assert s.is_terminal() and n > 10
