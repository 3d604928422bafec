"""`register_openspiel`: OpenSpiel's own random-simulation test on every game; explicit chance
nodes; perfect-recall information states; `resample_from_infostate` through `determinize`; and
OpenSpiel's Python IS-MCTS playing a game."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest

from spacetable.engine.errors import IllegalAction
from spacetable.rl import register_openspiel
from spacetable.rl.openspiel_adapter import SEED_BYTES

NAMES = register_openspiel()

SIM_CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("highcard", {}),
    ("highcard", {"players": 4, "modes": "lowball"}),
    ("moonrakers", {"max_steps": 40}),
    ("moonrakers", {"players": 1, "max_steps": 40}),
    ("moonrakers", {"players": 3, "expansions": "binding-ties", "max_steps": 30}),
    ("spacelanes", {"turn_limit": 2}),
    ("spacelanes", {"players": 3, "modes": "pvp,exploration", "turn_limit": 2}),
]


def test_names_and_idempotent_registration() -> None:
    assert [f"python_spacetable_{g}" for g in ("highcard", "moonrakers", "spacelanes")] == NAMES
    assert register_openspiel() == NAMES
    assert set(NAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("game", "params"), SIM_CONFIGS)
def test_openspiel_random_sim_test(game: str, params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(f"python_spacetable_{game}", params), num_sims=2,
                            serialize=True, verbose=False)


def test_states_serialize_and_pickle_as_parameters_and_history(tmp_path: Any) -> None:
    """A state is its game's parameters plus the action history: `serialize_game_and_state` and pickle
    give it back with the same history, views and information states, also in a fresh process (the
    engine state is replayed from (config, seed, log), never pickled as internals)."""
    import pickle
    import subprocess
    import sys

    game = pyspiel.load_game("python_spacetable_moonrakers", {"max_steps": 60})
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    while not state.is_terminal() and len(state.history()) < 60:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    assert "max_steps=60" in text
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    blob = pickle.dumps(state)
    assert len(blob) < 20_000  # parameters and history, not the engine's internals
    for other in (state2, pickle.loads(blob), game.deserialize_state(state.serialize())):
        assert other.history() == state.history() and str(other) == str(state)
        for p in range(2):
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
        assert other.legal_actions() == state.legal_actions()
    path = tmp_path / "state.pickle"
    path.write_bytes(blob)
    code = ("import pickle, sys; s = pickle.loads(open(sys.argv[1], 'rb').read()); "
            "print(s.history()[-5:], s.legal_actions()[:3])")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"{state.history()[-5:]} {state.legal_actions()[:3]}"


def _dealt(name: str, params: dict[str, Any] | None = None, seed: int = 7) -> Any:
    game = pyspiel.load_game(name, params or {})
    state = game.new_initial_state()
    for k in range(SEED_BYTES):
        assert state.is_chance_node() and len(state.chance_outcomes()) == 256
        state.apply_action(seed if k == SEED_BYTES - 1 else 0)
    return game, state


def test_the_deal_and_the_dice_are_explicit_chance_nodes() -> None:
    """The 8 seed bytes fix the deal (H1 shuffle); the prize die (H2) is a chance node over the
    game's own `roll N` indices with probability 1/6 each."""
    game, state = _dealt("python_spacetable_highcard", seed=7)
    assert state.engine.seed == 7 and state.engine.hands == game.spec.new_game({"players": 2}, 7).hands
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes] == \
        [f"roll {f}" for f in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    state.apply_action(outcomes[5][0])
    assert state.engine.prize == 6 and state.current_player() == 0


def test_game_length_is_bounded_and_a_cut_game_has_no_winner() -> None:
    game, state = _dealt("python_spacetable_moonrakers", {"max_steps": 25})
    assert game.max_game_length() == 25
    rng = np.random.default_rng(0)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            decisions += 1
    assert decisions == 25 and state.returns() == [0.0, 0.0]
    assert pyspiel.load_game("python_spacetable_highcard", {"players": 3}).max_game_length() == 20


def test_illegal_action_raises_the_projects_error_and_changes_nothing() -> None:
    _, state = _dealt("python_spacetable_highcard")
    state.apply_action(state.chance_outcomes()[0][0])
    before = str(state)
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
    for bad in (illegal, state.num_distinct_actions(), 10**6):
        with pytest.raises(IllegalAction):
            state.apply_action(bad)
    assert str(state) == before


def test_information_state_is_perfect_recall_and_resampling_keeps_it() -> None:
    """determinize(p) keeps p's information state and observation, and changes the other hand."""
    game, state = _dealt("python_spacetable_highcard", seed=3)
    state.apply_action(state.chance_outcomes()[2][0])
    state.apply_action(state.legal_actions()[0])
    p = state.current_player()
    changed = 0
    for draw in range(10):
        sampler = np.random.default_rng(draw).random
        world = state.resample_from_infostate(p, lambda s=sampler: float(s()))
        assert world.information_state_string(p) == state.information_state_string(p)
        assert world.observation_tensor(p) == state.observation_tensor(p)
        assert world.legal_actions() == state.legal_actions()
        changed += world.engine.hands[1 - p] != state.engine.hands[1 - p]
    assert changed > 0
    # the same observation reached by another path is another information state (perfect recall)
    a, b = state.clone(), state.clone()
    a.apply_action(a.legal_actions()[0])
    b.apply_action(b.legal_actions()[-1])
    assert a.information_state_string(0) != b.information_state_string(0)


def test_clone_is_independent() -> None:
    _, state = _dealt("python_spacetable_spacelanes", {"turn_limit": 3})
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert copy.history() != state.history() and str(copy) != str(state)
    assert len(state.engine.history) + 1 == len(copy.engine.history)


def test_python_ismcts_plays_highcard() -> None:
    """OpenSpiel's own Python IS-MCTS (resampling with `resample_from_infostate`) picks legal moves
    through a whole game."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_spacetable_highcard")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(1.0)


def test_python_mcts_runs_on_a_spacetable_game() -> None:
    """OpenSpiel's Python MCTS (it searches the state it is given) returns a legal move."""
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_spacetable_spacelanes", {"turn_limit": 2})
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng)
    _, state = _dealt("python_spacetable_spacelanes", {"turn_limit": 2})
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert bot.step(state) in state.legal_actions()
