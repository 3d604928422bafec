"""How well Space Lanes' search evaluation predicts who wins, against one fitted on game outcomes.

`SpaceLanesState.heuristic_value()` (`spacelanes.evaluation.win_chances`, docs/bots.md) scores the
positions where mcts cuts its rollouts short. This script plays 2-player games of the `heuristic` bot
against itself and, at about `--rate` of the decisions of the main phase, takes the position as mcts
would score it: a `determinize` for the deciding seat (its own Goal true, the other one sampled), then
0–12 decisions of the `greedy` rollout policy. Each position is labelled with the game's winner (L21).

It then compares, on the games of `--test-seed` (never fitted on):

- the evaluation as it stands (log loss and the share of positions where the likelier seat won);
- a softmax of a linear score per seat over the `FEATURES` below, fitted by Newton's method on the
  games of `--seed` (one set of weights for every seat: what the evaluation can do without knowing who
  the copy was determinized for);
- the same with two sets of weights, one for the deciding seat's own features and one for the other
  seat's (what an evaluation told the observing seat could do).

    SPACETABLE_BUILD=compiled .venv/bin/python benchmarks/spacelanes_evaluation_fit.py --games 2000

About 40 ms a game on the compiled build. Needs NumPy (the `dev` or `rl` extra).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

from spacetable.bots.base import Bot, make_bot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.spacelanes import evaluation as ev
from spacetable.games.spacelanes import goals
from spacetable.games.spacelanes.common import GOALS
from spacetable.sim.setup import load_game

FEATURES = ("standing", "wealth", "reached", "credits", "progress", "hold", "credits_goal", "standing^4",
            "wealth^2", "hand")
"""Per seat: `evaluation.standing`, `evaluation.wealth` / the Tycoon target, Goal reached (0/1), credits /
target, `goals.progress` (the plain L21 fraction), units in the hold / 10, a credits Goal (0/1),
standing⁴, (wealth / target)², cards in hand / 10 (at most 10, L5)."""
ROLLOUT = 12
"""At most this many greedy decisions after the determinization (mcts's rollout horizon)."""


def features(s: Any, q: int) -> list[float]:
    top = ev.best_prices(s)
    scale = float(next(g for g in GOALS if g.kind == "credits").target_for(s.n, s.exploration))
    st = ev.standing(s, q, top)
    w = ev.wealth(s, q, top) / scale
    return [st, w, 1.0 if st >= 1.0 else 0.0, s.credits[q] / scale, goals.progress(s, q),
            sum(s.cargo[q]) / 10.0, 1.0 if GOALS[s.goal[q]].kind == "credits" else 0.0, st ** 4, w * w,
            min(len(s.hand[q]), ev.HAND_CARDS) / 10.0]


def positions(seed: int, games: int, rate: float) -> list[dict[str, Any]]:
    """Labelled positions of `games` heuristic-bot games from `seed` (seed + i for game i)."""
    spec = load_game("spacelanes")
    pick = random.Random(seed)
    rows: list[dict[str, Any]] = []
    for i in range(games):
        state = spec.new_game({"players": 2}, seed + i)
        bots: list[Bot] = [make_bot("spacelanes", "heuristic") for _ in range(2)]
        roll = make_bot("spacelanes", "greedy")
        rng, brng = Rng(seed + i), Rng((seed + i) * 7 + 1)
        taken: list[dict[str, Any]] = []
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.sample_chance()
                continue
            if state.phase == 2 and pick.random() < rate:
                d = state.determinize(p, brng)
                for _ in range(pick.randrange(ROLLOUT + 1)):
                    while d.current_player() == CHANCE:
                        d.sample_chance()
                    if d.is_terminal():
                        break
                    c = d.current_player()
                    d.apply_fast(roll.choose(d, c, brng))
                if not d.is_terminal():
                    taken.append({"observer": p, "f": [features(d, q) for q in range(2)],
                                  "now": d.heuristic_value()[0]})
            state.apply_fast(bots[p].choose(state, p, rng))
        won = state.winners()
        if len(won) != 1:
            continue
        for r in taken:
            r["y"] = 1.0 if won[0] == 0 else 0.0
        rows += taken
    return rows


def fit(d: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Logistic regression without intercept (Newton's method, a small L2 term)."""
    w = np.zeros(d.shape[1])
    for _ in range(40):
        p = 1.0 / (1.0 + np.exp(-(d @ w)))
        g = d.T @ (p - y) / len(y) + l2 * w
        h = (d * (p * (1 - p))[:, None]).T @ d / len(y) + l2 * np.eye(len(w))
        w -= np.linalg.solve(h, g)
    return w


def designs(rows: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(one-weight-set design, observer/other design, labels, the evaluation's seat-0 chance)."""
    f = np.array([r["f"] for r in rows])
    obs = np.array([r["observer"] for r in rows])
    idx = np.arange(len(rows))
    sign = np.where(obs == 0, 1.0, -1.0)[:, None]
    split = np.concatenate([sign * f[idx, obs], -sign * f[idx, 1 - obs]], 1)
    return f[:, 0] - f[:, 1], split, np.array([r["y"] for r in rows]), np.array([r["now"] for r in rows])


def report(name: str, p: np.ndarray, y: np.ndarray) -> None:
    q = np.clip(p, 1e-6, 1 - 1e-6)
    loss = float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q)))
    right = float(np.mean((p > 0.5) == (y > 0.5)))
    print(f"{name:<34} log loss {loss:.4f}   likelier seat won {right:.1%}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games to fit on, and as many to test on")
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--test-seed", type=int, default=200000)
    ap.add_argument("--rate", type=float, default=0.04, help="share of decisions taken as positions")
    a = ap.parse_args()
    t = time.perf_counter()
    train, test = positions(a.seed, a.games, a.rate), positions(a.test_seed, a.games, a.rate)
    print(f"{len(train)} positions to fit, {len(test)} to test ({time.perf_counter() - t:.0f} s); "
          f"a coin scores log loss {np.log(2):.4f}")
    one, split, y, now = designs(train)
    w1, w2 = fit(one, y), fit(split, y)
    one_t, split_t, y_t, now_t = designs(test)
    report("the evaluation (win_chances)", now_t, y_t)
    report("fitted, one set of weights", 1 / (1 + np.exp(-(one_t @ w1))), y_t)
    report("fitted, observer and other seat", 1 / (1 + np.exp(-(split_t @ w2))), y_t)
    k = len(FEATURES)
    print(f"{'feature':<14}{'one set':>9}{'observer':>10}{'other':>9}")
    for i, name in enumerate(FEATURES):
        print(f"{name:<14}{w1[i]:9.3f}{w2[i]:10.3f}{w2[k + i]:9.3f}")


if __name__ == "__main__":
    import clear_errors

    clear_errors.run(main)
