"""Policies (docs/rl.md, "Policies"): a few seconds of the Moonrakers training example on a tiny dataset
(the loss falls, the checkpoint loads), policy files checked at load, the policy bot seeing only its
seat's tensor and mask, `policy:PATH` and `policy:moonrakers-2p` wherever bots are named, and the
training example's evaluation and the Highcard example's `--mcts-games 0`."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from spacetable.bots.base import bot_names, make_bot
from spacetable.engine.errors import ConfigError
from spacetable.engine.rng import Rng
from spacetable.rl.policy import Policy
from spacetable.rl.policy_bot import PolicyBot, shipped
from spacetable.sim.simulate import simulate
from tests.rl.rl_helpers import playout

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # so worker processes find its functions by name
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tiny_dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """6 heuristic-bot Moonrakers games (2 players) as a dataset folder."""
    from spacetable.rl.dataset import write_dataset

    folder = tmp_path_factory.mktemp("tiny")
    results = folder / "r.parquet"
    simulate("moonrakers", 6, 2, ["heuristic", "greedy"], seed=3, out=results, trajectories=True)
    write_dataset(results, folder / "ds")
    return folder / "ds"


def test_a_few_seconds_of_training_lower_the_loss_and_the_checkpoint_loads(tiny_dataset: Path,
                                                                           tmp_path: Path) -> None:
    train = example("train_moonrakers")
    obs, mask, actions = train.load_bc(tiny_dataset)
    assert len(actions) > 300 and mask[np.arange(len(actions)), actions].all()
    assert (mask.sum(1) > 1).all()  # forced decisions carry nothing to learn
    net = Policy.new(obs.shape[1], mask.shape[1], 32, 0, {"game": "moonrakers", "players": 2})
    checkpoint = tmp_path / "policy.npz"
    saved: list[str] = []

    def save(stage: str) -> None:
        net.save(checkpoint)
        saved.append(stage)

    losses = train.behaviour_cloning(net, (obs, mask, actions), 4, 0, save, lambda _m: None, lr=3e-3)
    assert losses[-1] < 0.8 * losses[0], losses
    assert saved == [f"bc epoch {k}" for k in range(1, 5)]
    loaded = Policy.load(checkpoint)
    assert loaded.meta["game"] == "moonrakers" and loaded.meta["format"] == "spacetable-policy"
    for k in (0, 1, 2):
        assert loaded.act(obs[k], mask[k]) == net.act(obs[k], mask[k])
        assert mask[k][loaded.act(obs[k], mask[k])]
    bot = make_bot("moonrakers", f"policy:{checkpoint}")
    r = simulate("moonrakers", 2, 2, [f"policy:{checkpoint}", "random"], seed=1, max_decisions=400)
    assert r.errors == 0 and r.games == 2
    assert isinstance(bot, PolicyBot)


def test_the_example_evaluates_zero_games_without_crashing(tmp_path: Path) -> None:
    train = example("train_moonrakers")
    assert train.win_rate(tmp_path / "none.npz", "greedy", 0, 1, 1) is None


def test_highcard_example_with_no_mcts_games_keeps_its_result() -> None:
    """`--mcts-games 0` measured nothing against mcts: no ZeroDivisionError, the figure is null."""
    result = example("train_highcard").main(["--episodes", "40", "--games", "4", "--mcts-games", "0",
                                             "--json"])
    assert result["win_rate"]["mcts"] is None and result["win_rate"]["random"] is not None


def test_policy_files_are_checked(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    np.savez(bad, w1=np.zeros((2, 2)))
    with pytest.raises(ConfigError, match="not a policy file"):
        Policy.load(bad)
    with pytest.raises(ConfigError, match="no policy file"):
        Policy.load(tmp_path / "missing.npz")
    pickled = tmp_path / "pickled.npz"
    np.savez(pickled, **{k: np.zeros(1) for k in ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")},
             meta=np.array([{"format": "x"}], dtype=object))
    with pytest.raises(ConfigError):  # object arrays need pickle: refused, never loaded
        Policy.load(pickled)
    with pytest.raises(ValueError, match="no policy 'nowhere.npz'"):
        make_bot("moonrakers", "policy:nowhere.npz")
    with pytest.raises(ValueError, match="policy needs a name or a file"):
        make_bot("moonrakers", "policy")


def test_the_shipped_policy_is_listed_small_and_documented() -> None:
    assert "moonrakers-2p" in shipped()
    path = shipped()["moonrakers-2p"]
    assert path.stat().st_size < 4 * 1024 * 1024
    assert "policy:moonrakers-2p" in bot_names("moonrakers")
    assert not any(n.startswith("policy") for n in bot_names("spacelanes"))
    meta = Policy.load(path).meta
    assert meta["game"] == "moonrakers" and meta["players"] == 2
    assert "train_moonrakers.py" in meta["command"] and meta["data"]["decisions"] > 0


def test_the_policy_bot_sees_only_its_seat() -> None:
    """At every decision of sample games the shipped policy picks the same action from the real state
    and from determinized ones (other hands, objectives and deck orders resampled): it reads the
    seat's tensor and mask only. It refuses a configuration it was not trained for."""
    bot = make_bot("moonrakers", "policy:moonrakers-2p")
    checked = 0
    for state in playout("moonrakers", {"players": 2}, 4, 150):
        p = state.current_player()
        mine = bot.choose(state, p, Rng(0))
        assert mine in state.legal_actions()
        for k in range(2):
            assert bot.choose(state.determinize(p, Rng(k)), p, Rng(99)) == mine
        checked += 1
    assert checked == 150
    from spacetable.sim.setup import load_game

    three = load_game("moonrakers").new_game({"players": 3}, 1)
    with pytest.raises(ConfigError, match="trained for 2 players"):
        bot.choose(three, 0, Rng(0))
    with pytest.raises(ConfigError, match="trained for 2 players"):
        simulate("moonrakers", 1, 3, ["policy:moonrakers-2p", "random", "random"])


def test_the_server_seats_shipped_policies_only(tmp_path: Path) -> None:
    """A policy named by a path is refused from the network (it would name a file on the server); the
    shipped one is listed for Moonrakers, refused at 3 players, and plays at 2."""
    from tests.server.server_helpers import auth, client, create, view

    url = f"sqlite:///{tmp_path / 's.db'}"
    with client(url) as c:
        meta = {g["name"]: g for g in c.get("/api/meta").json()["games"]}
        assert "policy:moonrakers-2p" in meta["moonrakers"]["bots"]
        for seats, why in ((["human", "policy:/etc/hostname"], "only shipped policies"),
                           (["human", "policy:../../etc/passwd"], "only shipped policies"),
                           (["human", "policy:moonrakers-2p", "greedy"], "trained for 2 players")):
            r = c.post("/api/games", json={"game": "moonrakers", "players": len(seats), "seats": seats})
            assert r.status_code == 400 and why in r.json()["error"], r.text
        g = create(c, ["greedy", "policy:moonrakers-2p"], seed=2)
        v = view(c, g, g["spectator"])
        assert v["seats"][1]["kind"] == "policy:moonrakers-2p"
        r = c.post(f"/api/games/{g['id']}/seats/0/bot", headers=auth(g["spectator"]), json={"bot": "random"})
        assert r.status_code == 403


def test_ppo_rollouts_and_an_update_run_on_masked_actions(tiny_dataset: Path) -> None:
    """Two episodes against the pool (greedy and a frozen copy), shaped rewards on, then one PPO
    update with the cloning term: every sampled action was legal, the numbers stay finite."""
    train = example("train_moonrakers")
    bc = train.load_bc(tiny_dataset)
    net = Policy.new(bc[0].shape[1], bc[1].shape[1], 16, 1, {"game": "moonrakers", "players": 2})
    batch, mean_return = train.rollouts(net, 2, ["greedy"], None, 5, shaping=0.5)
    n = len(batch["act"])
    assert n > 10 and batch["mask"][np.arange(n), batch["act"]].all()
    assert 0.0 <= mean_return <= 1.0 and np.isfinite(batch["adv"]).all()
    before = {k: v.copy() for k, v in net.p.items()}
    stats = train.ppo_update(net, train.Adam(net.p, 1e-3), batch, bc, np.random.default_rng(0), epochs=1)
    assert all(np.isfinite(v) for v in stats.values())
    assert any(not np.array_equal(before[k], net.p[k]) for k in net.p)


def test_dagger_labels_the_policys_own_states_with_the_experts_legal_choice(tmp_path: Path) -> None:
    """DAgger (docs/rl.md, "Training example: Moonrakers", step 3): with beta 0 the policy plays every
    one of its decisions and the heuristic bot labels each state that has a choice with a legal action;
    the round is deterministic given its seeds, whatever the number of workers."""
    train = example("train_moonrakers")
    from spacetable.rl.table import Table

    table = Table("moonrakers", {"players": 2})
    net = Policy.new(table.obs_size, table.num_actions, 8, 3, {"game": "moonrakers", "players": 2})
    path = net.save(tmp_path / "p.npz")
    one = train.dagger_games(str(path), [40, 41], 0.0)
    n = len(one["act"])
    assert n > 20 and one["games"] == 2 and one["obs"].shape == (n, table.obs_size)
    assert one["mask"][np.arange(n), one["act"]].all() and (one["mask"].sum(1) > 1).all()
    split = train.dagger_round(path, 2, 40, 0.0, 2)
    assert np.array_equal(split["act"], one["act"]) and np.array_equal(split["obs"], one["obs"])


def test_the_best_checkpoint_against_greedy_is_kept_not_the_last(tmp_path: Path) -> None:
    """Selection (docs/rl.md, "Training example: Moonrakers", step 3): every checkpoint is offered with
    its win rate against greedy on the same seeds; the kept file is the one that won most, a later one
    replacing it only when it wins strictly more, and every offer is recorded."""
    train = example("train_moonrakers")
    best = train.Best(tmp_path / "best.npz")
    nets = [Policy.new(4, 3, 2, k, {"stage": f"round {k}"}) for k in range(4)]
    assert best.offer(nets[0], "round 0", 0.10)
    assert best.offer(nets[1], "round 1", 0.26)
    assert not best.offer(nets[2], "round 2", 0.26)  # a tie keeps the earlier one
    assert not best.offer(nets[3], "round 3", 0.15)
    assert best.stage == "round 1" and best.rate == 0.26
    kept = Policy.load(best.path)
    assert all(np.array_equal(kept.p[k], nets[1].p[k]) for k in kept.p)
    assert [h["stage"] for h in best.history] == [f"round {k}" for k in range(4)]
    assert [h["vs_greedy"] for h in best.history] == [0.10, 0.26, 0.26, 0.15]


def test_selection_games_are_paired_and_independent_of_the_workers() -> None:
    """The selection plays fixed seeds (the policy in seat seed mod 2, argmax play): the same figure
    with one worker or two, and the figure is the wins of those games."""
    train = example("train_moonrakers")
    path = shipped()["moonrakers-2p"]
    wins, games, unfinished = train.selection_games(str(path), [7, 8, 9, 10], "greedy")
    assert games == 4 and unfinished == 0 and 0 <= wins <= 4
    assert train.selection_rate(path, "greedy", 4, 7, 1) == wins / 4
    assert train.selection_rate(path, "greedy", 4, 7, 2) == wins / 4
    assert train.selection_rate(path, "greedy", 0, 7, 2) is None
