"""The simulator and the bench logic (spacetable.sim): summaries, error capture, reproducibility."""

from __future__ import annotations

import pytest

import spacetable.games.highcard  # noqa: F401  (registers "highcard")
from spacetable.bots.base import register_bot
from spacetable.engine.action import Action
from spacetable.engine.errors import ConfigError
from spacetable.engine.rng import Rng
from spacetable.engine.state import State
from spacetable.sim import bench
from spacetable.sim.runner import play_out
from spacetable.sim.setup import all_games, build_config, load_game, make_bots, parse_bots
from spacetable.sim.simulate import seating, simulate, wilson_interval


class CrashOnSalvage:
    """A bot that raises at the salvage decision (H5): a stand-in for a game bug."""

    name = "crash-on-salvage"

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        if state.decision_name() == "round.salvage":
            raise RuntimeError("boom at salvage")
        return rng.choice(state.legal_actions())


register_bot("highcard", "crash-on-salvage", CrashOnSalvage)


def test_summary_counts_add_up() -> None:
    r = simulate("highcard", 60, 4, ["random"] * 4, seed=2)
    assert r.games == r.completed == 60 and r.errors == 0 and r.unfinished == 0
    assert sum(r.wins_by_seat) >= 60 and (sum(r.wins_by_seat) > 60) == (r.shared_wins > 0)
    assert r.mean_turns == 5.0 and r.mean_decisions is not None and r.mean_decisions >= 4 * 5
    assert r.min_winner_prestige is not None and r.games_per_second > 0


def test_shared_wins_count_for_every_winner() -> None:
    r = simulate("highcard", 200, 4, ["random"] * 4, seed=1)
    assert r.shared_wins > 0  # ties happen in Highcard (H7)
    assert sum(r.wins_by_seat) > r.completed


def test_exceptions_inside_games_are_counted_and_the_run_continues() -> None:
    r = simulate("highcard", 40, 2, ["crash-on-salvage", "random"], seed=0)
    assert 0 < r.errors < 40 and r.completed == 40 - r.errors
    sample = r.error_samples[0]
    assert "boom at salvage" in sample["error"] and isinstance(sample["seed"], int)
    # The sample's seed and seating reproduce the crash on its own.
    for sample in r.error_samples:
        assert sorted(sample["bots"]) == ["crash-on-salvage", "random"]
        again = simulate("highcard", 1, 2, sample["bots"], seed=sample["seed"])
        assert again.errors == 1


def test_same_seed_same_results() -> None:
    a = simulate("highcard", 30, 3, ["random"] * 3, seed=5, modes=["lowball"]).to_json()
    b = simulate("highcard", 30, 3, ["random"] * 3, seed=5, modes=["lowball"]).to_json()
    for k in ("wins_by_seat", "mean_decisions", "min_winner_prestige", "shared_wins"):
        assert a[k] == b[k]


def test_unfinished_games_are_reported() -> None:
    r = simulate("highcard", 3, 2, ["random"] * 2, max_decisions=2)
    assert r.unfinished == 3 and r.completed == 0 and r.mean_turns is None
    assert r.unfinished_samples[0] == {"seed": 0, "decisions": 2, "turns": 1, "bots": ["random"] * 2}


def test_configuration_errors_are_raised_before_playing() -> None:
    with pytest.raises(ConfigError):
        simulate("highcard", 1, 2, ["nobody"] * 2)
    with pytest.raises(ConfigError):
        simulate("highcard", 1, 9, ["random"] * 9)
    with pytest.raises(ConfigError):
        simulate("tiddlywinks", 1, 2, ["random"] * 2)


def test_setup_helpers() -> None:
    spec = load_game("highcard")
    assert "highcard" in all_games() and "moonrakers" in all_games()
    assert build_config(spec, 2, modes=["lowball"]) == {"players": 2, "modes": ["lowball"]}
    with pytest.raises(ConfigError, match="no --module"):
        build_config(spec, 2, modules=["x"])
    assert parse_bots("highcard", "random", 3) == ["random"] * 3
    assert parse_bots("highcard", "random, random", 2) == ["random"] * 2
    with pytest.raises(ConfigError):
        parse_bots("highcard", ",", 2)
    assert [b.name for b in make_bots("highcard", ["random"])] == ["random"]


def test_play_out_reports_winners_and_decisions() -> None:
    state = load_game("highcard").new_game({"players": 2}, 3)
    result = play_out(state, make_bots("highcard", ["random", "random"]), Rng(0))
    assert result.finished and result.winners == state.winners() and result.decisions >= 10


def test_bench_figures_are_positive() -> None:
    out = bench.bench(["highcard", "tiddlywinks"], seconds=0.02)
    hc = out["games"]["highcard"]
    assert hc["decisions_per_second"] > 0 and hc["random_games_per_second"] > 0 and hc["copy_us"] > 0
    assert "tiddlywinks" in out["skipped"]
    states = bench.mid_game_states("highcard", 3, count=10)
    assert len(states) == 10 and any(not s.is_terminal() and s.history for s in states)


class FirstAction:
    """Always the first legal action: a deterministic stand-in to check the seat rotation."""

    name = "first"

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        return state.legal_actions()[0]


register_bot("highcard", "first", FirstAction)


class SeatLogger(FirstAction):
    """Records the seats it is asked to play."""

    name = "seat-logger"
    seats: set[int] = set()

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        SeatLogger.seats.add(seat)
        return super().choose(state, seat, rng)


register_bot("highcard", "seat-logger", SeatLogger)


def test_seats_rotate_so_no_bot_keeps_the_first_seat() -> None:
    assert seating(["a", "b", "c"], 0) == ["a", "b", "c"]
    assert seating(["a", "b", "c"], 1) == ["c", "a", "b"]
    assert seating(["a", "b", "c"], 4) == ["c", "a", "b"]
    SeatLogger.seats.clear()
    r = simulate("highcard", 4, 2, ["seat-logger", "random"], seed=3)
    assert SeatLogger.seats == {0, 1} and r.completed == 4
    assert sum(r.wins_by_bot.values()) == sum(r.wins_by_seat)


def test_wins_by_bot_are_keyed_by_the_names_given_and_sum_duplicates() -> None:
    r = simulate("highcard", 30, 3, ["random", "first", "random"], seed=1)
    assert set(r.wins_by_bot) == {"random", "first"}
    assert sum(r.wins_by_bot.values()) == sum(r.wins_by_seat)
    lo, hi = r.wins_ci_by_bot["random"]
    rate = r.wins_by_bot["random"] / (2 * r.completed)
    assert 0 <= lo <= rate <= hi <= 1
    # a bot seated twice counts twice the seat-games: its interval is over 2·games, the other's over games
    assert [lo, hi] == pytest.approx(wilson_interval(r.wins_by_bot["random"], 2 * r.completed))
    first = wilson_interval(r.wins_by_bot["first"], r.completed)
    assert list(r.wins_ci_by_bot["first"]) == pytest.approx(first)
    assert r.median_turns == 5.0
    data = r.to_json()
    for key in ("wins_by_seat", "shared_wins", "mean_turns", "mean_decisions", "bots", "errors"):
        assert key in data  # the documented keys stay


def test_wilson_interval() -> None:
    assert wilson_interval(0, 0) == [0.0, 1.0]
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    lo, hi = wilson_interval(10, 10)
    assert hi == 1.0 and 0.69 < lo < 0.73
    assert wilson_interval(0, 10)[0] == 0.0


def test_bench_reports_mcts_iterations() -> None:
    out = bench.bench(["highcard"], seconds=0.02)
    hc = out["games"]["highcard"]
    assert hc["mcts_iterations_per_second"] > 0 and hc["mcts_players"] == 2
    assert isinstance(hc["meets_mcts_target"], bool)
    assert out["targets"]["mcts_iterations_per_second"] == 2000
