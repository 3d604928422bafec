"""Action features and the policy's action head (docs/rl.md, "Action features").

While a seat plays cards in a contract's execution (3.4), Moonrakers' encoder gives each card play
the chance of meeting what is still missing alone after it (the advisor's exact search over the
seat's own hand, draw-pile contents and discard: 1.2, the pile's order unknown), and passing the best
of those chances. The features come from the seat's view only, so they never change when what it
cannot see is resampled; a policy file with an action head is format version 2 and is checked at load.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from spacetable.engine.errors import ConfigError
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import advisor
from spacetable.rl.obs_moonrakers import FEATURE_ACTIONS, FEATURE_NAMES, NCARD
from spacetable.rl.observations import encoder_for, feature_spec, seat_inputs
from spacetable.rl.policy import Policy
from spacetable.rl.policy_bot import PolicyBot
from spacetable.sim.setup import load_game, make_bots
from tests.rl.test_rl_policy import example

CHANCE_F, BEST_F, BLOCKS_F, BEST_CHANCE_F, HOPELESS_F = range(len(FEATURE_NAMES))


def execution_plays(seed: int, wanted: int) -> list[State]:
    """States of heuristic-bot games where a seat chooses a card to play in a contract's execution."""
    spec = load_game("moonrakers")
    bots = make_bots("moonrakers", ["heuristic", "heuristic"])
    out: list[State] = []
    while len(out) < wanted:
        state = spec.new_game({"players": 2}, seed)
        rng = Rng(seed)
        while not state.is_terminal() and len(out) < wanted:
            p = state.current_player()
            if p == CHANCE:
                state.sample_chance()
                continue
            if state.decision_name() == "execution.play" and len(state.legal_actions()) > 1:
                out.append(state.copy())
            state.apply_fast(bots[p].choose(state, p, rng))
        seed += 1
    return out


def test_card_plays_carry_their_exact_chance_from_the_seats_own_cards() -> None:
    """Each legal card play's row holds the advisor's chance for that card, `best` marks the highest
    chance above 0, `blocks` the hazard icons the card can block / 2 (3.4.8); passing's row holds the
    best chance and whether every chance is 0. Other seats' rows and other decisions have none."""
    enc: Any = encoder_for("moonrakers", {"players": 2, "expansions": [], "modules": []})
    assert feature_spec(enc) == (list(FEATURE_ACTIONS), list(FEATURE_NAMES))
    assert FEATURE_ACTIONS[:NCARD] == tuple(a.index for a in A.PLAY)
    assert FEATURE_ACTIONS[NCARD] == A.PASS.index
    featured = hopeless = 0
    for state in execution_plays(11, 40):
        p = state.current_player()
        view = state.view(p).to_json()
        rows = enc.action_features(view)
        assert enc.action_features(state.view(1 - p).to_json()) is None  # not the other seat's decision
        got = advisor.play_chances_view(view)
        if got is None or not got[1]:
            assert rows is None
            continue
        assert rows is not None and len(rows) == len(FEATURE_ACTIONS)
        chances = {A.CARD_ID[slug]: c for slug, c in got[0].items()}
        best = max(chances.values())
        for c, row in enumerate(rows[:NCARD]):
            assert row[CHANCE_F] == pytest.approx(chances.get(c, 0.0))
            assert row[BEST_F] == float(c in chances and best > 0 and chances[c] >= best - 1e-9)
        hand = {A.CARD_ID[s] for s in view["players"][p]["hand"]}
        assert all(rows[c][BLOCKS_F] == 0.0 for c in range(NCARD) if c not in hand)
        assert rows[NCARD][BEST_CHANCE_F] == pytest.approx(best)
        assert rows[NCARD][HOPELESS_F] == float(best <= 0)
        assert rows[NCARD][:BEST_CHANCE_F] == [0.0] * BEST_CHANCE_F
        featured += 1
        hopeless += best <= 0
    assert featured >= 20 and 0 < hopeless < featured
    first = load_game("moonrakers").new_game({"players": 2}, 3)
    while first.current_player() == CHANCE:
        first.sample_chance()
    assert enc.action_features(first.view(first.current_player()).to_json()) is None  # set-up: none


def test_action_features_never_change_when_hidden_cards_are_resampled() -> None:
    """The features read the seat's view only: resampling the other hand and every deck order
    (`determinize`) leaves them, and the tensor, exactly as they were."""
    enc = encoder_for("moonrakers", {"players": 2, "expansions": [], "modules": []})
    checked = 0
    for k, state in enumerate(execution_plays(23, 25)):
        p = state.current_player()
        obs, rows = seat_inputs(enc, state, p, True)
        for trial in range(3):
            other = state.determinize(p, Rng(100 * k + trial))
            assert seat_inputs(enc, other, p, True) == (obs, rows)
        checked += rows is not None
    assert checked >= 10


def tiny_head_policy(seed: int = 0) -> Policy:
    enc = encoder_for("moonrakers", {"players": 2, "expansions": [], "modules": []})
    spec = feature_spec(enc)
    assert spec is not None
    net = Policy.new(enc.layout.size, load_game("moonrakers").num_actions, 16, seed,
                     {"game": "moonrakers", "players": 2})
    return net.with_head(*spec)


def test_a_policy_file_with_an_action_head_is_version_2_and_checked(tmp_path: Path) -> None:
    """A new head adds nothing until trained; files without one stay version 1; a head whose parts do
    not fit, or an unknown version, is refused with the file named."""
    plain = Policy.new(8, 50, 4, 1, {"game": "moonrakers", "players": 2})
    headed = plain.with_head([3, 7, 9], ["a", "b"])
    obs = np.random.default_rng(2).normal(size=(4, 8)).astype(np.float32)
    feats = np.random.default_rng(3).normal(size=(4, 3, 2)).astype(np.float32)
    assert np.array_equal(headed.forward(obs, feats)[0], plain.forward(obs)[0])
    headed.p["fu"][:] = [1.0, -2.0]
    logits = headed.forward(obs, feats)[0]
    want = plain.forward(obs)[0]
    want[:, [3, 7, 9]] += feats @ np.array([1.0, -2.0], np.float32)
    assert np.allclose(logits, want, atol=1e-5)
    mask = np.zeros(50, bool)
    mask[[3, 7, 9, 20]] = True
    assert headed.act(obs[0], mask, feats[0]) == int(np.argmax(np.where(mask, logits[0], -1e9)))

    for net, version in ((plain, 1), (headed, 2)):
        path = net.save(tmp_path / f"v{version}.npz")
        with np.load(path, allow_pickle=False) as z:
            assert f'"version": {version}' in str(z["meta"])
        back = Policy.load(path)
        assert back.has_head == (version == 2)
        assert np.allclose(back.forward(obs, feats)[0], net.forward(obs, feats)[0])
    assert list(Policy.load(tmp_path / "v2.npz").feature_actions) == [3, 7, 9]

    def broken(name: str, **change: Any) -> Path:
        with np.load(tmp_path / "v2.npz", allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
        arrays.update(change)
        path = tmp_path / name
        np.savez(path, **arrays)
        return path

    with pytest.raises(ConfigError, match="action head"):
        Policy.load(broken("short.npz", fv=np.zeros((4, 3), np.float32)))
    with pytest.raises(ConfigError, match="action head"):
        Policy.load(broken("far.npz", meta=np.array(str(np.load(tmp_path / "v2.npz")["meta"])
                                                     .replace("[3, 7, 9]", "[3, 7, 90]"))))
    with pytest.raises(ConfigError, match="version 3"):
        Policy.load(broken("v3.npz", meta=np.array(str(np.load(tmp_path / "v2.npz")["meta"])
                                                    .replace('"version": 2', '"version": 3'))))


def test_the_policy_bot_refuses_a_head_this_encoder_cannot_feed(tmp_path: Path) -> None:
    net = tiny_head_policy()
    good = net.save(tmp_path / "good.npz")
    bot = PolicyBot(str(good))
    bot.check("moonrakers", {"players": 2, "expansions": [], "modules": []})
    net.meta["action_features"]["names"] = ["chance", "luck", "blocks", "best_chance", "hopeless"]
    bad = Policy(net.p, net.meta).save(tmp_path / "bad.npz")
    with pytest.raises(ConfigError, match="action_features"):
        PolicyBot(str(bad)).check("moonrakers", {"players": 2, "expansions": [], "modules": []})


def test_head_gradients_match_finite_differences_and_training_learns_a_feature_rule() -> None:
    """`head_gradients` is the exact gradient of the set loss in ``fu`` and ``fv``; trained on labels
    that follow one feature (the action whose feature 0 is highest), the head learns the rule."""
    train = example("train_moonrakers")
    rng = np.random.default_rng(5)
    net = Policy.new(6, 12, 5, 4, {}).with_head([2, 4, 6, 8], ["x", "y"])
    rows = 400
    obs = rng.normal(size=(rows, 6)).astype(np.float32)
    feat = rng.random((rows, 4, 2)).astype(np.float32)
    mask = np.zeros((rows, 12), bool)
    mask[:, [2, 4, 6, 8, 10]] = True
    actions = np.array([2, 4, 6, 8])[np.argmax(feat[:, :, 0], axis=1)]
    ties = train.tie_sets(actions)
    _, h2 = net.hidden_layers(obs)
    base = h2 @ net.p["wp"] + net.p["bp"]
    net.p["fu"][:] = [0.3, -0.2]
    net.p["fv"][:] = rng.normal(0, 0.1, net.p["fv"].shape)
    grads, loss, _ = train.head_gradients(net, h2[:8], base[:8], mask[:8], feat[:8], actions[:8], ties[:8])
    for key, at in (("fu", (1,)), ("fv", (2, 0))):
        old = float(net.p[key][at])
        eps = 1e-2
        net.p[key][at] = old + eps
        up = train.head_gradients(net, h2[:8], base[:8], mask[:8], feat[:8], actions[:8], ties[:8])[1]
        net.p[key][at] = old - eps
        down = train.head_gradients(net, h2[:8], base[:8], mask[:8], feat[:8], actions[:8], ties[:8])[1]
        net.p[key][at] = old
        assert grads[key][at] == pytest.approx((up - down) / (2 * eps), rel=0.05, abs=1e-4)
    logged: list[str] = []
    before = train.head_gradients(net, h2, base, mask, feat, actions, ties)
    losses = train.train_head(net, (obs, mask, feat, actions, ties), 30, 0.05, 0, logged.append, "t")
    after = train.head_gradients(net, h2, base, mask, feat, actions, ties)
    assert losses[-1] < losses[0] and after[1] < before[1] / 2
    assert before[2] < 0.6 and after[2] > 0.9
    assert "held-out loss" in logged[-1]


def test_head_games_label_only_the_decisions_that_have_features(tmp_path: Path) -> None:
    """The head's data: execution card plays of the policy's seat, each with a feature row per
    feature action, the heuristic bot's legal choice as the label; the policy plays its own move."""
    train = example("train_moonrakers")
    path = tiny_head_policy(1).save(tmp_path / "p.npz")
    d = train.head_games(str(path), [40, 41], ("greedy",))
    n = len(d["act"])
    assert n > 5 and d["feat"].shape == (n, len(FEATURE_ACTIONS), len(FEATURE_NAMES))
    assert d["mask"][np.arange(n), d["act"]].all()
    assert (d["feat"][:, NCARD, BEST_CHANCE_F:] != 0).any(axis=1).all()  # each row: features present
    table_enc = encoder_for("moonrakers", {"players": 2, "expansions": [], "modules": []})
    col = table_enc.layout["decision"].start
    from spacetable.rl.obs_moonrakers import DECISIONS

    assert (d["obs"][:, col + DECISIONS.index("execution.play")] == 1.0).all()
    assert sum(d["wins"]["greedy"]) >= 1 and d["wins"]["greedy"][1] == 2
