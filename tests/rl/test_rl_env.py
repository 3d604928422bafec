"""The gym-style RL adapter over Highcard: masks, observations per seat, rewards, both modes."""

from __future__ import annotations

import pytest

import spacetable.games.highcard  # noqa: F401  (registers "highcard")
from spacetable.engine.errors import ConfigError, IllegalAction
from spacetable.engine.rng import Rng
from spacetable.rl import SpacetableEnv


def legal_indices(mask: list[bool]) -> list[int]:
    return [i for i, m in enumerate(mask) if m]


def run_episode(env: SpacetableEnv, seed: int, pick: Rng) -> tuple[list[float], dict[str, object], int]:
    obs, info = env.reset(seed=seed)
    rewards: list[float] = []
    steps = 0
    while True:
        action = pick.choice(legal_indices(info["action_mask"]))
        obs, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
        steps += 1
        if terminated or truncated:
            return rewards, info, steps


def test_single_agent_sees_only_its_own_seat_and_the_mask_is_the_legal_list() -> None:
    env = SpacetableEnv("highcard", players=3, agent_seat=1)
    obs, info = env.reset(seed=4)
    assert env.state is not None
    assert obs["player"] == 1 and obs["hand"] == sorted(env.state.hands[1])  # type: ignore[attr-defined]
    assert info["seat"] == 1 and len(info["action_mask"]) == env.num_actions == 55
    assert [env.state.space[i] for i in legal_indices(info["action_mask"])] == env.state.legal_actions()


def test_single_agent_episode_reward_is_the_agents_return() -> None:
    env = SpacetableEnv("highcard", players=2, agent_seat=0)
    for seed in range(20):
        rewards, info, steps = run_episode(env, seed, Rng(seed))
        assert all(r == 0.0 for r in rewards[:-1])
        assert rewards[-1] == info["returns"][0]  # type: ignore[index]
        assert steps >= 5 and info["seat"] is None  # the agent decided at least once per round


def test_illegal_index_raises_and_changes_nothing() -> None:
    env = SpacetableEnv("highcard", players=2)
    _, info = env.reset(seed=1)
    assert env.state is not None
    before = list(env.state.history)
    illegal = next(i for i, m in enumerate(info["action_mask"]) if not m)
    with pytest.raises(IllegalAction):
        env.step(illegal)
    with pytest.raises(IllegalAction):
        env.step(10_000)
    assert env.state.history == before


def test_same_seed_same_episode() -> None:
    a = run_episode(SpacetableEnv("highcard", players=3), 7, Rng(1))
    b = run_episode(SpacetableEnv("highcard", players=3), 7, Rng(1))
    assert a == b


def test_multi_agent_mode_acts_for_whoever_decides() -> None:
    env = SpacetableEnv("highcard", players=3, agent_seat=None)
    obs, info = env.reset(seed=2)
    seats_seen = set()
    pick = Rng(0)
    while True:
        assert obs["player"] == info["seat"]
        seats_seen.add(info["seat"])
        obs, reward, terminated, truncated, info = env.step(pick.choice(legal_indices(info["action_mask"])))
        if terminated:
            break
    assert seats_seen == {0, 1, 2}
    assert sum(info["returns"]) == pytest.approx(1.0) and info["winners"]


def test_truncation_and_reset_required() -> None:
    env = SpacetableEnv("highcard", players=2, max_steps=2)
    _, info = env.reset(seed=3)
    _, _, terminated, truncated, info = env.step(legal_indices(info["action_mask"])[0])
    assert not truncated
    _, _, terminated, truncated, _ = env.step(legal_indices(info["action_mask"])[0])
    assert truncated and not terminated
    with pytest.raises(RuntimeError):
        SpacetableEnv("highcard").step(0)


def test_bad_configuration() -> None:
    with pytest.raises(ConfigError):
        SpacetableEnv("highcard", players=2, agent_seat=2)
    with pytest.raises(ConfigError):
        SpacetableEnv("highcard", players=2, opponents=["random"])
    with pytest.raises(ConfigError):
        SpacetableEnv("highcard", players=2, modes=["sideways"])


def test_module_doctest() -> None:
    import doctest

    import spacetable.rl.env

    assert doctest.testmod(spacetable.rl.env).failed == 0
