"""A small masked policy network on NumPy alone, and its file format (docs/rl.md, "Policies").

The network maps one seat's observation tensor (the adapters' encoder, `spacetable.rl.observations`) to
one logit per action index: two ReLU hidden layers, then a policy head (logits) and a value head (the
seat's expected return, used by PPO while training). Illegal indices are masked out before the
softmax or the argmax, so a policy never picks an illegal action.

A policy may also score some actions from features of the action itself (an *action head*, format
version 2): the encoder names the actions that carry features and the features' names
(`feature_actions`, `feature_names`), and gives each of those actions a row of features at the
decisions where it has them. Such an action's logit gains ``f · (fu + h2 @ fv)``: a learned weight per
feature, shifted by the hidden state ``h2`` (so the situation decides how much a feature counts).
Elsewhere the features are zero and the head adds nothing.

A policy file is a NumPy ``.npz`` archive holding only numeric arrays (``w1 b1 w2 b2 wp bp wv bv``,
and ``fu fv`` with an action head) and ``meta``: a JSON document as a 0-d unicode array (game,
players, config, sizes, the training command and data, figures; with a head, ``action_features``:
the actions and feature names it was trained with). It loads with ``allow_pickle=False``, so opening
a file from anywhere runs no code. Inference needs NumPy only.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np

from spacetable.engine.errors import ConfigError

FORMAT = "spacetable-policy"
VERSION = 2
"""The version written with an action head; a file without one is written as version 1 (which every
reader of this format reads). This build reads both."""
VERSIONS = (1, 2)
LAYERS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")
HEAD = ("fu", "fv")
NEG = np.float32(-1e9)
Array = np.ndarray[Any, Any]


class Policy:
    """``obs → ReLU(w1) → ReLU(w2) → logits (wp), value (wv)``; float32 weights."""

    def __init__(self, params: dict[str, Array], meta: dict[str, Any]) -> None:
        keys = LAYERS + HEAD if all(k in params for k in HEAD) else LAYERS
        self.p = {k: np.asarray(params[k], dtype=np.float32) for k in keys}
        self.meta = meta
        self.obs_size = int(self.p["w1"].shape[0])
        self.num_actions = int(self.p["wp"].shape[1])
        self.hidden = int(self.p["w1"].shape[1])
        spec = meta.get("action_features") if self.has_head else None
        self.feature_actions: Array = np.asarray(
            spec["actions"] if isinstance(spec, dict) else [], dtype=np.int64)
        """The action indices whose logits the head scores (empty without a head)."""

    @property
    def has_head(self) -> bool:
        return "fu" in self.p

    def with_head(self, actions: list[int], names: list[str]) -> Policy:
        """This network with a new action head over `actions` and features `names` (zero weights: it
        plays exactly as before until the head is trained)."""
        params = dict(self.p)
        params["fu"] = np.zeros(len(names), np.float32)
        params["fv"] = np.zeros((self.hidden, len(names)), np.float32)
        meta = {**self.meta, "action_features": {"actions": [int(a) for a in actions],
                                                 "names": list(names)}}
        return Policy(params, meta)

    @classmethod
    def new(cls, obs_size: int, num_actions: int, hidden: int, seed: int, meta: dict[str, Any]) -> Policy:
        """A freshly initialised network (He-scaled hidden layers, small output layers)."""
        rng = np.random.default_rng(seed)

        def he(n_in: int, n_out: int, scale: float = 1.0) -> Array:
            return rng.normal(0.0, scale * math.sqrt(2.0 / n_in), (n_in, n_out)).astype(np.float32)

        params = {"w1": he(obs_size, hidden), "b1": np.zeros(hidden, np.float32),
                  "w2": he(hidden, hidden), "b2": np.zeros(hidden, np.float32),
                  "wp": he(hidden, num_actions, 0.05), "bp": np.zeros(num_actions, np.float32),
                  "wv": he(hidden, 1, 0.05), "bv": np.zeros(1, np.float32)}
        return cls(params, meta)

    # ----- inference --------------------------------------------------------------------------
    def hidden_layers(self, obs: Array) -> tuple[Array, Array]:
        p = self.p
        h1 = np.maximum(obs @ p["w1"] + p["b1"], 0.0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0.0)
        return h1, h2

    def forward(self, obs: Array, features: Array | None = None) -> tuple[Array, Array]:
        """(logits, values) of a batch of observations (rows); `features` (rows × feature actions ×
        features, or None where no row has any) feed the action head when there is one."""
        _, h2 = self.hidden_layers(obs)
        logits = h2 @ self.p["wp"] + self.p["bp"]
        if features is not None and self.has_head:
            logits[:, self.feature_actions] += self.head_scores(h2, features)
        return logits, (h2 @ self.p["wv"] + self.p["bv"])[:, 0]

    def head_scores(self, h2: Array, features: Array) -> Array:
        """What the action head adds to each feature action's logit: ``f · (fu + h2 @ fv)``."""
        weights = h2 @ self.p["fv"] + self.p["fu"]
        scores: Array = np.einsum("bmk,bk->bm", features, weights)
        return scores

    def probabilities(self, obs: Array, mask: Array, features: Array | None = None) -> Array:
        """The masked softmax over action indices (0 where `mask` is false) of each row."""
        logits, _ = self.forward(np.atleast_2d(obs), features)
        return masked_softmax(logits, np.atleast_2d(mask))

    def act(self, obs: Array, mask: Array, features: Array | list[list[float]] | None = None) -> int:
        """The most probable legal index for one observation (`features`: its feature actions'
        rows, or None); `ConfigError` when nothing is legal."""
        m = np.asarray(mask, dtype=bool)
        if not m.any():
            raise ConfigError("the policy was asked to act where no action is legal")
        f = None if features is None else np.asarray(features, dtype=np.float32)[None]
        logits, _ = self.forward(np.asarray(obs, dtype=np.float32)[None, :], f)
        return int(np.argmax(np.where(m, logits[0], NEG)))

    # ----- files ------------------------------------------------------------------------------
    def save(self, path: str | Path) -> Path:
        """Write the ``.npz`` file (atomically: a temporary name, then renamed)."""
        path = Path(path)
        meta = {**self.meta, "format": FORMAT, "version": VERSION if self.has_head else 1}
        tmp = path.with_name(f".{path.name}.tmp.npz")
        arrays: dict[str, Any] = dict(self.p)
        arrays["meta"] = np.array(json.dumps(meta, sort_keys=True))
        np.savez_compressed(tmp, **arrays)
        tmp.replace(path)
        return path

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        """Read a policy file; `ConfigError` naming the file for anything that is not one."""
        path = Path(path)
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {k: data[k] for k in data.files}
        except FileNotFoundError:
            raise ConfigError(f"no policy file {path}") from None
        except (OSError, ValueError) as e:
            raise ConfigError(f"{path} is not a policy file ({e})") from e
        missing = [k for k in (*LAYERS, "meta") if k not in arrays]
        if missing:
            raise ConfigError(f"{path} is not a policy file (no {', '.join(missing)})")
        try:
            meta = json.loads(str(arrays["meta"]))
        except ValueError as e:
            raise ConfigError(f"{path}: its metadata is not JSON ({e})") from e
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            raise ConfigError(f"{path} is not a spacetable policy (format {str(meta)[:40]!r})")
        if meta.get("version") not in VERSIONS:
            raise ConfigError(f"{path}: policy format version {meta.get('version')!r}; "
                              f"this build reads {' and '.join(map(str, VERSIONS))}")
        p = arrays
        shapes_ok = (p["w1"].ndim == 2 and p["w2"].shape == (p["w1"].shape[1],) * 2
                     and p["wp"].ndim == 2 and p["wp"].shape[0] == p["w1"].shape[1]
                     and p["wv"].shape == (p["w1"].shape[1], 1) and p["b1"].shape == (p["w1"].shape[1],)
                     and p["b2"].shape == (p["w1"].shape[1],) and p["bp"].shape == (p["wp"].shape[1],)
                     and p["bv"].shape == (1,))
        if not shapes_ok:
            raise ConfigError(f"{path}: the policy's layer shapes do not fit together")
        if any(k in p for k in HEAD):
            spec = meta.get("action_features")
            ok = (all(k in p for k in HEAD) and isinstance(spec, dict)
                  and isinstance(spec.get("actions"), list) and isinstance(spec.get("names"), list)
                  and all(isinstance(a, int) and 0 <= a < p["wp"].shape[1] for a in spec["actions"])
                  and p["fu"].shape == (len(spec["names"]),)
                  and p["fv"].shape == (p["w1"].shape[1], len(spec["names"])))
            if not ok:
                raise ConfigError(f"{path}: the policy's action head (fu, fv and action_features in its "
                                  f"metadata) does not fit together")
        return cls(arrays, meta)


def masked_softmax(logits: Array, mask: Array) -> Array:
    """Row-wise softmax over the indices where `mask` is true (each row needs one)."""
    z = np.where(mask, logits, NEG)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z) * mask
    out: Array = e / np.maximum(e.sum(axis=1, keepdims=True), 1e-30)
    return out
