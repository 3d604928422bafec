"""The session driver (`spacetable.engine.session`): one order of things between two decisions of a
person, for every face. Chance is drawn from the state's generator; a person's single-option decision
is taken for them and an optional window passed unless they asked to be stopped there (kind
``auto``); bots answer with the generator of the one seeding rule (game seed, position in the action
log, seat), so an undo or a resumed game meets the same answers; a decision limit stops bot games."""

from __future__ import annotations

import hashlib

import pytest

from spacetable.bots.base import RandomBot, make_bot
from spacetable.engine import record
from spacetable.engine import rng as rng_module
from spacetable.engine.action import Action
from spacetable.engine.errors import IllegalAction
from spacetable.engine.rng import DecisionRng, Rng, label_bytes
from spacetable.engine.session import (
    AUTO,
    BOT,
    BOT_LABEL,
    CHANCE_KIND,
    HUMAN,
    Observer,
    Session,
    Step,
    bot_key,
    bot_rng,
)
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


def test_one_generator_moved_from_decision_to_decision_draws_as_fresh_ones() -> None:
    """The session reuses one `DecisionRng` for every bot decision (`at` moves it in place): whatever
    the previous decision drew, the next one's words are those of `bot_rng(seed, position, seat)`."""
    rng = DecisionRng(7, label_bytes(BOT_LABEL))
    for position, seat, draws in [(3, 0, 1), (4, 1, 0), (9, 1, 5), (10, 0, 40), (10, 0, 2), (2**20, 3, 1)]:
        moved, fresh = rng.at(position, seat), bot_rng(7, position, seat)
        assert [moved.next64() for _ in range(draws)] == [fresh.next64() for _ in range(draws)]
        assert moved.copy().next64() == fresh.next64()
    for position in range(200):  # a first draw by `below` (the compiled build's own path), then more
        for n in (2, 3, 7, 1000, 2**59 + 11):
            moved, fresh = rng.at(position, position % 5), bot_rng(7, position, position % 5)
            assert [moved.below(n), moved.below(n), moved.next64()] == [fresh.below(n), fresh.below(n),
                                                                        fresh.next64()]
    moved, fresh = rng.at(3, 1), bot_rng(7, 3, 1)
    moved.below(10)
    fresh.below(10)
    assert moved.copy().next64() == fresh.next64()


def test_distinct_decisions_of_a_game_draw_distinct_words() -> None:
    """(position, seat) picks a run of the game's bot stream of its own: no two decisions of a game
    share a first word, and another game's seed gives other words."""
    words = {bot_rng(7, p, s).next64() for p in range(300) for s in range(5)}
    assert len(words) == 1500
    assert bot_rng(8, 12, 1).next64() != bot_rng(7, 12, 1).next64()


def test_the_first_word_is_the_same_in_machine_integers() -> None:
    """The compiled build computes a decision's first word in wrapping 64-bit machine integers; it must
    give the bits the pure build computes with Python ints (here both paths run where they can)."""
    rng = Rng(99)
    for _ in range(2000):
        key, n = rng.next64(), rng.below(1 << 33)
        pure = rng_module._first_word(key, n)
        assert pure == rng_module._mix64((key + ((n << 30) + 1) * 0x9E3779B97F4A7C15) % 2**64)
        if rng_module._NATIVE:
            native = int(rng_module._first_word_native(rng_module._as_i64(key), n)) % 2**64
            assert native == pure


def test_the_bot_key_is_blake2s_of_the_secret_seed() -> None:
    """The bots' key of a game: BLAKE2s of a tag, the seed's 16 bytes and the label (one-way from the
    secret seed: what bots draw, even all of it, does not lead back to the deal); the decision's words: the
    splitmix64 stream of that key from word (position · 256 + seat) · 2**30."""
    seed = 0x0123456789ABCDEF0123456789ABCDEF
    data = b"spacetable.decision.v1\x00" + seed.to_bytes(16, "big") + label_bytes(BOT_LABEL)
    key = int.from_bytes(hashlib.blake2s(data, digest_size=8).digest(), "big")
    assert bot_key(seed) == key
    expected = Rng.splitmix64(key)
    expected.state = (key + ((12 << 8 | 3) << 30) * 0x9E3779B97F4A7C15) % 2**64
    assert bot_rng(seed, 12, 3).next64() == expected.next64()
