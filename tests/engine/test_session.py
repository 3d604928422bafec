"""The session driver (`spacetable.engine.session`): one order of things between two decisions of a
person, for every face. Chance is drawn from the state's generator; a person's single-option decision
is taken for them and an optional window passed unless they asked to be stopped there (kind
``auto``); bots answer with the generator of the one seeding rule (game seed, position in the action
log, seat), so an undo or a resumed game meets the same answers; a decision limit stops bot games."""

from __future__ import annotations

import pytest

from spacetable.bots.base import RandomBot, make_bot
from spacetable.engine import record
from spacetable.engine.action import Action
from spacetable.engine.errors import IllegalAction
from spacetable.engine.rng import Rng
from spacetable.engine.session import AUTO, BOT, CHANCE_KIND, HUMAN, Observer, Session, Step, bot_rng
from spacetable.engine.state import CHANCE, State
from spacetable.sim.setup import load_game
from tests.games.moonrakers.helpers import at_own_window


class Steps(Observer):
    """Every step the session reports, and the failures of bots."""

    def __init__(self) -> None:
        self.before_steps: list[Step] = []
        self.steps: list[Step] = []
        self.failed: list[tuple[int, str]] = []

    def before(self, state: State, step: Step) -> None:
        self.before_steps.append(step)

    def after(self, state: State, step: Step) -> None:
        self.steps.append(step)

    def bot_failed(self, seat: int, error: Exception) -> None:
        self.failed.append((seat, type(error).__name__))


def highcard(seed: int = 3) -> State:
    return load_game("highcard").new_game({"players": 2}, seed)


def test_bot_generator_depends_only_on_seed_position_and_seat() -> None:
    draws = [bot_rng(7, 10, 1).next64() for _ in range(2)]
    assert draws[0] == draws[1]
    assert bot_rng(7, 11, 1).next64() != draws[0]
    assert bot_rng(7, 10, 0).next64() != draws[0]
    assert bot_rng(8, 10, 1).next64() != draws[0]
    session = Session(highcard(7), [RandomBot(), RandomBot()])
    session.position = 10
    assert session.bot_rng(1).next64() == draws[0]


def test_advance_draws_chance_and_stops_at_a_person_reporting_each_step() -> None:
    seen = Steps()
    state = highcard()
    session = Session(state, [None, RandomBot()], observer=seen)
    session.advance()
    assert session.to_decide() == 0 or state.is_terminal()
    assert seen.steps and seen.steps[0].kind == CHANCE_KIND and seen.steps[0].seat is None
    assert [s.position for s in seen.steps] == list(range(len(seen.steps)))
    assert session.position == state.log_length
    assert {s.kind for s in seen.steps} <= {CHANCE_KIND, BOT}
    # `before` comes for decisions only (a chance step is drawn as it is applied)
    assert [s for s in seen.steps if s.kind != CHANCE_KIND] == seen.before_steps


def test_a_single_option_is_taken_for_a_person_as_auto() -> None:
    """A person is asked only where there is a choice: every decision with one legal action (a
    Moonrakers seat with nothing to do but end a step) is taken for them."""
    seen = Steps()
    state = load_game("moonrakers").new_game({"players": 2, "modules": [], "expansions": []}, 6)
    session = Session(state, [None, None], observer=seen, max_decisions=400)
    while not state.is_terminal() and not session.stopped:
        session.advance()
        p = session.to_decide()
        if p is None:
            break
        session.play(p, state.legal_actions()[0])
    autos = [s for s in seen.steps if s.kind == AUTO]
    assert autos, "the last round's single plays are taken for the players"
    assert all(s.seat is not None for s in autos)
    assert {s.kind for s in seen.steps} == {CHANCE_KIND, HUMAN, AUTO}


@pytest.mark.parametrize("stop", [False, True])
def test_an_optional_window_passes_unless_the_person_asked_to_stop(stop: bool) -> None:
    state = at_own_window()
    seen = Steps()
    greedy = make_bot("moonrakers", "greedy")
    session = Session(state, [None, greedy, greedy, greedy], stop_at_windows=[stop, False, False, False],
                      observer=seen)
    session.advance(bots=0)
    if stop:
        assert seen.steps == [] and state.decision_name() == "reputation.window"
    else:
        assert seen.steps[0].kind == AUTO and str(seen.steps[0].action) == "done"


def test_a_person_may_only_play_a_legal_action_and_nothing_changes_otherwise() -> None:
    state = highcard()
    session = Session(state, [None, None])
    session.advance()
    p = session.to_decide()
    assert p is not None
    before = state.history
    with pytest.raises(IllegalAction):
        session.play(p, Action("play", (99,)))
    assert state.history == before and session.position == len(before)


def test_an_undo_or_a_resumed_game_meets_the_same_bot_answers() -> None:
    """The replayed state of any earlier position, driven again, plays the very same moves."""
    bots = [RandomBot(), RandomBot()]
    first = highcard(11)
    Session(first, bots).advance()
    log = record.entries_of(first)
    assert first.is_terminal() and len(log) > 10
    for keep in (0, 1, 5, len(log) // 2, len(log) - 1):
        back = record.replay_actions("highcard", {"players": 2}, 11, log[:keep])
        Session(back, bots).advance()
        assert record.entries_of(back) == log, f"replayed from {keep}"


def test_a_broken_bot_plays_a_random_move_and_is_reported() -> None:
    class Broken:
        name = "broken"

        def choose(self, state: State, seat: int, rng: Rng) -> Action:
            raise RuntimeError("no idea")

    class Cheat:
        name = "cheat"

        def choose(self, state: State, seat: int, rng: Rng) -> Action:
            return Action("play", (99,))

    seen = Steps()
    state = highcard()
    Session(state, [Broken(), Cheat()], observer=seen).advance()
    assert state.is_terminal()
    assert {seat for seat, _ in seen.failed} == {0, 1}
    assert ("1", "IllegalAction") in {(str(s), e) for s, e in seen.failed}


def test_the_decision_limit_stops_a_game_of_bots() -> None:
    state = load_game("moonrakers").new_game({"players": 2, "modules": [], "expansions": []}, 4)
    session = Session(state, [RandomBot(), RandomBot()], max_decisions=25)
    session.advance()
    assert session.stopped and session.decisions == 25 and not state.is_terminal()


def test_bots_bound_stops_before_the_next_bot_decision() -> None:
    seen = Steps()
    state = load_game("moonrakers").new_game({"players": 2, "modules": [], "expansions": []}, 4)
    session = Session(state, [RandomBot(), RandomBot()], observer=seen)
    session.advance(bots=3)
    assert [s.kind for s in seen.steps].count(BOT) == 3
    assert state.current_player() != CHANCE


@pytest.mark.parametrize("draws", [0, 1, 2, 3, 40])
def test_the_lazy_generator_draws_as_the_rule_says(draws: int) -> None:
    """`Session.bot_rng` builds `bot_rng(seed, position, seat)` lazily (no hash until a bot draws):
    draw for draw the same words, through `below`, `shuffle` and a copy taken before any draw."""
    session = Session(highcard(7), [RandomBot(), RandomBot()])
    session.position = 12
    lazy, rule = session.bot_rng(1), bot_rng(7, 12, 1)
    assert [lazy.below(100 + i) for i in range(draws)] == [rule.below(100 + i) for i in range(draws)]
    a, b = list(range(30)), list(range(30))
    lazy.copy().shuffle(a)
    rule.copy().shuffle(b)
    assert a == b
