"""The Moonrakers training example's steadier DAgger (docs/rl.md, "Training example: Moonrakers"): labels as
tie sets of equally good card plays, loss weights by decision, the running average of the weights,
decoupled weight decay, DAgger
rounds kept for a later run, and an interrupt that stops a run at once and keeps its last checkpoint,
even when the shell started it with SIGINT ignored."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from spacetable.bots.moonrakers_heuristic import HeuristicBot
from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.rl.obs_moonrakers import DECISIONS
from spacetable.rl.policy import Policy, masked_softmax
from spacetable.rl.table import Table
from tests.rl.test_rl_policy import EXAMPLES, example

ROOT = EXAMPLES.parent


def test_a_tie_set_label_is_learned_as_a_set() -> None:
    """The loss is −log P(tie set): the gradient moves probability into the set, not onto its first
    action, and a prediction anywhere in the set counts as correct; without ties it is cross-entropy."""
    train = example("train_moonrakers")
    net = Policy.new(6, 5, 8, 0, {})
    obs = np.random.default_rng(1).normal(size=(3, 6)).astype(np.float32)
    mask = np.ones((3, 5), bool)
    mask[2, 4] = False
    actions = np.array([0, 1, 2])
    ties = train.tie_sets(actions, np.array([[3] + [-1] * (train.TIES - 2), [-1] * (train.TIES - 1),
                                             [4] + [-1] * (train.TIES - 2)]))
    _, loss, _ = train.bc_gradients(net, obs, mask, actions, ties)
    probs = masked_softmax(net.forward(obs)[0], mask)
    want = -np.mean(np.log([probs[0, 0] + probs[0, 3], probs[1, 1], probs[2, 2]]))  # 4 is illegal in row 2
    assert abs(loss - want) < 1e-5
    _, plain, _ = train.bc_gradients(net, obs, mask, actions)
    assert abs(plain + np.mean(np.log(probs[[0, 1, 2], actions]))) < 1e-5
    for _ in range(60):  # descending the set loss raises P(set) in row 0, not P(action 0) alone
        grads, _, _ = train.bc_gradients(net, obs[:1], mask[:1], actions[:1], ties[:1])
        for k, g in grads.items():
            net.p[k] -= 0.5 * g
    p = masked_softmax(net.forward(obs[:1])[0], mask[:1])[0]
    assert p[0] + p[3] > 0.9
    pick = int(np.argmax(p))
    _, _, acc = train.bc_gradients(net, obs[:1], mask[:1], actions[:1], ties[:1])
    assert pick in (0, 3) and acc == 1.0


def test_dagger_ties_are_plays_the_teacher_ranks_as_high_as_its_choice(tmp_path: Path) -> None:
    """`equal_plays`: at a card play the heuristic bot chose as its best, the other legal plays with the
    same chance and as many blocked hazard icons; nothing at any other decision."""
    train = example("train_moonrakers")
    expert = HeuristicBot()
    seen = ties = 0
    for table, seat, label in _heuristic_decisions(expert, (3, 4)):
        alts = train.equal_plays(expert, table, seat, label)
        if label.kind != "play":
            assert alts == []
        else:
            seen += 1
            chances = {a.index: p for a, p in expert.odds.play_chances(table.state, seat,
                                                                       table.state.legal_actions())}
            mask = table.mask(seat)
            for a in alts:
                assert mask[a] and a != label.index and abs(chances[a] - chances[label.index]) <= 1e-9
            ties += bool(alts)
    assert seen > 50 and ties > 0


def test_the_best_play_is_the_first_highest_of_its_ranked_plays() -> None:
    """`play_chances` lists what `best_play` ranks: its choice is the first of the highest chances."""
    expert = HeuristicBot()
    checked = 0
    for table, seat, _ in _heuristic_decisions(expert, (5, 6)):
        s = table.state
        if s.ex is not None and any(a.kind == "play" for a in s.legal_actions()):
            expert.odds.start(s)
            chances = expert.odds.play_chances(s, seat, s.legal_actions())
            best = expert.odds.best_play(s, seat, s.legal_actions())
            if chances and max(p for _, p in chances) > 1e-9:
                top = max(p for _, p in chances)
                first = next(a for a, p in chances if p > top - 1e-9)
                assert best == first or abs(dict((a, p) for a, p in chances)[best] - top) <= 1e-9
                checked += 1
    assert checked > 20


def _heuristic_decisions(expert: HeuristicBot, seeds: tuple[int, ...]) -> Iterator[tuple[Table, int, Action]]:
    """Every decision of 2-player games the heuristic bot plays against itself: (table, seat, its
    choice), before the choice is played."""
    table = Table("moonrakers", {"players": 2})
    for seed in seeds:
        table.reset(seed)
        rng = Rng(seed)
        while not table.over:
            seat = table.to_act()
            assert seat is not None
            label = expert.choose(table.state, seat, rng)
            yield table, seat, label
            table.play(label)


def test_the_running_average_follows_the_weights_slowly() -> None:
    train = example("train_moonrakers")
    net = Policy.new(3, 2, 4, 0, {})
    avg = train.Average(net, 0.9)
    start = {k: v.copy() for k, v in net.p.items()}
    for k in net.p:
        net.p[k] += 1.0
    avg.update()
    for k in net.p:
        assert np.allclose(avg.p[k], start[k] + 0.1)  # a tenth of the way
    assert np.allclose(avg.policy().p["w1"], start["w1"] + 0.1)


def test_decision_weights_scale_the_loss_of_the_rows_taken_at_that_decision() -> None:
    """``--weight execution.play=3``: a row whose observation is at that decision (its one-hot in the
    tensor's ``decision`` field) counts three times in the loss and its gradient, other rows once; a
    name that is no decision, or a weight that is not above 0, is refused with the list of names."""
    train = example("train_moonrakers")
    table = Table("moonrakers", {"players": 2})
    weigh = train.Weigh(table, ["execution.play=3"])
    col = table.encoder.layout["decision"].start + DECISIONS.index("execution.play")
    obs = np.zeros((3, table.obs_size), np.float32)
    obs[1, col] = 1.0
    obs[2, col - 1] = 1.0  # another decision
    assert weigh(obs).tolist() == [1.0, 3.0, 1.0]
    net = Policy.new(table.obs_size, 4, 8, 0, {})
    obs[:, :5] = np.random.default_rng(2).normal(size=(3, 5))
    mask = np.ones((3, 4), bool)
    actions = np.array([0, 1, 2])
    g1, plain, _ = train.bc_gradients(net, obs, mask, actions)
    g3, weighted, _ = train.bc_gradients(net, obs, mask, actions, None, weigh(obs))
    probs = masked_softmax(net.forward(obs)[0], mask)
    rows = -np.log(probs[[0, 1, 2], actions])
    assert abs(plain - rows.mean()) < 1e-5
    assert abs(weighted - (rows[0] + 3 * rows[1] + rows[2]) / 3) < 1e-5
    only = train.bc_gradients(net, obs[1:2], mask[1:2], actions[1:2])[0]  # row 1 alone, mean over 1 row
    for k in g1:  # the weighted gradient adds row 1's twice more (each row's share is 1/3 of the batch)
        assert np.allclose(g3[k], g1[k] + 2 * only[k] / 3, atol=1e-5), k
    with pytest.raises(SystemExit, match="no decision 'execution'"):
        train.Weigh(table, ["execution=3"])
    with pytest.raises(SystemExit, match="must be above 0"):
        train.Weigh(table, ["execution.play=0"])
    with pytest.raises(SystemExit, match="not a number"):
        train.Weigh(table, ["execution.play=x"])


def test_weight_decay_shrinks_the_weight_matrices_and_leaves_the_biases() -> None:
    """Decoupled weight decay (AdamW): with a zero gradient a step multiplies each weight matrix by
    1 − lr × decay and leaves the biases as they were; with no decay nothing moves."""
    train = example("train_moonrakers")
    for decay in (0.0, 0.5):
        net = Policy.new(3, 2, 4, 0, {})
        start = {k: v.copy() for k, v in net.p.items()}
        train.Adam(net.p, 0.1, decay).step({k: np.zeros_like(v) for k, v in net.p.items()})
        for k, v in net.p.items():
            factor = 1.0 - 0.1 * decay if k.startswith("w") else 1.0
            assert np.allclose(v, start[k] * factor), k
    assert not np.allclose(start["w1"], net.p["w1"])  # the test can fail


def test_kept_dagger_rounds_join_a_later_runs_data(tmp_path: Path) -> None:
    """``--keep-dagger`` keeps each round's labelled states on disk; ``--dagger-data`` gives them to a
    later run (a second stage continues the first instead of restarting from the base dataset)."""
    first, second = tmp_path / "first", tmp_path / "second"
    base = [sys.executable, str(EXAMPLES / "train_moonrakers.py"), "--hidden", "16", "--select-games", "0",
            "--ppo-iterations", "0", "--eval-games", "0", "--workers", "1", "--json"]
    subprocess.run(base + ["--out", str(first), "--games", "4", "--epochs", "1", "--dagger-rounds", "2",
                           "--dagger-games", "4", "--keep-dagger"], cwd=ROOT, check=True, capture_output=True)
    rounds = sorted((first / "dagger").glob("round-*.npz"))
    assert [p.name for p in rounds] == ["round-01.npz", "round-02.npz"]
    labelled = [d["labelled"] for d in Policy.load(first / "policy.npz").meta["figures"]["dagger"]]
    on_disk = []
    for p in rounds:
        with np.load(p) as z:
            assert len(z["obs"]) == len(z["mask"]) == len(z["act"]) == len(z["ties"])
            on_disk.append(len(z["act"]))
    assert on_disk == labelled and min(labelled) > 0
    subprocess.run(base + ["--out", str(second), "--data", str(first / "dataset"), "--epochs", "1",
                           "--dagger-rounds", "0", "--dagger-data", str(first / "dagger")],
                   cwd=ROOT, check=True, capture_output=True)
    joined = Policy.load(second / "policy.npz").meta["data"]["dagger_data"]
    assert joined["rounds"] == 2 and joined["labelled"] == sum(labelled)


def test_an_interrupt_stops_the_run_at_once_and_keeps_the_checkpoint(tmp_path: Path) -> None:
    """SIGINT during DAgger with ``--workers 1``: the script stops within seconds (not after its games),
    says so, and the last checkpoint loads. The script is started with SIGINT ignored, as a shell
    starts a background job, which must not make it deaf to the interrupt."""
    out = tmp_path / "run"
    cmd = [sys.executable, str(EXAMPLES / "train_moonrakers.py"), "--out", str(out), "--games", "4",
           "--epochs", "1", "--hidden", "16", "--dagger-rounds", "40", "--dagger-games", "6",
           "--select-games", "0", "--ppo-iterations", "0", "--eval-games", "0", "--workers", "1"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"},
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    assert proc.stdout is not None
    lines: list[str] = []
    for line in proc.stdout:
        lines.append(line)
        if "dagger round 1/" in line:
            break
    else:
        raise AssertionError("".join(lines))
    t0 = time.monotonic()
    proc.send_signal(signal.SIGINT)
    rest, _ = proc.communicate(timeout=60)
    assert time.monotonic() - t0 < 15, "the interrupt took too long"
    assert proc.returncode == 0 and "interrupted: the last checkpoint is" in rest, "".join(lines) + rest
    assert Policy.load(out / "policy.npz").meta["stage"].startswith(("bc epoch 1", "dagger 1 epoch"))
