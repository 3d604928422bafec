"""`pettingzoo_env`: PettingZoo's own API and seed tests on every game, masks, illegal indexes,
rewards at the end and the step cap."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from spacetable.engine.errors import ConfigError, IllegalAction, ParseError
from spacetable.rl import pettingzoo_env
from tests.rl.rl_helpers import SMALL, VARIANTS


@pytest.mark.parametrize(("game", "config"), SMALL)
def test_pettingzoo_api_test(game: str, config: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about every Dict observation (action masks); that is the documented form
        warnings.simplefilter("ignore", UserWarning)
        api_test(pettingzoo_env(game, **config), num_cycles=30)


@pytest.mark.parametrize(("game", "config"), SMALL)
def test_pettingzoo_seed_test(game: str, config: dict[str, Any]) -> None:
    seed_test(lambda: pettingzoo_env(game, **config), num_cycles=30)


@pytest.mark.parametrize(("game", "config"), VARIANTS)
def test_options_play_to_the_end(game: str, config: dict[str, Any]) -> None:
    """Modules, expansions, modes and Mercenary (1 player) run through the adapter to a bounded end."""
    env = pettingzoo_env(game, max_steps=150, **config)
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    steps = 0
    for _ in env.agent_iter(10_000):
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert not env.agents and steps <= 150 + len(env.possible_agents)


def test_illegal_index_raises_by_default() -> None:
    env = pettingzoo_env("highcard")
    env.reset(seed=3)
    obs = env.observe(env.agent_selection)
    history = env.unwrapped.table.state.history
    for bad in (int(np.flatnonzero(obs["action_mask"] == 0)[0]), -1, 10**9):
        with pytest.raises(IllegalAction):
            env.step(bad)
    assert env.unwrapped.table.state.history == history


def test_illegal_index_penalized_terminates_every_agent() -> None:
    """illegal="penalize" (as PettingZoo's TerminateIllegalWrapper): the offender gets -1, the others
    0, every agent is terminated and takes its last step(None)."""
    env = pettingzoo_env("moonrakers", illegal="penalize")
    env.reset(seed=3)
    agent = env.agent_selection
    obs = env.observe(agent)
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(env.terminations.values()) and env.infos[agent]["illegal"] is True
    assert env.rewards == {a: (-1.0 if a == agent else 0.0) for a in env.possible_agents}
    for _ in env.agent_iter():
        env.step(None)
    assert not env.agents


def test_illegal_index_as_noop_counts_toward_truncation() -> None:
    env = pettingzoo_env("moonrakers", illegal="noop", max_steps=5)
    env.reset(seed=3)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    for _ in range(5):
        env.step(illegal)
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_illegal_index_as_noop_changes_nothing() -> None:
    env = pettingzoo_env("highcard", illegal="noop")
    env.reset(seed=3)
    agent = env.agent_selection
    obs = env.observe(agent)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    history = env.unwrapped.table.state.history
    for bad in (illegal, -1, 10**9):
        env.step(bad)
        assert env.infos[agent]["illegal"] is True and env.rewards[agent] == 0.0
        assert env.agent_selection == agent and env.unwrapped.table.state.history == history
        assert np.array_equal(env.observe(agent)["observation"], obs["observation"])
    with pytest.raises(ParseError):
        env.step(1.5)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    env.step(legal)
    assert env.infos[agent] == {} and env.unwrapped.table.state.history == [*history, legal]


def test_only_the_seat_to_act_has_a_mask_and_rewards_are_the_returns() -> None:
    """H7: the winner's reward is 1 (a shared win split); masks are all 0 for a seat not deciding."""
    env = pettingzoo_env("highcard", players=3)
    env.reset(seed=11)
    rng = np.random.default_rng(1)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += float(reward)
        if term or trunc:
            env.step(None)
            continue
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    returns = env.unwrapped.table.state.returns()
    assert [totals[a] for a in env.possible_agents] == returns and sum(returns) == pytest.approx(1.0)


def test_step_cap_truncates_with_no_winner() -> None:
    """Uniform play in Moonrakers never reaches 10 Prestige (7.1): `max_steps` truncates, returns 0."""
    env = pettingzoo_env("moonrakers", max_steps=40)
    env.reset(seed=1)
    rng = np.random.default_rng(2)
    decisions = 0
    for _ in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term and reward == 0.0
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += 1
    assert decisions == 40


def test_spacelanes_has_a_turn_limit_by_default() -> None:
    """L21: the adapters play Space Lanes with a turn limit unless told otherwise."""
    assert pettingzoo_env("spacelanes").unwrapped.table.config["turn_limit"] == 30
    assert pettingzoo_env("spacelanes", turn_limit=8).unwrapped.table.config["turn_limit"] == 8


def test_bad_config() -> None:
    with pytest.raises(ConfigError):
        pettingzoo_env("highcard", players=9)
    with pytest.raises(ConfigError):
        pettingzoo_env("highcard", colour="red")
    with pytest.raises(ConfigError):
        pettingzoo_env("moonrakers", max_steps=0)
