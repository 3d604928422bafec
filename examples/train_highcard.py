"""Train a small Highcard agent through `spacetable.rl.gymnasium_env` with NumPy only, then report its
win rate against bots (docs/rl.md, "Training example").

The agent is a one-hidden-layer network mapping the observation tensor to a value for each action
index; it learns by Monte Carlo control: play an episode ε-greedily over the legal actions (the
action mask), then regress the value of each chosen action towards the episode's return (1 win,
0.5 shared, 0 loss, H7). It trains in both seats against the registry's ``random`` bot and is then
measured, greedy over its values, against the registry's ``random`` and ``greedy`` bots and the
generic search bot ``mcts``.

    .venv/bin/python examples/train_highcard.py [--episodes 60000] [--games 2000] [--mcts-games 100]
        [--seed 0] [--save qnet.npz] [--json]

The trained network is saved (``--save``) before any evaluation, and an opponent given 0 games is
not measured (its win rate is null), so nothing after training can lose the result.

Needs numpy and gymnasium (the ``rl`` extra); nothing else.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.rl import gymnasium_env
from spacetable.rl.observations import encoder_for
from spacetable.rl.table import adapter_config
from spacetable.sim.setup import make_bots

GAME = "highcard"


class QNet:
    """obs → ReLU hidden layer → one value per action index; trained with Adam on squared error."""

    def __init__(self, n_in: int, n_out: int, hidden: int, rng: np.random.Generator, lr: float) -> None:
        self.p = {"w1": rng.normal(0, np.sqrt(2 / n_in), (n_in, hidden)), "b1": np.zeros(hidden),
                  "w2": rng.normal(0, np.sqrt(1 / hidden), (hidden, n_out)), "b2": np.full(n_out, 0.5)}
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.lr, self.t = lr, 0

    def values(self, obs: np.ndarray) -> np.ndarray:
        h = np.maximum(obs @ self.p["w1"] + self.p["b1"], 0.0)
        out: np.ndarray = h @ self.p["w2"] + self.p["b2"]
        return out

    def train(self, obs: np.ndarray, actions: np.ndarray, targets: np.ndarray) -> float:
        h_pre = obs @ self.p["w1"] + self.p["b1"]
        h = np.maximum(h_pre, 0.0)
        q = h @ self.p["w2"] + self.p["b2"]
        rows = np.arange(len(actions))
        err = q[rows, actions] - targets
        dq = np.zeros_like(q)
        dq[rows, actions] = 2 * err / len(actions)
        dh = (dq @ self.p["w2"].T) * (h_pre > 0)
        grads = {"w2": h.T @ dq, "b2": dq.sum(0), "w1": obs.T @ dh, "b1": dh.sum(0)}
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            mh = self.m[k] / (1 - 0.9 ** self.t)
            vh = self.v[k] / (1 - 0.999 ** self.t)
            self.p[k] -= self.lr * mh / (np.sqrt(vh) + 1e-8)
        return float(np.mean(err * err))


def pick(net: QNet, obs: np.ndarray, mask: np.ndarray, eps: float, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(mask)
    if eps > 0 and rng.random() < eps:
        return int(rng.choice(legal))
    q = net.values(obs)
    return int(legal[np.argmax(q[legal])])


def train(episodes: int, seed: int, players: int = 2, batch: int = 16, hidden: int = 128,
          log: Any = None) -> QNet:
    """Monte Carlo control against random bots, alternating seats."""
    rng = np.random.default_rng(seed)
    envs = [gymnasium_env(GAME, opponents="random", seat=s, players=players) for s in range(players)]
    net = QNet(envs[0].observation_space.shape[0], envs[0].action_space.n, hidden, rng, lr=1e-3)
    xs: list[np.ndarray] = []
    acts: list[int] = []
    rets: list[float] = []
    wins = 0.0
    for ep in range(episodes):
        eps = max(0.02, 1.0 - ep / (0.25 * episodes))
        env = envs[ep % players]
        obs, info = env.reset(seed=seed * 1_000_003 + ep)
        start = len(xs)
        while True:
            a = pick(net, obs, info["action_mask"], eps, rng)
            xs.append(obs)
            acts.append(a)
            obs, reward, term, trunc, info = env.step(a)
            if term or trunc:
                rets.extend([float(reward)] * (len(xs) - start))
                wins += float(reward)
                break
        if (ep + 1) % batch == 0:
            net.train(np.asarray(xs), np.asarray(acts), np.asarray(rets))
            xs, acts, rets = [], [], []
        if log is not None and (ep + 1) % (episodes // 10 or 1) == 0:
            log(f"  episode {ep + 1:>6}: ε {eps:.2f}, win rate in training (last tenth) "
                f"{wins / (episodes // 10 or 1):.3f}")
            wins = 0.0
    return net


def evaluate(net: QNet, opponent: str, games: int, seed: int, players: int = 2) -> float | None:
    """The agent's mean return (win rate, shared wins split) over `games`, seats alternating; None
    for zero games."""
    if games <= 0:
        return None
    _, config, _ = adapter_config(GAME, {"players": players})
    enc = encoder_for(GAME, config)
    from spacetable.sim.setup import load_game

    spec = load_game(GAME)
    total = 0.0
    for g in range(games):
        me = g % players
        state = spec.new_game(dict(config), 10**9 + seed * 100_003 + g)
        bots = make_bots(GAME, [opponent] * players)
        rng = Rng(g)
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.sample_chance()
            elif p == me:
                obs = np.asarray(enc.encode(state.view(p).to_json()), dtype=np.float32)
                mask = np.asarray(state.action_mask())
                state.apply_fast(state.space[pick(net, obs, mask, 0.0, np.random.default_rng())])
            else:
                state.apply_fast(bots[p].choose(state, p, rng))
        total += state.returns()[me]
    return total / games


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--episodes", type=int, default=60_000)
    ap.add_argument("--games", type=int, default=2000, help="evaluation games per opponent")
    ap.add_argument("--mcts-games", type=int, default=100, help="evaluation games against mcts (slower)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", default=None, help="write the trained network's weights to this .npz")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    log = None if args.json else print
    t0 = time.process_time()
    if log:
        log(f"training on {GAME} (2 players) for {args.episodes} episodes against random bots")
    net = train(args.episodes, args.seed, log=log)
    t1 = time.process_time()
    result: dict[str, Any] = {"game": GAME, "players": 2, "episodes": args.episodes,
                              "train_cpu_s": round(t1 - t0, 1), "win_rate": {}}
    if args.save:
        arrays: dict[str, Any] = dict(net.p)  # typed loosely: numpy's stubs read a key as `allow_pickle`
        np.savez(args.save, **arrays)
        result["saved"] = args.save
    for opponent, games in (("random", args.games), ("greedy", args.games), ("mcts", args.mcts_games)):
        rate = evaluate(net, opponent, games, args.seed)
        result["win_rate"][opponent] = None if rate is None else round(rate, 3)
        if log:
            log(f"win rate against {opponent:<6} over {games} games: "
                + ("not measured" if rate is None else f"{rate:.3f}"))
    result["eval_cpu_s"] = round(time.process_time() - t1, 1)
    if args.json:
        print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
