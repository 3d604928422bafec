"""Binding Ties properties over bounded random games with 3–5 players.

Checked after every decision: reputation stays within 0–5 (Recording Reputation), no token for one's
own faction or a faction nobody plays (Reputation Terminals). Checked for every spend or trade: its
timing window was open (Possible Rewards, re-derived here from the rulebook), it was paid as SAME /
ANY require (Spending Reputation) or 3:1 (Trading Reputation), and nobody else's reputation moved
(Extras: no trading among players). Also: player counts outside 3–5 are refused (Game Setup, NOTE),
every reward is reachable, and a game with spends replays exactly from its action log.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spacetable.bots.moonrakers_random import MoonrakersRandomBot
from spacetable.engine import record
from spacetable.engine.errors import ConfigError
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import new_game, reputation
from spacetable.games.moonrakers.game import Moonrakers
from spacetable.games.moonrakers.state import EXECUTION, PLANNING

BOT = MoonrakersRandomBot()
MAIN = {"planning", "stay.objective", "stay.replace", "negotiation", "negotiation.answer",
        "execution.play", "bonus-card", "buying", "reputation.window"}


@dataclass
class Stats:
    spends: dict[str, int] = field(default_factory=dict)
    trades: int = 0


def bt_game(players: int, seed: int) -> Moonrakers:
    return new_game({"players": players, "modules": [], "expansions": ["binding-ties"]}, seed)


def check_terminals(s: Moonrakers) -> None:
    for p in s.players:
        assert all(0 <= r <= 5 for r in p.rep), p.rep
        assert p.rep[p.faction] == 0
        assert all(p.rep[f] == 0 for f in range(s.n, 5))


def window_ok(s: Moonrakers, seat: int, reward: str) -> bool:
    """The rulebook's timing of each reward (Possible Rewards), independent of reputation.py."""
    buy = s.stack[0].name == "buying"
    in_contract = s.phase == EXECUTION and s.ex is not None and seat in s.ex.seats
    if reward == "discard-contract":
        return s.phase == PLANNING and seat == s.ml
    if reward == "discard-armory":
        return buy and seat == s.ml
    if reward in ("action", "card", "reduce", "block"):
        return in_contract
    if reward == "bonus":
        return not buy or seat == s.ml
    return True


def choose(s: Moonrakers, seat: int, rng: Rng) -> A.Action:
    """The random bot, but taking a spend or trade 30% of the time when one is offered."""
    extras = [a for a in s.legal_actions() if a.kind in ("spend", "trade")]
    if extras and rng.random() < 0.3:
        return extras[rng.below(len(extras))]
    return BOT.choose(s, seat, rng)


def run(players: int, seed: int, start_rep: list[int] | None, steps: int, stats: Stats) -> Moonrakers:
    s = bt_game(players, seed)
    s.events = []  # the payment of each spend is read from its events (a window's spend may be
    # followed, in the same decision, by the end of the contract and its reputation gains)
    if start_rep is not None:
        for i, p in enumerate(s.players):
            p.rep = [start_rep[i * 5 + f] if f < s.n and f != p.faction else 0 for f in range(5)]
    rng = Rng(seed)
    pending: tuple[int, A.Action, int, bool] | None = None
    mark = 0
    for _ in range(steps):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            s.sample_chance()
            check_terminals(s)
            continue
        seat = s.current_player()
        a = choose(s, seat, rng)
        if a.kind in ("spend", "trade") and pending is None:
            top = s.stack[-1]
            assert top.name in MAIN and top.player == seat
            assert s.events is not None
            mark = len(s.events)
            if a.kind == "spend":
                r = str(a.args[0])
                assert window_ok(s, seat, r), (r, s.phase, s.decision_name())
                ri = reputation.REWARD_ID[r]
                pending = (seat, a, reputation.cost(s, seat, ri), reputation.SAME[ri])
                stats.spends[r] = stats.spends.get(r, 0) + 1
            else:
                pending = (seat, a, reputation.trade_ratio(s, seat), False)
                stats.trades += 1
        s.apply(a)
        check_terminals(s)
        if pending is not None and check_payment(s, mark, *pending):
            pending = None
    return s


def check_payment(s: Moonrakers, mark: int, seat: int, a: A.Action, cost: int, same: bool) -> bool:
    """Check a spend's or trade's payment from its events once it is complete (False: not yet).

    The payment is every token moved between the spend (`rep-use` / `rep-trade`) and its reward
    (`rep-reward-taken`, or the traded `rep-gain`): only the spender's tokens move, leftwards."""
    assert s.events is not None
    events = s.events[mark:]
    assert events and events[0].key == ("rep-use" if a.kind == "spend" else "rep-trade"), events[:1]
    paid = [0] * 5
    for e in events[1:]:
        if a.kind == "spend" and e.key == "rep-reward-taken" or a.kind == "trade" and e.key == "rep-gain":
            assert e.args[0] == seat
            break
        if e.key in ("rep-gain", "rep-lose", "rep-spend"):
            assert e.args[0] == seat and e.key == "rep-spend", ("another player's reputation moved", e)
            paid[e.args[1]] += e.args[2]
    else:
        return False
    if a.kind == "trade":
        f = reputation.FACTION_ID[str(a.args[0])]
        assert e.args[1] == f and paid[f] == 0
        assert sum(paid) == cost, paid
    elif same:
        assert sorted(paid)[-1] == cost and sum(paid) == cost, paid  # one color paid it all
    else:
        assert sum(paid) == cost, paid
    return True


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([3, 4, 5]),
       start=st.lists(st.integers(0, 5), min_size=25, max_size=25))
def test_random_games_keep_reputation_rules(seed: int, players: int, start: list[int]) -> None:
    """Recording / Spending / Trading Reputation and Extras hold over bounded random games."""
    run(players, seed, start, 700, Stats())


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([3, 4, 5]))
def test_random_games_from_the_start(seed: int, players: int) -> None:
    """The same properties from a normal start (reputation earned in play only)."""
    run(players, seed, None, 2000, Stats())


@settings(max_examples=20, deadline=None)
@given(players=st.integers(-1, 9).filter(lambda n: not 3 <= n <= 5), seed=st.integers(0, 1000))
def test_player_count_outside_3_to_5_refused(players: int, seed: int) -> None:
    """Game Setup, NOTE: only 3–5 players."""
    with pytest.raises(ConfigError):
        bt_game(players, seed)


def test_every_reward_and_trade_is_reached() -> None:
    """Every one of the rewards (and trading) actually happens in random play: none is unreachable."""
    stats = Stats()
    for seed in range(12):
        run(3 + seed % 3, seed, [4] * 25, 600, stats)
    assert set(stats.spends) == set(A.REWARDS), sorted(set(A.REWARDS) - set(stats.spends))
    assert stats.trades > 0


def test_game_with_spends_replays_from_its_log() -> None:
    """A Binding Ties game (spends, trades, windows) replays exactly from config, seed and actions."""
    stats = Stats()
    s = run(4, 7, None, 3000, stats)
    assert stats.trades and sum(stats.spends.values()) and s.game_stats()["reputation_spent"] > 0
    doc = record.to_document(s)
    r = record.from_document(json.loads(json.dumps(doc)))
    assert isinstance(r, Moonrakers)
    assert [p.rep for p in r.players] == [p.rep for p in s.players]
    assert r.view(0).to_json() == s.view(0).to_json()


def test_determinize_resamples_another_players_pending_trash_choice_1_2() -> None:
    """Hidden information (1.2): a pending "trash a card from your hand" choice (Trash a Card spend)
    lists hand cards; in a copy determinized for another seat, whose hand was resampled, it must list
    that resampled hand (not the real one, which would leak it and offer cards no longer there)."""
    from tests.games.moonrakers.helpers import game

    s = game(3, seed=0, bt=True)
    s.players[0].rep = [0, 3, 0, 0, 0]
    s.players[0].hand = [A.CARD_ID[c] for c in ("reactor", "reactor", "damage-1", "miss", "miss")]
    s.apply("spend trash")
    assert s.decision_name() == "choice.rep-trash"
    for k in range(12):
        d = s.determinize(1, Rng(k))
        assert d.view(1).data == s.view(1).data
        hand = d.players[0].hand
        assert sorted(str(a) for a in d.legal_actions()) == sorted(
            {f"trash {A.CARD_SLUGS[c]}" for c in hand}), k
        for a in d.legal_actions():
            d.copy().apply(a)
