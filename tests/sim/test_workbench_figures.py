"""Figures a designer can trust (docs/workbench.md): card effects adjusted for who buys a card, Ludii's
game metrics, paired comparisons and the bot ladder, checked on rows built by hand where the truth is
known."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spacetable.sim.card_effects import Item, card_effects, items_for
from spacetable.sim.game_figures import decided_at, game_figures, last_behind, lead_changes, paired
from spacetable.sim.ladder import ladder

STRONG, WEAK, NEUTRAL = "ace", "dud", "plain"


def planted_rows(games: int, seed: int = 7) -> list[dict[str, Any]]:
    """2-player games of a strong bot ("heuristic") against a weak one ("greedy"). The heuristic buys
    the neutral card 90% of the time, greedy 10%: it changes nothing. The strong card adds to its
    buyer's chance, the weak one takes from it (issue's planted-effect case, on small numbers)."""
    rng = random.Random(seed)
    rows = []
    for g in range(games):
        bots = ["heuristic", "greedy"] if g % 2 == 0 else ["greedy", "heuristic"]
        seats = []
        strength = []
        for seat, bot in enumerate(bots):
            bought = []
            if rng.random() < (0.9 if bot == "heuristic" else 0.1):
                bought.append(NEUTRAL)
            if rng.random() < 0.5:
                bought.append(STRONG)
            if rng.random() < 0.5:
                bought.append(WEAK)
            s = (1.2 if bot == "heuristic" else 0.0) + 1.5 * (STRONG in bought) - 1.5 * (WEAK in bought)
            strength.append(s + rng.gauss(0, 0.3))
            seats.append({"game_id": f"g{g}", "seed": g, "seat": seat, "bot": bot, "status": "finished",
                          "turns": 30 + rng.randrange(10), "cards_bought": bought,
                          "cards_offered": [STRONG, WEAK, NEUTRAL], "crew_owned": bought, "parts_owned": [],
                          "contracts_taken": [], "score_track": None})
        winner = 0 if rng.random() < 1 / (1 + pow(2.718, strength[1] - strength[0])) else 1
        for r in seats:
            r["result"] = 1.0 if r["seat"] == winner else 0.0
        rows += seats
    return rows


def test_the_adjusted_effect_finds_the_planted_cards_where_the_raw_rate_is_fooled() -> None:
    rows = planted_rows(400)
    records = {"crew": [{"slug": s, "name": s} for s in (STRONG, WEAK, NEUTRAL)]}
    effects = {e.card: e for e in card_effects(rows, items_for("moonrakers", records, rows), lambda r: 0.0)}
    strong, weak, neutral = effects[STRONG], effects[WEAK], effects[NEUTRAL]
    assert strong.effect is not None and weak.effect is not None and neutral.effect is not None
    assert strong.low is not None and strong.low > 0  # planted strong: the interval excludes 0
    assert weak.high is not None and weak.high < 0  # planted weak: the interval excludes 0
    assert neutral.low is not None and neutral.high is not None and neutral.low < 0 < neutral.high
    # the raw win rate of its buyers makes the neutral card look as good as the strong one: the strong
    # bot buys it
    assert neutral.raw_win is not None and strong.raw_win is not None and weak.raw_win is not None
    assert neutral.raw_win > 0.6 and abs(neutral.raw_win - strong.raw_win) < 0.1
    ranked = [e.card for e in card_effects(rows, items_for("moonrakers", records, rows), lambda r: 0.0)]
    assert ranked[0] == STRONG and ranked[-1] == WEAK
    by_bot = {b.bot: b for b in neutral.by_bot}
    assert by_bot["heuristic"].buy_rate is not None and by_bot["heuristic"].buy_rate > 0.8
    assert by_bot["greedy"].buy_rate is not None and by_bot["greedy"].buy_rate < 0.2


def test_every_card_gets_a_row_and_too_few_games_give_nulls() -> None:
    # "a row for every card even when the games are too few to estimate (then effect, low, high are null)"
    rows = planted_rows(6)
    records = {"crew": [{"slug": s, "name": s} for s in (STRONG, WEAK, NEUTRAL, "never-seen")]}
    effects = card_effects(rows, items_for("moonrakers", records, rows), lambda r: 0.0)
    assert {e.card for e in effects} == {STRONG, WEAK, NEUTRAL, "never-seen"}
    for e in effects:
        assert e.effect is None and e.low is None and e.high is None
        assert set(e.key()) == {"card", "kind", "effect", "low", "high", "buy_rate"}
    never = next(e for e in effects if e.card == "never-seen")
    assert never.buy_rate is None and never.rows_with == 0  # never offered: no buy rate either


def test_the_buy_rate_counts_purchases_among_the_seat_games_offered_the_card() -> None:
    rows = [{"game_id": f"g{i}", "seat": 0, "bot": "b", "status": "finished", "result": 1.0, "turns": 10,
             "cards_bought": ["x"] if i < 3 else [], "cards_offered": ["x"] if i < 8 else []}
            for i in range(10)]
    item = Item("x", "crew", "X", lambda r: "x" in r["cards_bought"], lambda r: "x" in r["cards_offered"])
    (effect,) = card_effects(rows, [item], lambda r: 0.0)
    assert effect.buy_rate == pytest.approx(3 / 8)
    (split,) = effect.by_bot
    assert (split.offered, split.bought, split.passed) == (8, 3, 5)


def track_rows(tracks: list[list[float]], winner: int, game: str = "g",
               seed: int = 1) -> list[dict[str, Any]]:
    return [{"game_id": game, "seed": seed, "seat": s, "bot": f"b{s}", "status": "finished",
             "result": 1.0 if s == winner else 0.0, "turns": len(t), "score_track": t}
            for s, t in enumerate(tracks)]


def test_lead_changes_and_decisiveness_follow_ludii_definitions() -> None:
    # Ludii LeadChange: how often the leader changes; a tie keeps the previous leader
    track = [[1, 0], [1, 2], [2, 2], [3, 2], [3, 5], [4, 6]]
    assert lead_changes(track) == 3  # 0 → 1, → 0 (the 2-2 tie keeps 1), → 1
    assert last_behind(track, 1) == 3
    assert decided_at(track, 1) == pytest.approx(4 / 5)  # seat 1 led alone from the end of turn 5 of 6 on
    assert decided_at([[0, 1], [0, 2]], 1) == 0.0
    assert decided_at([[1, 0], [1, 2]], 1) == 1.0


def test_game_figures_count_the_first_seat_shared_wins_and_games_nobody_won() -> None:
    rows = (track_rows([[1, 0, 3], [0, 2, 1]], winner=0, game="a")
            + track_rows([[0, 1, 1], [2, 2, 5]], winner=1, game="b")
            + [r | {"result": 0.0} for r in track_rows([[0], [0]], winner=0, game="c")])
    f = game_figures(rows, 2)
    assert f.finished == 3 and f.everyone_lost == 1  # c: nobody won (a solo loss, 8.9)
    assert f.first_player == pytest.approx(1 / 3)
    assert f.lead_changes == pytest.approx((2 + 0) / 2)
    assert f.decided_before_last_turn == pytest.approx(0.5)  # b's winner led before its last turn, a's not


def test_paired_differences_match_games_by_seed_and_seating() -> None:
    a, b = [], []
    for g in range(40):
        win_a = g % 2
        win_b = 0 if g % 4 else win_a  # B gives seat 1 a few more wins on the same deals
        a += track_rows([[0], [0]], winner=win_a, game=f"a{g}", seed=g)
        b += track_rows([[0], [0]], winner=win_b, game=f"b{g}", seed=g)
    diffs = {d.figure: d for d in paired(a, b)}
    seat1 = diffs["seat 1 win rate"]
    assert seat1.pairs == 40
    assert seat1.a == pytest.approx(0.5) and seat1.b == pytest.approx(1.0)
    assert seat1.diff == pytest.approx(seat1.b - seat1.a)
    assert seat1.low <= seat1.diff <= seat1.high
    assert paired(a, [r | {"seed": 999} for r in b]) == []  # no shared deal: nothing to pair


def ladder_rows(strength: dict[str, float], games: int, seed: int = 3) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    rows = []
    names = sorted(strength)
    k = 0
    for i, x in enumerate(names):
        for y in names[i + 1:]:
            for g in range(games):
                p = strength[x] / (strength[x] + strength[y])
                winner = x if rng.random() < p else y
                for seat, bot in enumerate((x, y) if g % 2 == 0 else (y, x)):
                    rows.append({"run": f"ladder: {x} vs {y}", "game_id": f"{k}", "game_index": g, "bot": bot,
                                 "seat": seat, "status": "finished", "result": 1.0 if bot == winner else 0.0})
                k += 1
    return rows


def test_the_ladder_orders_bots_with_intervals_and_a_win_matrix() -> None:
    board = ladder(ladder_rows({"random": 1, "greedy": 4, "heuristic": 12}, 60), bootstrap=30)
    assert board is not None
    body = board.to_json()
    assert set(body) == {"ratings", "matrix", "games"} and body["games"] == 180
    assert [r["bot"] for r in body["ratings"]] == ["heuristic", "greedy", "random"]
    for r in body["ratings"]:
        assert set(r) == {"bot", "rating", "low", "high"} and r["low"] <= r["rating"] <= r["high"]
    heuristic, greedy, rand = body["ratings"]
    assert heuristic["low"] > greedy["high"] and greedy["low"] > rand["high"]
    m = body["matrix"]
    assert m["heuristic"]["random"] > 0.8
    assert m["random"]["heuristic"] == pytest.approx(1 - m["heuristic"]["random"])
