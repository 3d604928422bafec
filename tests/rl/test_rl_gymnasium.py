"""`gymnasium_env`: Gymnasium's own env checker on every game, bots as opponents, illegal indexes."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from spacetable.engine.errors import ConfigError, IllegalAction
from spacetable.rl import EnvNotReady, gymnasium_env, gymnasium_vector_env
from tests.rl.rl_helpers import SMALL


@pytest.mark.parametrize("illegal", ["noop", "penalize"])
@pytest.mark.parametrize(("game", "config"), SMALL)
def test_gymnasium_check_env(game: str, config: dict[str, Any], illegal: str) -> None:
    """Gymnasium's checker steps with unmasked samples: it runs with the policies that accept them."""
    check_env(gymnasium_env(game, illegal=illegal, **config), skip_render_check=True)


@pytest.mark.parametrize(("game", "config"), SMALL)
def test_gymnasium_check_env_with_the_mask_in_the_observation(game: str, config: dict[str, Any]) -> None:
    env = gymnasium_env(game, illegal="noop", mask_in_obs=True, **config)
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=1)
    assert set(obs) == {"observation", "action_mask"} and obs["observation"].dtype == np.float32
    assert np.array_equal(obs["action_mask"], info["action_mask"])
    assert np.array_equal(obs["action_mask"], env.unwrapped.action_masks())
    plain, _ = gymnasium_env(game, **config).reset(seed=1)
    assert np.array_equal(plain, obs["observation"])  # the default stays the float32 tensor


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


def test_illegal_index_raises_by_default_and_changes_nothing() -> None:
    """illegal="raise" (the default): the engine's IllegalAction, nothing applied."""
    env = gymnasium_env("highcard")
    obs, info = env.reset(seed=8)
    history = env.unwrapped.table.state.history
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    for bad in (illegal, -1, 10**9):
        with pytest.raises(IllegalAction):
            env.step(bad)
    assert env.unwrapped.table.state.history == history and env.unwrapped.table.steps == 0
    env.step(int(np.flatnonzero(info["action_mask"])[0]))  # still playable


def test_illegal_index_penalized_ends_the_episode() -> None:
    """illegal="penalize": terminated at once, the agent's reward -1 (TerminateIllegalWrapper's)."""
    env = gymnasium_env("moonrakers", illegal="penalize")
    _, info = env.reset(seed=8)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, term, trunc, info = env.step(illegal)
    assert (reward, term, trunc, info["illegal"]) == (-1.0, True, False, True)
    assert info["returns"] == [-1.0, 0.0] and not info["action_mask"].any()
    with pytest.raises(EnvNotReady):
        env.step(0)


def test_illegal_index_as_noop_counts_toward_truncation() -> None:
    """illegal="noop": nothing changes, but 10 illegal steps with max_steps=10 truncate the episode."""
    env = gymnasium_env("moonrakers", illegal="noop", max_steps=10)
    obs, info = env.reset(seed=8)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    for k in range(10):
        obs2, reward, term, trunc, info2 = env.step(illegal)
        assert info2["illegal"] and reward == 0.0 and not term and trunc == (k == 9)
        assert np.array_equal(obs, obs2)


def test_illegal_policy_is_checked() -> None:
    with pytest.raises(ConfigError, match="illegal must be one of"):
        gymnasium_env("highcard", illegal="ignore")


def test_illegal_index_as_noop_changes_nothing_and_episode_reward() -> None:
    env = gymnasium_env("highcard", illegal="noop")
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


@pytest.mark.parametrize("asynchronous", [False, True])
def test_vector_env_sync_and_async(asynchronous: bool) -> None:
    """Gymnasium's SyncVectorEnv and AsyncVectorEnv of 2 Moonrakers environments: copy k plays game
    seed + k, masked random actions step both to the end and they reset by themselves."""
    envs = gymnasium_vector_env(2, "moonrakers", asynchronous=asynchronous, opponents="greedy",
                                max_steps=60)
    try:
        obs, info = envs.reset(seed=3)
        assert obs.shape == (2, envs.single_observation_space.shape[0])
        single, _ = gymnasium_env("moonrakers", opponents="greedy", max_steps=60).reset(seed=4)
        assert np.array_equal(obs[1], single)
        rng = np.random.default_rng(0)
        ended = 0
        for _ in range(200):
            acts = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in info["action_mask"]]
            obs, reward, term, trunc, info = envs.step(np.asarray(acts))
            ended += int(np.sum(term | trunc))
        assert ended >= 2
    finally:
        envs.close()
