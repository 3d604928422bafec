"""Train a Moonrakers agent (2 players, base game) with NumPy alone, then measure it (docs/rl.md,
"Training example: Moonrakers").

1. **Data**: ``simulate`` plays heuristic-bot games with ``trajectories=True`` and ``spacetable
   dataset`` turns them into Parquet rows (observation, legal mask, action), the same files a
   researcher gets from the command line.
2. **Behaviour cloning**: a small masked policy network (`spacetable.rl.policy.Policy`: two ReLU
   layers, a policy and a value head) learns the heuristic bot's choices by cross-entropy over the
   legal actions (decisions with one legal action are skipped: there is nothing to learn there).
3. **DAgger** (Ross, Gordon & Bagnell 2011): cloning alone learns the states the heuristic bot
   reaches, and a policy that errs drifts into states it never saw (it passes, stalls, loses to
   random). Each round (``--dagger-rounds``) the policy plays ``--dagger-games`` games against
   greedy, random and the heuristic bot; at each of its decisions the heuristic bot names its own
   choice, which becomes the label, and the policy's action is played (the expert's with probability
   ``--dagger-beta`` ** round). The labelled states join the data and cloning goes on over all of it.
   The checkpoint after cloning and after each round plays ``--select-games`` games against greedy on
   the same seeds; the one that wins most is kept (not the last), and the next step starts from it.
4. **PPO with action masking** against a pool of bots (random, greedy, heuristic and a frozen copy
   of itself), the reward the seat's return at the end (1 win, 0 loss); optionally a potential-based
   shaped reward (``--shaping W``: Φ = W × (own Prestige + own credits / 4) / 20 read from the seat's
   own tensor, F = Φ(s') − Φ(s), Φ = 0 at the end; Ng, Harada & Russell 1999: the optimal policy does
   not change). A behaviour-cloning term keeps it near the heuristic play it started from. The PPO
   result is kept only if it beats the kept checkpoint against greedy on the same seeds.
5. **Action head** (``--head-rounds``, off by default): the network frozen, an action head
   (`Policy.with_head`) learns the card plays of a contract's execution from features of each play
   (its exact chance of meeting the contract, from the seat's own cards: docs/rl.md, "Action
   features"); each round the policy plays ``--head-games`` games and the heuristic bot labels its
   decisions that have features.
6. **Evaluation**: ``simulate`` seats the saved policy as the bot ``policy:PATH`` against random and
   greedy, seats rotating; zero evaluation games are simply skipped.

A checkpoint (``OUT/policy.npz``) is written after every epoch and iteration; Ctrl-C keeps the last
one and still prints what was measured. The file records the command, the data and the figures.

    .venv/bin/python examples/train_moonrakers.py --out runs/mr2p [--games 600] [--epochs 8]
        [--dagger-rounds 4] [--dagger-games 64] [--ppo-iterations 6] [--head-rounds 0]
        [--eval-games 500] [--seed 0]
        [--workers 2] [--json]

Needs NumPy and pyarrow (core dependencies); no PyTorch, no Gymnasium.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

# One BLAS thread (before NumPy loads it): the game workers already use the cores, and on a busy
# machine a second BLAS thread spins waiting for a core, burning CPU for nothing.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from spacetable.engine.rng import Rng
from spacetable.rl.observations import feature_spec, seat_inputs
from spacetable.rl.policy import Array, Policy, masked_softmax
from spacetable.rl.table import Table
from spacetable.rl.trajectories import read_dataset
from spacetable.sim.runner import DEFAULT_MAX_DECISIONS
from spacetable.sim.setup import make_bots
from spacetable.sim.simulate import simulate

if TYPE_CHECKING:
    import pyarrow as pa

GAME = "moonrakers"
T = TypeVar("T")
PLAYERS = 2
DATA_MIX = (("heuristic", 0.5), ("greedy", 0.3), ("random", 0.2))
"""The heuristic bot's opponents in the cloning data, by share of the games."""
EVAL_CAP = DEFAULT_MAX_DECISIONS
"""Decisions after which an evaluation game stops unfinished (counted as a loss): simulate's cap."""


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the simulation workers)."""
    import resource

    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


class Adam:
    """Adam; with `weight_decay`, decoupled weight decay on the weight matrices (AdamW, Loshchilov &
    Hutter 2019): each step also shrinks them by lr × weight_decay, the biases left alone."""

    def __init__(self, params: dict[str, Array], lr: float, weight_decay: float = 0.0) -> None:
        self.p, self.lr, self.t = params, lr, 0
        self.weight_decay = weight_decay
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, grads: dict[str, Array]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            mh = self.m[k] / (1 - 0.9 ** self.t)
            vh = self.v[k] / (1 - 0.999 ** self.t)
            if self.weight_decay and k.startswith("w"):
                self.p[k] *= np.float32(1.0 - self.lr * self.weight_decay)
            self.p[k] -= (self.lr * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)


def backward(net: Policy, obs: Array, dlogits: Array, dvalue: Array | None,
             hidden: tuple[Array, Array] | None = None) -> dict[str, Array]:
    """Gradients of the parameters given the loss's gradients at the logits and the value
    (`hidden`: the forward pass's hidden layers of `obs`, recomputed when not given)."""
    p = net.p
    h1, h2 = hidden if hidden is not None else net.hidden_layers(obs)
    grads = {"wp": h2.T @ dlogits, "bp": dlogits.sum(0)}
    dh2: Array = dlogits @ p["wp"].T
    if dvalue is not None:
        grads["wv"] = h2.T @ dvalue[:, None]
        grads["bv"] = dvalue.sum(keepdims=True)
        dh2 = dh2 + dvalue[:, None] @ p["wv"].T
    dh2 = dh2 * (h2 > 0)
    grads["w2"], grads["b2"] = h1.T @ dh2, dh2.sum(0)
    dh1 = (dh2 @ p["w2"].T) * (h1 > 0)
    grads["w1"], grads["b1"] = obs.T @ dh1, dh1.sum(0)
    return grads


TIES = 8
"""Columns of a label's tie set: the label, then up to ``TIES − 1`` equally good alternatives (−1: none)."""


def tie_sets(actions: Array, alts: Array | None = None) -> Array:
    """The labels as tie sets (rows of `TIES` action indices, −1 padded): the label first, then `alts`."""
    out = np.full((len(actions), TIES), -1, np.int64)
    out[:, 0] = actions
    if alts is not None:
        out[:, 1:] = alts[:, :TIES - 1]
    return out


def set_loss(logits: Array, mask: Array, actions: Array, ties: Array | None = None,
             weights: Array | None = None) -> tuple[Array, float, float]:
    """−log P(label's tie set) over the legal actions: (its gradient at the logits, already divided by
    the rows; the mean loss; the accuracy of the argmax)."""
    probs = masked_softmax(logits, mask)
    rows = np.arange(len(actions))
    target = np.zeros(probs.shape, bool)
    target[rows, actions] = True
    if ties is not None:
        r, c = np.nonzero(ties >= 0)
        target[r, ties[r, c]] = True
    target &= mask
    p_set = np.maximum((probs * target).sum(1), 1e-12)
    logp = np.log(p_set)
    loss = float(-np.mean(logp if weights is None else weights * logp))
    acc = float(np.mean(target[rows, np.argmax(np.where(mask, logits, -1e9), axis=1)]))
    d = probs - probs * target / p_set[:, None]  # ∂(−log Σ_T p)/∂logits = p − p·1_T / P(T)
    if weights is not None:
        d = d * weights[:, None]
    return (d / max(1, len(actions))).astype(np.float32), loss, acc


def bc_gradients(net: Policy, obs: Array, mask: Array, actions: Array,
                 ties: Array | None = None, weights: Array | None = None
                 ) -> tuple[dict[str, Array], float, float]:
    """Cross-entropy over the legal actions: (gradients, mean loss, accuracy). With `ties` (rows of
    equally good actions, `tie_sets`) the loss is −log of the probability of the whole set, so the
    network is not taught the teacher's arbitrary first-of-ties; a prediction in the set is correct.
    With `weights` (one per row, from `Weigh`) each row's loss counts that many times."""
    hidden = net.hidden_layers(obs)
    logits = hidden[1] @ net.p["wp"] + net.p["bp"]
    d, loss, acc = set_loss(logits, mask, actions, ties, weights)
    return backward(net, obs, d, None, hidden), loss, acc


# ----- data --------------------------------------------------------------------------------------
def backend(workers: int | None) -> str:
    """simulate's backend: in this process for one worker, so an interrupt stops it at once (a
    worker process finishes its batch of games first); the same games either way."""
    return "serial" if workers == 1 else "processes"


def make_data(out: Path, games: int, seed: int, workers: int | None, log: Any) -> Path:
    """Heuristic-bot games with their action logs, then the dataset folder built from them."""
    from spacetable.rl.dataset import write_dataset

    results = out / "bc-games.parquet"
    data = out / "dataset"
    if data.is_dir() and any(data.glob("*.parquet")):
        log(f"data: reusing {data}")
        return data
    start = 0
    for opponent, share in DATA_MIX:
        n = max(1, round(games * share))
        log(f"data: {n} games heuristic vs {opponent} (seeds {seed + start}…)")
        simulate(GAME, n, PLAYERS, ["heuristic", opponent], seed=seed + start, backend=backend(workers),
                 workers=workers, out=results, run=f"bc-{opponent}", trajectories=True)
        start += n
    shutil.rmtree(data, ignore_errors=True)
    summary = write_dataset(results, data)
    log(f"data: {summary['rows']} decisions of {summary['games']} games in {data}")
    return data


def load_bc(data: Path, player: str = "heuristic") -> tuple[Array, Array, Array]:
    """(obs, mask, action) of `player`'s decisions that had more than one legal action."""
    table = read_dataset(data, ["player", "obs", "mask", "action"])
    obs_col = cast("pa.ListArray[Any]", table.column("obs").combine_chunks())
    mask_col = cast("pa.ListArray[Any]", table.column("mask").combine_chunks())
    n = table.num_rows
    obs = obs_col.flatten().to_numpy().reshape(n, -1).astype(np.float32)
    mask = mask_col.flatten().to_numpy(zero_copy_only=False).reshape(n, -1)
    actions = table.column("action").to_numpy().astype(np.int64)
    who = np.asarray(table.column("player").to_pylist()) == player
    keep = who & (mask.sum(1) > 1)
    return obs[keep], mask[keep], actions[keep]


class Average:
    """A running (Polyak) average of the weights, ``avg ← avg + (1 − decay) (w − avg)`` after every
    optimiser step: the last iterate of Adam wanders (its strength against greedy moves by ~10 points
    from round to round), the average moves slowly (Polyak & Juditsky 1992)."""

    def __init__(self, net: Policy, decay: float) -> None:
        self.net, self.decay = net, decay
        self.p = {k: v.copy() for k, v in net.p.items()}

    def update(self) -> None:
        for k, v in self.net.p.items():
            self.p[k] += (1.0 - self.decay) * (v - self.p[k])

    def policy(self) -> Policy:
        return Policy(self.p, self.net.meta)


class Weigh:
    """Loss weights by the decision a row was taken at (``--weight DECISION=W``, the names of the
    observation's ``decision`` one-hot, `spacetable.rl.obs_moonrakers.DECISIONS`); 1 elsewhere."""

    def __init__(self, table: Table, specs: list[str]) -> None:
        from spacetable.rl.obs_moonrakers import DECISIONS

        start = table.encoder.layout["decision"].start
        self.columns: list[tuple[int, float]] = []
        for spec in specs:
            name, _, w = spec.partition("=")
            if name not in DECISIONS:
                raise SystemExit(f"--weight {spec}: no decision {name!r} (one of: {', '.join(DECISIONS)})")
            try:
                weight = float(w)
            except ValueError:
                raise SystemExit(f"--weight {spec}: the weight after '=' is not a number") from None
            if not weight > 0:
                raise SystemExit(f"--weight {spec}: the weight must be above 0")
            self.columns.append((start + DECISIONS.index(name), weight))

    def __call__(self, obs: Array) -> Array:
        w = np.ones(len(obs), np.float32)
        for col, weight in self.columns:
            w[obs[:, col] > 0.5] = weight
        return w


def in_use(net: Policy, average: Average | None) -> Policy:
    """The weights that are saved, played, selected and shipped: the running average when there is one."""
    return net if average is None else average.policy()


def behaviour_cloning(net: Policy, data: tuple[Array, ...], epochs: int, seed: int,
                      save: Any, log: Any, lr: float = 1e-3, batch: int = 256,
                      stage: str = "bc", average: Average | None = None,
                      weight_decay: float = 0.0, weigh: Weigh | None = None) -> list[float]:
    """Epochs of cloning over `data` (obs, mask, action[, tie sets]); `average` follows every step;
    `weigh` gives some decisions' rows more weight in the loss (``--weight``)."""
    obs, mask, actions = data[:3]
    ties = data[3] if len(data) > 3 else None
    row_weights = None if weigh is None else weigh(obs)  # once per call: the rows do not change
    rng = np.random.default_rng(seed)
    n_val = max(1, len(actions) // 20)
    order = rng.permutation(len(actions))
    val, tr = order[:n_val], order[n_val:]
    opt = Adam(net.p, lr, weight_decay)
    losses: list[float] = []
    for epoch in range(epochs):
        rng.shuffle(tr)
        total, count = 0.0, 0
        for k in range(0, len(tr), batch):
            idx = tr[k:k + batch]
            grads, loss, _ = bc_gradients(net, obs[idx], mask[idx], actions[idx],
                                          None if ties is None else ties[idx],
                                          None if row_weights is None else row_weights[idx])
            opt.step(grads)
            if average is not None:
                average.update()
            total += loss * len(idx)
            count += len(idx)
        scored = in_use(net, average)
        _, vloss, vacc = bc_gradients(scored, obs[val], mask[val], actions[val],
                                      None if ties is None else ties[val])
        losses.append(total / max(1, count))
        weighed = ""
        if row_weights is not None:  # the held-out accuracy on the weighted decisions alone
            heavy = val[row_weights[val] != 1.0]
            _, _, hacc = bc_gradients(scored, obs[heavy], mask[heavy], actions[heavy],
                                      None if ties is None else ties[heavy])
            weighed = f" ({hacc:.3f} on the {len(heavy)} weighted)"
        log(f"{stage} epoch {epoch + 1}/{epochs}: train loss {losses[-1]:.4f}, held-out loss {vloss:.4f}, "
            f"held-out accuracy {vacc:.3f}{weighed}" + (" (averaged weights)" if average is not None else ""))
        save(f"{stage} epoch {epoch + 1}")
    return losses


# ----- DAgger -------------------------------------------------------------------------------------
DAGGER_OPPONENTS = ("greedy", "random", "greedy", "heuristic")
"""The policy's opponents in the DAgger games by default (``--dagger-opponents``), cycled game by game
(the targets are greedy and random)."""


def dagger_games(policy_file: str, seeds: list[int], beta: float,
                 opponents: tuple[str, ...] = DAGGER_OPPONENTS) -> dict[str, Any]:
    """Games of the policy against `opponents` (game ``seeds[i]``: the policy in seat ``seeds[i] % 2``,
    its opponent ``opponents[(seeds[i] // 2) % len(opponents)]``), the heuristic bot labelling every
    decision of the policy's seat that has a choice: the states the policy reaches, with the expert's
    action (Ross, Gordon & Bagnell 2011).

    At each of its decisions the seat plays the expert's action with probability `beta`, else the
    policy's own (its argmax, as the policy bot plays). The policy reads only its seat's tensor and
    mask; the expert, a bot, reads the state as bots do (only what its seat may know). Runs in a
    worker process: everything it needs is in its arguments, and it is deterministic given them."""
    policy = Policy.load(policy_file)
    table = Table(GAME, {"players": PLAYERS})
    expert = make_bots(GAME, ["heuristic"])[0]
    obs_l: list[Array] = []
    mask_l: list[Array] = []
    act_l: list[int] = []
    alt_l: list[list[int]] = []
    wins = {o: [0, 0] for o in opponents}  # the policy's [wins, games] by opponent
    unfinished = 0
    for game_seed in seeds:
        seat = game_seed % PLAYERS
        opponent = opponents[(game_seed // PLAYERS) % len(opponents)]
        bots = make_bots(GAME, [opponent] * PLAYERS)
        table.reset(game_seed)
        bot_rng, mix = Rng(game_seed ^ 0xB07), np.random.default_rng(game_seed)
        while others_move(table, seat, bots, bot_rng):
            label = expert.choose(table.state, seat, bot_rng)
            m = np.asarray(table.mask(seat), dtype=bool)
            if m.sum() > 1:
                raw, feats = seat_inputs(table.encoder, table.state, seat, policy.has_head)
                o = np.asarray(raw, dtype=np.float32)
                obs_l.append(o)
                mask_l.append(m)
                act_l.append(label.index)
                alt_l.append(equal_plays(expert, table, seat, label))
                if mix.random() >= beta:
                    own = table.legal(policy.act(o, m, feats))
                    assert own is not None
                    label = own
            table.play(label)
        wins[opponent][0] += table.returns()[seat] > 0
        wins[opponent][1] += 1
        unfinished += not table.terminated
    size = policy.obs_size
    return {"obs": np.asarray(obs_l, np.float32).reshape(-1, size),
            "mask": np.asarray(mask_l, bool).reshape(len(mask_l), -1),
            "act": np.asarray(act_l, np.int64), "alt": padded(alt_l), "wins": wins, "unfinished": unfinished,
            "games": len(seeds)}


def padded(alternatives: list[list[int]]) -> Array:
    """Each label's equally good alternatives (`equal_plays`) as a row of ``TIES − 1`` indices, −1
    padded: the part of a tie set after the label (`tie_sets`)."""
    out = np.full((len(alternatives), TIES - 1), -1, np.int64)
    for i, row in enumerate(alternatives):
        out[i, :len(row)] = row[:TIES - 1]
    return out


def others_move(table: Table, seat: int, bots: list[Any], rng: Rng) -> bool:
    """Play the other seats' decisions (their bots, drawing from `rng`) until `seat` is to decide:
    True then, False when the game is over."""
    while not table.over:
        p = table.to_act()
        assert p is not None
        if p == seat:
            return True
        table.play(bots[p].choose(table.state, p, rng))
    return False


def equal_plays(expert: Any, table: Table, seat: int, label: Any) -> list[int]:
    """The other card plays the heuristic bot ranks exactly as high as its `label` (a card play it
    chose as the best: `best_play` takes the first of the highest), blocking as many hazard icons
    (the bot prefers blocks, so those are not ties): the label's tie set minus the label."""
    if label.kind != "play" or not hasattr(expert, "odds"):
        return []
    from spacetable.bots.moonrakers_greedy import ACTION_CARD
    from spacetable.bots.moonrakers_heuristic import CARD_BLOCKS

    state = table.state
    chances = expert.odds.play_chances(state, seat, state.legal_actions())
    mine = [p for a, p in chances if a.index == label.index]
    if not mine or mine[0] <= 0 or mine[0] < max(p for _, p in chances) - 1e-9:
        return []
    blocks = CARD_BLOCKS[ACTION_CARD[label.index]]
    return [a.index for a, p in chances if a.index != label.index and abs(p - mine[0]) <= 1e-9
            and CARD_BLOCKS[ACTION_CARD[a.index]] == blocks]


def seed_chunks(seed: int, games: int, workers: int | None) -> list[list[int]]:
    """Seeds ``seed…seed + games − 1`` in consecutive chunks, one per worker process."""
    n = max(1, min(workers or 2, games))
    bounds = [seed + games * k // n for k in range(n + 1)]
    return [list(range(bounds[k], bounds[k + 1])) for k in range(n)]


def in_workers(fn: Callable[..., T], policy_file: Path, seed: int, games: int, workers: int | None,
               *args: Any) -> list[T]:
    """``fn(policy_file, seeds, *args)`` over the seeds ``seed…seed + games − 1`` in consecutive
    chunks, one per worker process (in this process for one chunk): the parts in seed order, so a
    result joined from them does not depend on the number of workers."""
    from concurrent.futures import ProcessPoolExecutor

    chunks = seed_chunks(seed, games, workers)
    if len(chunks) == 1:
        return [fn(str(policy_file), chunks[0], *args)]
    with ProcessPoolExecutor(len(chunks)) as pool:
        futures = [pool.submit(fn, str(policy_file), chunk, *args) for chunk in chunks]
        return [f.result() for f in futures]


def dagger_round(policy_file: Path, games: int, seed: int, beta: float, workers: int | None,
                 opponents: tuple[str, ...] = DAGGER_OPPONENTS) -> dict[str, Any]:
    """`dagger_games` over `games` games (seeds ``seed…``) split between worker processes."""
    parts = in_workers(dagger_games, policy_file, seed, games, workers, beta, opponents)
    return {"obs": np.concatenate([q["obs"] for q in parts]),
            "mask": np.concatenate([q["mask"] for q in parts]),
            "act": np.concatenate([q["act"] for q in parts]),
            "alt": np.concatenate([q["alt"] for q in parts]),
            "wins": {o: [sum(q["wins"][o][i] for q in parts) for i in (0, 1)] for o in parts[0]["wins"]},
            **{k: sum(q[k] for q in parts) for k in ("unfinished", "games")}}


Labelled = tuple[Array, Array, Array, Array]
"""Cloning data: observations, masks, labels and tie sets, row by row."""


def joined(*parts: Labelled) -> Labelled:
    """The rows of `parts`, one part after another."""
    obs, mask, act, ties = (np.concatenate([q[i] for q in parts]) for i in range(4))
    return obs, mask, act, ties


def save_round(folder: Path, r: int, obs: Array, mask: Array, act: Array, ties: Array) -> Path:
    """Keep one DAgger round's labelled states (`--keep-dagger`) as FOLDER/round-RR.npz (compressed:
    the tensors are mostly zeros), written atomically."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"round-{r:02d}.npz"
    tmp = folder / f".round-{r:02d}.tmp.npz"
    np.savez_compressed(tmp, obs=obs, mask=mask, act=act, ties=ties)
    os.replace(tmp, path)
    return path


def load_rounds(folder: Path, obs_size: int) -> list[Labelled]:
    """The (obs, mask, action, tie sets) of every FOLDER/round-*.npz, in round order (`--dagger-data`);
    a file whose observation size is not this game's is refused."""
    out = []
    for path in sorted(folder.glob("round-*.npz")):
        with np.load(path, allow_pickle=False) as z:
            if z["obs"].shape[1] != obs_size:
                raise SystemExit(f"{path}: observations of {z['obs'].shape[1]} floats; this game's have "
                                 f"{obs_size}")
            out.append((z["obs"], z["mask"], z["act"], z["ties"]))
    if not out:
        raise SystemExit(f"{folder}: no round-*.npz files (written by a run with --keep-dagger)")
    return out


# ----- the action head ---------------------------------------------------------------------------
Featured = tuple[Array, Array, Array, Array, Array]
"""Action-head data, row by row: observations, masks, action features (rows × feature actions ×
features), labels and tie sets."""


def head_games(policy_file: str, seeds: list[int], opponents: tuple[str, ...]) -> dict[str, Any]:
    """Games of the policy, its action head in use, against `opponents` (seats and opponents as in
    `dagger_games`); at each of the policy's decisions that has action features and a choice, the
    heuristic bot names its choice (the label) and the policy's own action is played, so the head
    learns the states it reaches. Runs in a worker process; deterministic given its arguments."""
    policy = Policy.load(policy_file)
    table = Table(GAME, {"players": PLAYERS})
    expert = make_bots(GAME, ["heuristic"])[0]
    rows: dict[str, list[Any]] = {"obs": [], "mask": [], "feat": [], "act": [], "alt": []}
    wins = {o: [0, 0] for o in opponents}
    for game_seed in seeds:
        seat = game_seed % PLAYERS
        opponent = opponents[(game_seed // PLAYERS) % len(opponents)]
        bots = make_bots(GAME, [opponent] * PLAYERS)
        table.reset(game_seed)
        bot_rng = Rng(game_seed ^ 0xB07)
        while others_move(table, seat, bots, bot_rng):
            raw, f = seat_inputs(table.encoder, table.state, seat, True)
            o = np.asarray(raw, dtype=np.float32)
            m = np.asarray(table.mask(seat), dtype=bool)
            feats = None if f is None else np.asarray(f, dtype=np.float32)
            if feats is not None and m.sum() > 1:
                label = expert.choose(table.state, seat, bot_rng)
                for key, value in (("obs", o), ("mask", m), ("feat", feats), ("act", label.index),
                                   ("alt", equal_plays(expert, table, seat, label))):
                    rows[key].append(value)
            own = table.legal(policy.act(o, m, feats))
            assert own is not None
            table.play(own)
        wins[opponent][0] += table.returns()[seat] > 0
        wins[opponent][1] += 1
    shape = (len(policy.feature_actions), len(policy.p["fu"]))
    return {"obs": np.asarray(rows["obs"], np.float32).reshape(-1, policy.obs_size),
            "mask": np.asarray(rows["mask"], bool).reshape(-1, policy.num_actions),
            "feat": np.asarray(rows["feat"], np.float32).reshape(-1, *shape),
            "act": np.asarray(rows["act"], np.int64), "alt": padded(rows["alt"]), "wins": wins}


def head_round(policy_file: Path, games: int, seed: int, workers: int | None,
               opponents: tuple[str, ...]) -> dict[str, Any]:
    """`head_games` over `games` games (seeds ``seed…``) split between worker processes."""
    parts = in_workers(head_games, policy_file, seed, games, workers, opponents)
    keys = ("obs", "mask", "feat", "act", "alt")
    out: dict[str, Any] = {k: np.concatenate([q[k] for q in parts]) for k in keys}
    out["wins"] = {o: [sum(q["wins"][o][i] for q in parts) for i in (0, 1)] for o in parts[0]["wins"]}
    return out


def head_gradients(net: Policy, h2: Array, base: Array, mask: Array, feat: Array, actions: Array,
                   ties: Array | None) -> tuple[dict[str, Array], float, float]:
    """The set loss of `set_loss` with the trunk frozen (`h2`, its hidden layer, and `base`, its
    logits, computed once): (gradients of ``fu`` and ``fv``, mean loss, accuracy)."""
    cols = net.feature_actions
    logits = base.copy()
    logits[:, cols] += net.head_scores(h2, feat)
    d, loss, acc = set_loss(logits, mask, actions, ties)
    dw = np.einsum("bm,bmk->bk", d[:, cols], feat)  # ∂loss/∂(fu + h2 @ fv), row by row
    return {"fu": dw.sum(0), "fv": h2.T @ dw}, loss, acc


def train_head(net: Policy, data: Featured, epochs: int, lr: float, seed: int, log: Any,
               stage: str, batch: int = 256) -> list[float]:
    """Epochs of the set loss over the action head's weights alone (the trunk and its outputs do not
    change); logs the held-out loss and accuracy (1 in 20 rows) before and after."""
    obs, mask, feat, actions, ties = data
    _, h2 = net.hidden_layers(obs)
    base = h2 @ net.p["wp"] + net.p["bp"]
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(actions))
    n_val = max(1, len(actions) // 20)
    val, tr = order[:n_val], order[n_val:]

    def held_out() -> tuple[float, float]:
        _, loss, acc = head_gradients(net, h2[val], base[val], mask[val], feat[val], actions[val], ties[val])
        return loss, acc

    vloss, vacc = held_out()
    log(f"{stage}: {len(actions)} labelled states; before: held-out loss {vloss:.4f}, accuracy {vacc:.3f}")
    opt = Adam({k: net.p[k] for k in ("fu", "fv")}, lr)  # the same arrays: steps update `net`
    losses: list[float] = []
    for _ in range(epochs):
        rng.shuffle(tr)
        total = 0.0
        for k in range(0, len(tr), batch):
            idx = tr[k:k + batch]
            grads, loss, _ = head_gradients(net, h2[idx], base[idx], mask[idx], feat[idx], actions[idx],
                                            ties[idx])
            opt.step(grads)
            total += loss * len(idx)
        losses.append(total / max(1, len(tr)))
    vloss, vacc = held_out()
    log(f"{stage}: after {epochs} epochs: train loss {losses[-1] if losses else float('nan'):.4f}, "
        f"held-out loss {vloss:.4f}, accuracy {vacc:.3f}")
    return losses


# ----- selection ---------------------------------------------------------------------------------
def selection_games(policy_file: str, seeds: list[int], opponent: str) -> list[int]:
    """[wins, games, unfinished] of the policy (argmax over its seat's tensor and mask, as the policy
    bot plays) against `opponent`: game ``seeds[i]``, the policy in seat ``seeds[i] % 2``, simulate's
    cap on decisions (a game stopped there is a loss, a shared win a win). Runs in a worker process
    of this script, so its CPU time is counted with the script's."""
    policy = Policy.load(policy_file)
    table = Table(GAME, {"players": PLAYERS, "max_steps": EVAL_CAP})
    bots = make_bots(GAME, [opponent] * PLAYERS)
    wins = unfinished = 0
    for game_seed in seeds:
        seat = game_seed % PLAYERS
        table.reset(game_seed)
        bot_rng = Rng(game_seed ^ 0xB07)
        while others_move(table, seat, bots, bot_rng):
            raw, feats = seat_inputs(table.encoder, table.state, seat, policy.has_head)
            own = table.legal(policy.act(np.asarray(raw, dtype=np.float32),
                                         np.asarray(table.mask(seat), dtype=bool), feats))
            assert own is not None
            table.play(own)
        wins += table.returns()[seat] > 0
        unfinished += not table.terminated
    return [wins, len(seeds), unfinished]


def selection_rate(policy_file: Path, opponent: str, games: int, seed: int,
                   workers: int | None) -> float | None:
    """The policy's win rate over `selection_games` ``seed…seed + games − 1`` (None for zero games);
    the same seeds for every checkpoint compared, so the comparison is paired."""
    if games <= 0:
        return None
    parts = in_workers(selection_games, policy_file, seed, games, workers, opponent)
    return sum(q[0] for q in parts) / games


class Best:
    """The best checkpoint so far by its win rate against greedy on the selection seeds, kept in
    `path`: a later checkpoint replaces it only when it wins strictly more games."""

    def __init__(self, path: Path) -> None:
        self.path, self.rate, self.stage = path, -1.0, ""
        self.history: list[dict[str, Any]] = []

    def offer(self, net: Policy, stage: str, rate: float | None) -> bool:
        self.history.append({"stage": stage, "vs_greedy": rate})
        if rate is None or rate <= self.rate:
            return False
        self.rate, self.stage = rate, stage
        net.save(self.path)
        return True


# ----- PPO ---------------------------------------------------------------------------------------
class Shaping:
    """Φ(obs) = weight × (own Prestige + own credits / 4) / 20 (both are scaled by 1/20 in the tensor)."""

    def __init__(self, table: Table, weight: float) -> None:
        self.weight = weight
        lay = table.encoder.layout
        self.prestige = [lay[f"p{s + 1}.prestige"].start for s in range(table.players)]
        self.credits = [lay[f"p{s + 1}.credits"].start for s in range(table.players)]

    def potential(self, obs: Array, seat: int) -> float:
        if self.weight == 0:
            return 0.0
        return self.weight * float(obs[self.prestige[seat]] + obs[self.credits[seat]] / 4)


def rollouts(net: Policy, episodes: int, pool: list[str], snapshot: Path | None, seed: int,
             shaping: float) -> tuple[dict[str, Array], float]:
    """Play `episodes` games, the agent in alternating seats against the pool; the PPO batch and
    the mean return."""
    table = Table(GAME, {"players": PLAYERS})
    shaper = Shaping(table, shaping)
    rng = np.random.default_rng(seed)
    obs_l: list[Array] = []
    mask_l: list[Array] = []
    act_l: list[int] = []
    logp_l: list[float] = []
    adv_l: list[float] = []
    ret_l: list[float] = []
    returns = 0.0
    for ep in range(episodes):
        seat = ep % PLAYERS
        opponent = pool[ep % len(pool)]
        name = f"policy:{snapshot}" if opponent == "self" and snapshot is not None else (
            "heuristic" if opponent == "self" else opponent)
        bots = make_bots(GAME, [name] * PLAYERS)
        game_seed = seed * 100_003 + ep
        table.reset(game_seed)
        bot_rng = Rng(game_seed ^ 0xB07)
        ep_obs: list[Array] = []
        ep_rew: list[float] = []
        ep_val: list[float] = []
        while not table.over:
            p = table.to_act()
            assert p is not None
            if p != seat:
                table.play(bots[p].choose(table.state, p, bot_rng))
                continue
            o = np.asarray(table.observe(seat), dtype=np.float32)
            m = np.asarray(table.mask(seat), dtype=bool)
            logits, value = net.forward(o[None, :])
            probs = masked_softmax(logits, m[None, :])[0]
            a = int(rng.choice(len(probs), p=probs / probs.sum()))
            if ep_obs:  # the shaped reward of the previous decision: Φ(s') − Φ(s)
                ep_rew[-1] += shaper.potential(o, seat) - shaper.potential(ep_obs[-1], seat)
            ep_obs.append(o)
            ep_rew.append(0.0)
            ep_val.append(float(value[0]))
            obs_l.append(o)
            mask_l.append(m)
            act_l.append(a)
            logp_l.append(float(np.log(max(probs[a], 1e-12))))
            chosen = table.legal(a)
            assert chosen is not None
            table.play(chosen)
        final = table.returns()[seat]
        returns += final
        if ep_obs:
            ep_rew[-1] += final - shaper.potential(ep_obs[-1], seat)  # Φ = 0 at the end
            # GAE (γ = 1, λ = 0.95)
            gae, nxt = 0.0, 0.0
            adv = [0.0] * len(ep_rew)
            for t in range(len(ep_rew) - 1, -1, -1):
                delta = ep_rew[t] + nxt - ep_val[t]
                gae = delta + 0.95 * gae
                adv[t] = gae
                nxt = ep_val[t]
            adv_l.extend(adv)
            ret_l.extend(a_ + v for a_, v in zip(adv, ep_val, strict=True))
    batch = {"obs": np.asarray(obs_l, np.float32), "mask": np.asarray(mask_l, bool),
             "act": np.asarray(act_l, np.int64), "logp": np.asarray(logp_l, np.float32),
             "adv": np.asarray(adv_l, np.float32), "ret": np.asarray(ret_l, np.float32)}
    return batch, returns / max(1, episodes)


def ppo_update(net: Policy, opt: Adam, batch: dict[str, Array], bc: tuple[Array, Array, Array],
               rng: np.random.Generator, epochs: int = 3, size: int = 256, clip: float = 0.2,
               vf: float = 0.5, ent: float = 0.003, bc_weight: float = 0.5) -> dict[str, float]:
    n = len(batch["act"])
    adv = batch["adv"]
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    stats = {"clipped": 0.0, "kl": 0.0}
    for _ in range(epochs):
        order = rng.permutation(n)
        for k in range(0, n, size):
            idx = order[k:k + size]
            o, m, a = batch["obs"][idx], batch["mask"][idx], batch["act"][idx]
            logits, values = net.forward(o)
            probs = masked_softmax(logits, m)
            rows = np.arange(len(idx))
            logp = np.log(np.maximum(probs[rows, a], 1e-12))
            ratio = np.exp(logp - batch["logp"][idx])
            A = adv[idx]
            unclipped = ratio * A
            clipped = np.clip(ratio, 1 - clip, 1 + clip) * A
            active = (unclipped <= clipped).astype(np.float32)  # the min takes the unclipped term
            coef = -(A * ratio * active) / len(idx)
            onehot = np.zeros_like(probs)
            onehot[rows, a] = 1.0
            dlogits = coef[:, None] * (onehot - probs)
            logp_all = np.where(m, np.log(np.maximum(probs, 1e-12)), 0.0)
            entropy = -(probs * logp_all).sum(1)
            dlogits += ent * probs * (logp_all + entropy[:, None]) / len(idx)  # −ent × ∂H/∂logits
            dvalue = vf * (values - batch["ret"][idx]) / len(idx)
            grads = backward(net, o, dlogits.astype(np.float32), dvalue.astype(np.float32))
            if bc_weight > 0 and len(bc[2]):
                j = rng.integers(0, len(bc[2]), size=len(idx))
                g_bc, _, _ = bc_gradients(net, bc[0][j], bc[1][j], bc[2][j])
                for key, g in g_bc.items():
                    grads[key] = grads[key] + bc_weight * g
            opt.step(grads)
            stats["clipped"] += float(1 - active.mean())
            stats["kl"] += float(np.mean(batch["logp"][idx] - logp))
    steps = epochs * max(1, -(-n // size))
    return {k: v / steps for k, v in stats.items()}


# ----- evaluation --------------------------------------------------------------------------------
def win_rate(policy: Path, opponent: str, games: int, seed: int, workers: int | None) -> float | None:
    """The policy's win rate (shared wins split) against `opponent` over `games`, seats rotating
    (simulate's seating); None for zero games."""
    if games <= 0:
        return None
    me = f"policy:{policy}"
    r = simulate(GAME, games, PLAYERS, [me, opponent], seed=seed, backend=backend(workers), workers=workers,
                 max_decisions=EVAL_CAP)
    # a shared win (rare) counts as a win; an unfinished game as a loss
    return r.wins_by_bot.get(me, 0) / r.games


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--out", type=Path, default=Path("runs/moonrakers-2p"), help="checkpoints and data")
    ap.add_argument("--data", type=Path, default=None, help="an existing dataset folder (skips --games)")
    ap.add_argument("--games", type=int, default=600, help="heuristic-bot games for the cloning data")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--lr-decay", type=float, default=1.0,
                    help="DAgger round r trains at LR × LR_DECAY ** r (1: constant)")
    ap.add_argument("--average", type=float, default=0.0,
                    help="keep a running average of the weights (decay per step, e.g. 0.999; 0: off): the "
                         "checkpoints saved, selected and shipped are the averaged weights")
    ap.add_argument("--weight-decay", type=float, default=0.0,
                    help="decoupled weight decay on the weight matrices while cloning (AdamW; 0: off)")
    ap.add_argument("--weight", action="append", default=[], metavar="DECISION=W",
                    help="weigh the loss of the rows taken at DECISION (a name of the observation's "
                         "decision one-hot, e.g. execution.play) by W; repeatable")
    ap.add_argument("--no-ties", action="store_true",
                    help="learn the heuristic bot's first-of-ties card play, not the set of equal plays")
    ap.add_argument("--init", type=Path, default=None,
                    help="start from this policy file instead of fresh weights (its metadata is kept "
                         "under 'init')")
    ap.add_argument("--dagger-rounds", type=int, default=4,
                    help="rounds of DAgger: the policy plays, the heuristic bot labels its states")
    ap.add_argument("--dagger-games", type=int, default=64, help="games per DAgger round")
    ap.add_argument("--dagger-epochs", type=int, default=2, help="epochs over all the data after a round")
    ap.add_argument("--dagger-beta", type=float, default=0.5,
                    help="round r plays the expert's action with probability BETA ** r")
    ap.add_argument("--dagger-opponents", default=",".join(DAGGER_OPPONENTS),
                    help="the policy's opponents in the DAgger games, cycled game by game")
    ap.add_argument("--keep-dagger", action="store_true",
                    help="keep each DAgger round's labelled states in OUT/dagger/round-RR.npz")
    ap.add_argument("--dagger-data", type=Path, default=None,
                    help="an earlier run's OUT/dagger folder: its rounds join the data before DAgger")
    ap.add_argument("--head-rounds", type=int, default=0,
                    help="rounds of action-head training, last: the policy plays --head-games games, "
                         "the heuristic bot labels its decisions that have action features, and the "
                         "head's weights learn them (the rest of the network frozen); 0: no head")
    ap.add_argument("--head-games", type=int, default=150, help="games per action-head round")
    ap.add_argument("--head-epochs", type=int, default=20, help="epochs over the head's data per round")
    ap.add_argument("--head-lr", type=float, default=1e-2, help="the action head's learning rate")
    ap.add_argument("--ppo-iterations", type=int, default=6)
    ap.add_argument("--ppo-episodes", type=int, default=64, help="games per PPO iteration")
    ap.add_argument("--shaping", type=float, default=0.0, help="potential-based shaping weight (0: off)")
    ap.add_argument("--select-games", type=int, default=200,
                    help="games vs greedy (the same seeds each time) to pick the best cloning or DAgger "
                         "checkpoint, then to keep PPO or not (0: keep the last)")
    ap.add_argument("--eval-games", type=int, default=500, help="evaluation games per opponent")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    t0 = cpu_seconds()

    def log(msg: str) -> None:
        if not args.json:
            print(f"[{cpu_seconds() - t0:6.0f} s CPU] {msg}", flush=True)

    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    command = "python examples/train_moonrakers.py " + " ".join(argv if argv is not None else sys.argv[1:])
    result: dict[str, Any] = {"game": GAME, "players": PLAYERS, "out": str(out), "command": command,
                              "win_rate": {}}
    table = Table(GAME, {"players": PLAYERS})
    net: Policy | None = None
    checkpoint = out / "policy.npz"
    opponents = tuple(o.strip() for o in args.dagger_opponents.split(",") if o.strip())
    make_bots(GAME, list(opponents))  # an unknown bot name fails here, not in a worker
    sel_seed = 10**9 + args.seed
    best = Best(out / "policy-best.npz")
    weigh = Weigh(table, args.weight) if args.weight else None
    average: Average | None = None

    def select(stage: str) -> None:
        """Offer the checkpoint just written to `best` (its win rate vs greedy on the selection seeds)."""
        assert net is not None
        if args.select_games <= 0:
            return
        rate = selection_rate(checkpoint, "greedy", args.select_games, sel_seed, args.workers)
        kept = best.offer(in_use(net, average), stage, rate)
        log(f"selection: {stage} wins {rate:.3f} against greedy over {args.select_games} games"
            + (" (the best so far)" if kept else f" (the best: {best.stage}, {best.rate:.3f})"))

    def save(stage: str) -> None:
        assert net is not None
        net.meta.update({"stage": stage, "figures": result})
        in_use(net, average).save(checkpoint)

    try:
        trunk = args.epochs > 0 or args.dagger_rounds > 0 or args.ppo_iterations > 0 or args.dagger_data
        if trunk or args.init is None:
            data_dir: Path | None = args.data or make_data(out, args.games, args.seed, args.workers, log)
            assert data_dir is not None
            obs, mask, act = load_bc(data_dir)
            log(f"cloning data: {len(act)} heuristic decisions with a choice")
        else:  # only the action head trains: no cloning data needed
            data_dir = args.data
            obs = np.zeros((0, table.obs_size), np.float32)
            mask = np.zeros((0, table.num_actions), bool)
            act = np.zeros(0, np.int64)
        meta = {"game": GAME, "players": PLAYERS, "config": table.config, "obs_size": table.obs_size,
                "num_actions": table.num_actions, "command": command, "seed": args.seed,
                "data": {"dataset": None if data_dir is None else str(data_dir), "decisions": int(len(act)),
                         "games": args.games if args.data is None and data_dir is not None else None,
                         "mix": [f"heuristic vs {o}: {s:.0%}" for o, s in DATA_MIX]},
                "architecture": f"{table.obs_size} → {args.hidden} → {args.hidden} → "
                                f"{table.num_actions} (ReLU)"}
        if args.init is not None:
            start = Policy.load(args.init)
            if (start.obs_size, start.num_actions) != (table.obs_size, table.num_actions):
                raise SystemExit(f"{args.init} reads {start.obs_size} floats and {start.num_actions} "
                                 f"actions; this game has {table.obs_size} and {table.num_actions}")
            meta["init"] = {"file": str(args.init), **{k: start.meta.get(k) for k in (
                "command", "stage", "data", "train_cpu_s")}}
            meta["architecture"] = (f"{table.obs_size} → {start.hidden} → {start.hidden} → "
                                    f"{table.num_actions} (ReLU)")
            if start.has_head:
                meta["action_features"] = start.meta["action_features"]
            net = Policy(start.p, meta)
        else:
            net = Policy.new(table.obs_size, table.num_actions, args.hidden, args.seed, meta)
        if args.average > 0:
            average = Average(net, args.average)
        bc = (obs, mask, act, tie_sets(act))
        if args.dagger_data is not None:  # an earlier run's DAgger rounds join the data
            kept = load_rounds(args.dagger_data, table.obs_size)
            bc = joined(bc, *kept)
            meta["data"]["dagger_data"] = {"folder": str(args.dagger_data), "rounds": len(kept),
                                           "labelled": int(sum(len(k[2]) for k in kept))}
            log(f"dagger data: {len(kept)} earlier rounds from {args.dagger_data}, "
                f"{len(bc[2])} decisions in all")
        result["bc_loss"] = behaviour_cloning(net, bc, args.epochs, args.seed, save, log, lr=args.lr,
                                              weight_decay=args.weight_decay, weigh=weigh,
                                              average=average)
        if not result["bc_loss"]:  # no cloning epochs: the checkpoint is the starting point
            save("init" if args.init is not None else "fresh weights")
        select("behaviour cloning" if result["bc_loss"] else "init")
        result["dagger"] = []
        for r in range(1, args.dagger_rounds + 1):
            in_use(net, average).save(out / "snapshot.npz")
            beta = args.dagger_beta ** r
            seed = 3 * 10**8 + args.seed * 10**5 + r * 10**4
            d = dagger_round(out / "snapshot.npz", args.dagger_games, seed, beta, args.workers, opponents)
            ties = tie_sets(d["act"], None if args.no_ties else d["alt"])
            if args.keep_dagger:
                save_round(out / "dagger", r, d["obs"], d["mask"], d["act"], ties)
            bc = joined(bc, (d["obs"], d["mask"], d["act"], ties))
            result["dagger"].append({"round": r, "beta": beta, "seeds": [seed, seed + d["games"] - 1],
                                     "labelled": int(len(d["act"])), "wins": d["wins"],
                                     "tie_sets": int((ties[:, 1] >= 0).sum()),
                                     "unfinished": d["unfinished"], "games": d["games"]})
            won = ", ".join(f"{w}/{g} vs {o}" for o, (w, g) in d["wins"].items())
            log(f"dagger round {r}/{args.dagger_rounds} (beta {beta:.3f}): won {won}, "
                f"{d['unfinished']} unfinished, {len(d['act'])} states labelled, {len(bc[2])} in all")
            behaviour_cloning(net, bc, args.dagger_epochs, args.seed + r, save, log,
                              lr=args.lr * args.lr_decay ** r, stage=f"dagger {r}", average=average,
                              weight_decay=args.weight_decay, weigh=weigh)
            select(f"dagger round {r}")
        (out / "snapshot.npz").unlink(missing_ok=True)
        if best.stage:  # keep the best checkpoint against greedy, not the last
            result["selection_rounds"] = {"opponent": "greedy", "games": args.select_games,
                                          "seeds": [sel_seed, sel_seed + args.select_games - 1],
                                          "kept": best.stage, "vs_greedy": best.history}
            net, average = Policy.load(best.path), None
            save(f"{best.stage} (the best against greedy of {len(best.history)} checkpoints)")
            log(f"kept {best.stage}: {best.rate:.3f} against greedy")
        bc_file = out / "policy-bc.npz"
        net.save(bc_file)
        if args.ppo_iterations > 0:
            opt = Adam(net.p, args.lr / 5)
            rng = np.random.default_rng(args.seed + 1)
            snapshot = out / "snapshot.npz"
            pool = ["random", "greedy", "heuristic", "self"]
            for it in range(args.ppo_iterations):
                net.save(snapshot)
                batch, mean_ret = rollouts(net, args.ppo_episodes, pool, snapshot,
                                           args.seed * 1000 + it, args.shaping)
                stats = ppo_update(net, opt, batch, bc[:3], rng)
                log(f"ppo iteration {it + 1}/{args.ppo_iterations}: {len(batch['act'])} decisions, "
                    f"mean return {mean_ret:.3f} against the pool, clipped {stats['clipped']:.2f}, "
                    f"kl {stats['kl']:.4f}")
                save(f"ppo iteration {it + 1}")
            snapshot.unlink(missing_ok=True)
            ppo_rate = selection_rate(checkpoint, "greedy", args.select_games, sel_seed, args.workers)
            bc_rate = best.rate if best.stage else selection_rate(bc_file, "greedy", args.select_games,
                                                                   sel_seed, args.workers)
            result["selection"] = {"games": args.select_games, "ppo_vs_greedy": ppo_rate,
                                   "bc_vs_greedy": bc_rate}
            log(f"selection over {args.select_games} games vs greedy: PPO {ppo_rate}, "
                f"cloning alone {bc_rate}")
            if ppo_rate is not None and bc_rate is not None and bc_rate > ppo_rate:
                net = Policy.load(bc_file)
                result["kept"] = "behaviour cloning"
            else:
                result["kept"] = "ppo"
            save(f"final ({result['kept']})")
        if args.head_rounds > 0:  # the action head, last, the rest of the network frozen
            spec = feature_spec(table.encoder)
            if spec is None:
                raise SystemExit(f"{GAME}'s encoder gives no action features")
            average = None
            if not net.has_head:
                net = net.with_head(*spec)
                net.meta["architecture"] += f" + an action head ({', '.join(spec[1])})"
            result["head"] = []
            parts: list[dict[str, Any]] = []
            for r in range(1, args.head_rounds + 1):
                net.save(out / "snapshot.npz")
                seed = 4 * 10**8 + args.seed * 10**5 + r * 10**4
                parts.append(head_round(out / "snapshot.npz", args.head_games, seed, args.workers, opponents))
                d = {k: np.concatenate([q[k] for q in parts]) for k in ("obs", "mask", "feat", "act", "alt")}
                ties = tie_sets(d["act"], None if args.no_ties else d["alt"])
                won = ", ".join(f"{w}/{g} vs {o}" for o, (w, g) in parts[-1]["wins"].items())
                log(f"action head round {r}/{args.head_rounds}: won {won}, "
                    f"{len(parts[-1]['act'])} states labelled")
                train_head(net, (d["obs"], d["mask"], d["feat"], d["act"], ties), args.head_epochs,
                           args.head_lr, args.seed + r, log, f"action head {r}")
                result["head"].append({"round": r, "seeds": [seed, seed + args.head_games - 1],
                                       "labelled": int(len(parts[-1]["act"])), "wins": parts[-1]["wins"]})
                save(f"action head round {r}")
                select(f"action head round {r}")
            (out / "snapshot.npz").unlink(missing_ok=True)
            if best.stage:  # the selection's best: a head round, or the network before the head
                net = Policy.load(best.path)
                save(f"{best.stage} (the best against greedy of {len(best.history)} checkpoints)")
                log(f"kept {best.stage}: {best.rate:.3f} against greedy")
    except KeyboardInterrupt:
        log(f"interrupted: the last checkpoint is {checkpoint}" if checkpoint.is_file() else "interrupted")
        result["interrupted"] = True
    result["train_cpu_s"] = round(cpu_seconds() - t0, 1)
    if checkpoint.is_file() and not result.get("interrupted"):
        t1 = cpu_seconds()
        for k, opponent in enumerate(("random", "greedy")):
            rate = win_rate(checkpoint, opponent, args.eval_games, 2 * 10**9 + 10**6 * k + args.seed,
                            args.workers)
            result["win_rate"][opponent] = None if rate is None else round(rate, 4)
            if rate is not None:
                log(f"win rate against {opponent} over {args.eval_games} games (seats rotating): {rate:.3f}")
        result["eval_cpu_s"] = round(cpu_seconds() - t1, 1)
        if net is not None:
            save(str(net.meta.get("stage")))
    if args.json:
        print(json.dumps(result))
    return result


def interruptible() -> None:
    """SIGINT raises KeyboardInterrupt even when the shell started this script in the background
    with SIGINT ignored (as a non-interactive shell does with ``&``), and SIGTERM does too: either
    stops the run at once and keeps the last checkpoint."""
    import signal

    def stop(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, stop)


if __name__ == "__main__":
    interruptible()
    main()
