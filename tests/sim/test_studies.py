"""Each game's study plug-in (`spacetable.games.study`, named by its manifest): what the generic
simulator, report, tuner and designer read of one game. Its declared columns are valid Arrow types that
the common ones do not already hold; its tracker fills only the results' columns; its card kinds name
files of the game's data; its report sections read its own columns; and a search setting a game declares
must be one the search bot has."""

from __future__ import annotations

import dataclasses

import pyarrow as pa
import pytest

from spacetable.bots.mcts import DEFAULTS, GameSettings, game_settings
from spacetable.engine.errors import ConfigError
from spacetable.games.study import Attempts, Owned, TradeProfits, TradeRoutes, WinBy
from spacetable.sim.figures import make_tracker
from spacetable.sim.overrides import shipped_docs
from spacetable.sim.schema import COMMON, LAST, arrow_type, columns, names
from spacetable.sim.setup import NO_STUDY, load_game, make_bots, studies, study
from spacetable.sim.worker import play

GAMES = ("moonrakers", "spacelanes", "highcard")


def test_the_declared_types_are_read_as_arrow_prints_them() -> None:
    assert arrow_type("int32") == pa.int32() and arrow_type("list<string>") == pa.list_(pa.string())
    trades = arrow_type("list<struct<good: string, buy_price: int32>>")
    assert trades == pa.list_(pa.struct([("good", pa.string()), ("buy_price", pa.int32())]))
    for bad in ("int", "list<nothing>", "struct<good>"):
        with pytest.raises(ConfigError):
            arrow_type(bad)


def test_each_game_adds_its_own_columns_between_the_common_ones() -> None:
    all_names = names()
    assert len(set(all_names)) == len(all_names)
    assert all_names[:len(COMMON)] == tuple(n for n, _, _ in COMMON)
    assert all_names[-len(LAST):] == tuple(n for n, _, _ in LAST)
    for spec, s in studies():
        common = {n for n, _, _ in COMMON + LAST}
        assert not {c.name for c in s.columns} & common, spec.name
        for c in s.columns:
            assert c.name in all_names and c.doc, (spec.name, c.name)
    # Highcard declares none: the common figures (`scores`) only
    assert study(load_game("highcard")) is NO_STUDY


@pytest.mark.parametrize("game", GAMES)
def test_a_tracker_fills_only_the_results_columns(game: str) -> None:
    """A played game's seat figures are columns of the results file (a key the schema lacks would be
    dropped without a word)."""
    spec = load_game(game)
    config = spec.make_config(3, **({"turn_limit": 8} if game == "spacelanes" else {}))
    tracker = make_tracker(spec, 3)
    if tracker is None:
        assert game == "highcard"
        return
    state = spec.new_game(config, 5)
    play(state, make_bots(game, ["greedy"] * 3), 5000, tracker)
    known = {n for n, _, _ in columns()}
    for seat in range(3):
        figures = tracker.seat_figures(state, seat)
        assert set(figures) <= known, set(figures) - known
        assert figures["score_track"]


@pytest.mark.parametrize("game", ["moonrakers", "spacelanes"])
def test_card_kinds_and_report_sections_name_what_the_game_has(game: str) -> None:
    s = study(load_game(game))
    docs = shipped_docs(game)
    for kind in s.card_kinds:
        assert isinstance(docs[kind.file].get(kind.key), list) and kind.title, kind.name
    own = {c.name for c in s.columns}
    for section in s.report:
        for f in (*section.grid, *section.below):
            if isinstance(f, Owned):
                read = {f.column, f.score}
            elif isinstance(f, Attempts):
                read = {f.taken, f.completed}
            else:
                assert isinstance(f, WinBy | TradeProfits | TradeRoutes)
                read = {f.column}
            assert read <= own | {"prestige"}, (game, f)


def test_a_game_declares_its_search_settings_by_the_names_the_search_has() -> None:
    """Only Space Lanes tunes the search (`GameSpec.search`): a stricter test before the heuristic prior
    is overruled (docs/bots.md); a setting the search does not have is refused, naming it."""
    strict = dataclasses.replace(DEFAULTS, veto_margin=0.04, veto_z=2.0)
    assert game_settings(load_game("spacelanes")) == strict
    assert game_settings(load_game("moonrakers")) == DEFAULTS == GameSettings()
    odd = dataclasses.replace(load_game("highcard"), name="highcard-odd", search={"veto": 1.0})
    with pytest.raises(ConfigError, match="unknown search setting.*veto"):
        game_settings(odd)
