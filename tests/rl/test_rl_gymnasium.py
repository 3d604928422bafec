"""`gymnasium_env`: Gymnasium's own env checker on every game, bots as opponents, illegal indexes."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from spacetable.engine.errors import ConfigError
from spacetable.rl import EnvNotReady, gymnasium_env
from tests.rl.rl_helpers import SMALL


@pytest.mark.parametrize(("game", "config"), SMALL)
def test_gymnasium_check_env(game: str, config: dict[str, Any]) -> None:
    check_env(gymnasium_env(game, **config), skip_render_check=True)


@pytest.mark.parametrize("game", ["moonrakers", "spacelanes"])
def test_greedy_opponents(game: str) -> None:
    options = {"turn_limit": 4} if game == "spacelanes" else {}
    env = gymnasium_env(game, opponents="greedy", seat=1, max_steps=200, **options)
    obs, info = env.reset(seed=4)
    assert env.unwrapped.table.to_act() == 1 and obs.shape == env.observation_space.shape
    rng = np.random.default_rng(0)
    while True:
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if term or trunc:
            break
        assert env.unwrapped.table.to_act() == 1
    assert reward == info["returns"][1]


def test_illegal_index_changes_nothing_and_episode_reward() -> None:
    env = gymnasium_env("highcard")
    obs, info = env.reset(seed=8)
    history = env.unwrapped.table.state.history
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, term, trunc, info2 = env.step(illegal)
    assert info2["illegal"] is True and reward == 0.0 and not term and not trunc
    assert np.array_equal(obs, obs2) and env.unwrapped.table.state.history == history
    assert np.array_equal(env.action_masks(), info["action_mask"])
    rewards = []
    while True:
        obs, reward, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
        rewards.append(reward)
        if term:
            break
    assert rewards[:-1] == [0.0] * (len(rewards) - 1) and rewards[-1] == info["returns"][0]
    with pytest.raises(EnvNotReady):
        env.step(0)


def test_same_seed_same_episode() -> None:
    def run() -> list[float]:
        env = gymnasium_env("spacelanes", opponents="greedy", turn_limit=3)
        obs, info = env.reset(seed=5)
        out = [float(obs.sum())]
        while True:
            obs, reward, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            out.append(float(obs.sum()))
            if term or trunc:
                return out

    assert run() == run()


def test_step_before_reset_and_bad_config() -> None:
    with pytest.raises(EnvNotReady):
        gymnasium_env("highcard").step(0)
    with pytest.raises(ConfigError):
        gymnasium_env("highcard", seat=2)
    with pytest.raises(ConfigError):
        gymnasium_env("highcard", opponents="nobody")
    with pytest.raises(ConfigError):
        gymnasium_env("highcard", players=3, opponents=["random"])
