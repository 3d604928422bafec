"""A time-out bot stands in for a person through the session driver (docs/server.md, "Clocks"): it
decides while the table waits on that seat, and once the table turns to another seat it leaves, so a
run of bot decisions that comes back to the seat stops at the person, as `clocks.settle` says."""

from __future__ import annotations

from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.engine.state import State
from spacetable.server.clocks import ClockSettings, ClockState
from spacetable.server.tables import Seat, Table
from spacetable.sim.setup import load_game


def _first(_seat: int, state: State, _rng: Rng) -> Action:
    return state.legal_actions()[0]


def test_a_stand_in_leaves_when_the_table_turns_away_and_the_run_stops_at_the_person() -> None:
    spec = load_game("highcard")
    config = spec.make_config(2)
    state = spec.new_game(dict(config), 7)
    state.events = []
    table = Table("s", "highcard", config, 7, "test", [Seat(0, "Ada", "human"), Seat(1, "Bo", "greedy")],
                  state, clock=ClockState(ClockSettings("turn", 10)))
    table.commit(table.plan_advance())
    assert table.current_player() == 0  # H1: the first seat leads round 1
    table.commit(table.plan_timeout(0, "greedy"))
    assert table.seats[0].standin == "greedy" and table.bot_to_move() == 0
    plan = table.plan_bots(_first, 50)  # enough for the rest of the game, were nobody stopped
    ada = [r for r in plan.records if r.seat == 0 and r.kind == "action"]
    assert len(ada) == 1  # the stand-in's one decision (H3), then it left
    assert plan.seats[0].standin is None and plan.state.current_player() == 0  # the person decides again
    assert any(r.seat == 1 and r.kind == "action" for r in plan.records)
